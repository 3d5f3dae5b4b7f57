import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { listen } from '../../db/notify';
import { isSuccessfulWrite, isWriteMethod, writeScopes } from '../../db/read-routing';
import { sendBody } from './http';
import { noteReadSources, pageSources } from './page-sources';
import { ALL, type ReadCache } from './store';

/** The PostgreSQL channel on which writes name the scopes they changed (registerReadCache). */
export const READ_CACHE_CHANNEL = 'trustlinks_read_cache';

/** A notification's payload stays under PostgreSQL's 8,000 bytes; a longer list empties all. */
const MAX_PAYLOAD = 7_000;

/**
 * How long each write's scopes stay in read_cache_changes: an answer an instance kept as it
 * stopped is kept again by the next one only if it was current less than this long ago
 * (warm.ts, docs/decisions/058-kept-answers.md).
 */
export const CHANGES_KEPT_MS = 60 * 60_000;
/** How often an instance deletes the changes older than CHANGES_KEPT_MS (with a write). */
const CHANGES_PRUNED_EVERY_MS = 60_000;

export interface ReadCacheOptions {
  /** The database whose LISTEN/NOTIFY carries writes to the other instances. */
  database?: Database;
  /** How far behind the read replica may be (REPLICA_MAX_LAG_MS); none: 0. */
  replicaLagMs?: number;
  /** Visitors' answers: `max-age` and `stale-while-revalidate`, in seconds. */
  publicMaxAgeS?: number;
  publicStaleS?: number;
}

/**
 * Empties the cache after every successful write request (see ReadCache): the scopes the handler
 * named (changesReadCache), else the route's `config.clearsReadCache` (scopes as in
 * ReadCache.clear: READ_CACHE_SCOPES; `[]` for writes no cached read shows, such as a login); and
 * tells every other instance through PostgreSQL's NOTIFY on READ_CACHE_CHANNEL
 * (docs/decisions/029-long-lived-read-cache.md).
 *
 * Every write route declares `config.clearsReadCache`, as every /api route declares
 * `config.auth`: the app refuses to start with one that does not (there is no default that
 * empties everything, so a write that forgot is found at start-up, not as a cache emptied on
 * every request of it).
 */
