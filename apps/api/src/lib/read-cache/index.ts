/**
 * The read cache (docs/decisions/009-read-cache.md, 029-long-lived-read-cache.md): the store
 * (store.ts), the plugin that empties it on writes (plugin.ts), the answers sent from it with
 * their HTTP caching headers (http.ts), what server-rendered pages are made of (page-sources.ts)
 * and the small values reads keep in it (kept.ts).
 */
export { ALL, READ_CACHE_SCOPES, ReadCache, entityTag, offerTag } from './store';
export {
  READ_CACHE_CHANNEL,
  changesReadCache,
  registerReadCache,
  type ReadCacheOptions,
} from './plugin';
export { sendCached, sendCachedBody, sharedValue } from './http';
export { collectReadSources, tagRead } from './page-sources';
export { keptValues, type KeptValues } from './kept';
export { registerWarmStart, WARM_SAVE_INTERVAL_MS } from './warm';