export async function registerReadCache(
  app: FastifyInstance,
  cache: ReadCache,
  options: ReadCacheOptions = {},
): Promise<void> {
  app.decorate('readCache', cache);
  app.decorateRequest('readCacheScopes', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => isWriteMethod(String(method)))) return;
    if (!Array.isArray(route.config?.clearsReadCache)) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} must declare config.clearsReadCache: the read-cache scopes it changes (READ_CACHE_SCOPES in lib/read-cache/store.ts; [] when no cached read shows what it writes)`,
      );
    }
  });
  app.decorateRequest('readSourcesNoted', false);
  cache.publicCacheControl = `public, max-age=${options.publicMaxAgeS ?? 5}, stale-while-revalidate=${options.publicStaleS ?? 60}`;
  const { database } = options;
  cache.settleMs = options.replicaLagMs ?? 0;
  // Other instances may keep answers even when this one does not: a write is always told.
  const instance = randomUUID();
  let prunedAt = Number.NEGATIVE_INFINITY;
  const publish = async (scopes: readonly string[], request: FastifyRequest) => {
    if (!database) return;
    let payload = `${instance} ${scopes.join(' ')}`;
    if (payload.length > MAX_PAYLOAD) payload = `${instance} ${ALL}`;
    try {
      // Logged in the same statement: an instance that starts later and could not hear it
      // (docs/decisions/058-kept-answers.md).
      await database.query(
        `WITH logged AS (INSERT INTO read_cache_changes (scopes) VALUES ($3::text[]))
         SELECT pg_notify($1, $2)`,
        [READ_CACHE_CHANNEL, payload, scopes],
      );
      if (Date.now() - prunedAt > CHANGES_PRUNED_EVERY_MS) {
        prunedAt = Date.now();
        await database.query(
          `DELETE FROM read_cache_changes WHERE at < now() - $1 * interval '1 millisecond'`,
          [CHANGES_KEPT_MS],
        );
      }
    } catch (err) {
      // The write has committed: its answer stands. Other instances catch up by the backstop.
      request.log.warn({ err }, 'read cache: could not notify the other instances');
    }
  };
  // onSend, not onResponse: the write has committed, and the client cannot have the answer (and
  // ask again) before the cache is empty.
  app.addHook('onSend', async (request, reply, payload) => {
    // A page render's reads (collectReadSources): one that said nothing of its sources makes the
    // page's unknown. Outside a render there is nothing to note.
    if (!request.readSourcesNoted && pageSources.getStore()) noteReadSources(request, null);
    if (!isSuccessfulWrite(request, reply)) return payload;
    // Every write route declares its scopes (the onRoute check above); a write no route took (a
    // form the browser posted to a page, answered 303 by page-posts.ts) changed nothing.
    const scopes = writeScopes(request);
    if (scopes.length === 0) return payload;
    cache.clear(scopes);
    await publish(scopes, request);
    return payload;
  });
  if (!cache.enabled) return;

  if (database) {
    let down = false;
    let closing = false;
    try {
      const listener = await listen({
        database,
        channel: READ_CACHE_CHANNEL,
        onNotify: (message) => {
          const [from, ...scopes] = message.split(' ');
          if (from === instance) return; // emptied when the write was answered
          cache.clear(scopes.length > 0 ? scopes : undefined);
        },
        onState: (listening) => {
          // Emptied both ways (ReadCache.setListening): nothing outlives a change it missed.
          cache.setListening(listening);
          if (closing) return;
          if (!listening && !down) {
            app.log.warn('read cache: its listener is not connected; answers kept briefly');
          } else if (listening && down) app.log.info('read cache: listener reconnected');
          down = !listening;
        },
        onError: (err) => app.log.debug({ err }, 'read cache listener'),
      });
      cache.heard = listener.sync;
      app.addHook('onClose', async () => {
        closing = true;
        await listener.close();
      });
    } catch (err) {
      // Without a listener answers are kept only READ_CACHE_MS, as before decision 029.
      app.log.warn({ err }, "read cache: cannot listen for other instances' writes");
    }
  }

  // A GET that sendCached has answered from a key before is answered again from that key's kept
  // bytes as soon as the onRequest hooks (security headers, session, rate limit) have passed:
  // no validation, no handler (docs/decisions/009-read-cache.md). The same URL validates to the
  // same key, so the answer is the one the handler would send.
  app.addHook('preParsing', (request, reply, _payload, done) => {
    if (request.method !== 'GET' || request.readsPrimary) return done();
    const hit = cache.peekUrl(request.auth !== null, request.url);
    if (hit === undefined) return done();
    // Not calling done() ends the hooks here; onSend and onResponse hooks still run.
    sendBody(reply, hit.body, 'hit', cache, hit.key);
  });
}

/**
 * The scopes this write changed, as its module computes them from what it changed (one function
 * per module, such as offers.cache.ts): they replace the route's `config.clearsReadCache` for
 * this request. Call it in the handler, once the change is made.
 */
export function changesReadCache(request: FastifyRequest, scopes: readonly string[]): void {
  request.readCacheScopes = scopes;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /**
     * A write's cached-read scopes (READ_CACHE_SCOPES; `[]` for none): required of every write
     * route (registerReadCache refuses one without at start-up).
     */
    clearsReadCache?: readonly string[];
  }
  interface FastifyRequest {
    /** The scopes this write changed (changesReadCache), past `config.clearsReadCache`. */
    readCacheScopes: readonly string[] | null;
    /** This read has said what it shows (collectReadSources). */
    readSourcesNoted: boolean;
  }
}
