import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { listen } from '../db/notify';
import { isSuccessfulWrite, isWriteMethod, writeScopes } from '../db/read-routing';
import { acceptedEncoding, compressBody, COMPRESSION, type Encoding } from './compression';

/**
 * A cache of serialized answers to the busiest public reads (the offer explorer, entity and
 * review pages, the company list, the landing, server-rendered pages) that lives as long as the
 * data does: docs/decisions/009-read-cache.md and 029-long-lived-read-cache.md.
 *
 * - While the instance hears every change (`setListening(true)`: the LISTEN of registerReadCache
 *   is connected) an answer is kept until a write changes it, at most `maxAgeMs`
 *   (READ_CACHE_MAX_AGE_MS, the backstop for changes no request makes: scripts, expiry); while it
 *   does not, only `ttlMs` (READ_CACHE_MS, 1 s by default). `ttlMs` 0 turns the cache off.
 * - An entry has tags (its key's scope, and what its answer shows: `entity:<id>`, `offer:<id>`);
 *   a write names the tags it changes (clear) and every instance drops those entries.
 * - Requests that miss together share one load (no stampede on the database when it expires).
 * - A write's own instance empties at once, so a user sees their own change; other instances
 *   when they hear the notification (milliseconds).
 * - Bounded by bytes (READ_CACHE_MAX_MB; the least recently used go first); failures are never
 *   kept.
 * - What is kept is the route's own serialization (its response schema), so a hit sends exactly
 *   the bytes a miss would have sent; beside it, once a client has asked for them, the same bytes
 *   compressed per encoding (br, gzip), so a hit is not compressed again.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * The keys of the entries of each scope and tag, and those whose sources are not known, so a
   * write drops what it changed without walking every entry (with a cache of tens of thousands
   * of answers, that walk was a tenth of the app's CPU on the mixed workload: docs/decisions/029).
   */
  private readonly byTag = new Map<string, Set<string>>();
  private readonly untagged = new Set<string>();
  private bytes = 0;
  /** Request URLs already answered from a key (remember), per kind of viewer. */
  private readonly visitorUrls = new Map<string, string>();
  private readonly userUrls = new Map<string, string>();

  /** The instance hears every write's notification: entries live up to `maxAgeMs`. */
  private listening = false;
  /**
   * With a read replica (REPLICA_MAX_LAG_MS): an answer loaded this soon after a write emptied
   * entries may come from a replica that has not replayed it yet, so it is kept only `ttlMs`.
   */
  settleMs = 0;
  private lastClearAt = Number.NEGATIVE_INFINITY;
  /**
   * The clears that named scopes or tags, numbered, the latest MAX_RECENT_CLEARS of them: a load
   * that ends after one of them that names what it shows may have read before that write, and is
   * not kept (its tags are known only once it has loaded, so the clear could not find it).
   */
  private clears = 0;
  private readonly recentClears: { seq: number; scopes: readonly string[] }[] = [];
  /** Visitors' Cache-Control of a kept answer (registerReadCache). */
  publicCacheControl = 'public, max-age=5, stale-while-revalidate=60';

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
    private readonly now: () => number = Date.now,
    readonly maxAgeMs = ttlMs,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * Resolves once every write notified before the call has been heard (Listener.sync: a round
   * trip on the listening connection). Answers do not wait for it; tests and tools do.
   */
  heard: () => Promise<void> = () => Promise.resolve();

  /** The instance hears other instances' writes (its LISTEN is connected). */
  get hearsWrites(): boolean {
    return this.listening;
  }

  /** How long an answer loaded now is kept. */
  get lifetimeMs(): number {
    return this.listening ? Math.max(this.maxAgeMs, this.ttlMs) : this.ttlMs;
  }

  /**
   * Whether the instance hears other instances' writes. Either way the cache is emptied: on a
   * lost connection nothing kept long may outlive a change it will not hear; on a (re)connection
   * nothing may be left of a change it missed meanwhile.
   */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The kept answer for `key`, or `load()`'s (kept for the next `lifetimeMs`). `tags`, asked once
   * the load has ended, are what else the answer shows (beside its key's scope: clear); null for
   * an answer whose sources are not known (dropped by any clear).
   */
  get<V extends Body>(
    key: string,
    load: () => Promise<V>,
    tags?: () => readonly string[] | null,
    /** For a value computed before the call: the clearMark taken when its reading began. */
    readSince = this.clears,
  ): Promise<V> {
    if (!this.enabled) return load();
    const found = this.entries.get(key);
    if (found && found.expiresAt > this.now()) {
      this.touch(key, found);
      return found.value as Promise<V>;
    }
    if (found) this.drop(key, found);

    const now = this.now();
    const settling = now - this.lastClearAt < this.settleMs;
    const entry: Entry = {
      expiresAt: now + (settling ? this.ttlMs : this.lifetimeMs),
      value: load(),
      bytes: 0,
      tags: [],
      loadedAfter: Math.min(readSince, this.clears),
    };
    this.entries.set(key, entry);
    this.index(key, [scopeOf(key)]);
    entry.value.then(
      (body) => {
        if (this.entries.get(key) !== entry) return; // emptied or replaced meanwhile
        entry.body = body;
        const shown = tags ? tags() : [];
        entry.tags = shown === null ? null : [scopeOf(key), ...shown];
        if (this.clearedWhileLoading(entry)) {
          this.drop(key, entry);
          return;
        }
        if (entry.tags === null) this.untagged.add(key);
        else this.index(key, entry.tags);
        entry.etag = etagOf(body);
        entry.bytes =
          (typeof body === 'string' ? body.length * 2 : body.byteLength) + key.length * 2;
        this.bytes += entry.bytes;
        this.evictOverBudget();
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key, entry);
      },
    );
    return entry.value as Promise<V>;
  }

  /** The kept answer for `key` if it is loaded and still fresh, without waiting or loading. */
  peek(key: string): Body | undefined {
    return this.loaded(key)?.body;
  }

  /** The entity tag and tags of the kept answer for `key`, if it is loaded and fresh. */
  describe(key: string): { etag: string; tags: readonly string[] | null } | undefined {
    const found = this.loaded(key);
    return found ? { etag: found.etag!, tags: found.tags } : undefined;
  }

  /**
   * Whether a GET of `key` now would be answered without a load of its own: its answer is kept
   * and fresh, or being loaded (the request would share that load). Marks nothing as used.
   */
  holds(key: string): boolean {
    if (!this.enabled) return false;
    const found = this.entries.get(key);
    return found !== undefined && found.expiresAt > this.now();
  }

  private loaded(key: string): Entry | undefined {
    const found = this.entries.get(key);
    if (found?.body === undefined || found.expiresAt <= this.now()) return undefined;
    this.touch(key, found);
    return found;
  }

  /**
   * Marks `key` as just used: it moves to the end of the Map's order, so the byte budget drops
   * the least recently used answers first, not the oldest loaded. Under a Zipf-like mix of URLs
   * the popular answers stay however many rare ones pass through (docs/performance.md, docs/decisions/029).
   */
  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /**
   * Remembers that a GET of `url` (path and query as sent) by a visitor or by a signed-in user
   * is answered from `key`, so that the next such request can be answered before validation and
   * the handler (registerReadCache). Bounded: emptied when full.
   */
  remember(signedIn: boolean, url: string, key: string): void {
    const urls = signedIn ? this.userUrls : this.visitorUrls;
    if (urls.get(url) === key) return;
    if (urls.size >= MAX_URLS) urls.clear();
    urls.set(url, key);
  }

  /**
   * The kept answer for a GET of `url` that sendCached answered before (remember) for this kind
   * of viewer, with its key, if it is loaded and fresh.
   */
  peekUrl(signedIn: boolean, url: string): { key: string; body: Body } | undefined {
    const key = (signedIn ? this.userUrls : this.visitorUrls).get(url);
    if (key === undefined) return undefined;
    const body = this.peek(key);
    return body === undefined ? undefined : { key, body };
  }

  /**
   * `body` (the answer for `key`) compressed with `encoding`: kept beside it, made on the first
   * request that asks for it and counted in the byte budget. A body that is no longer the kept
   * one (emptied or replaced meanwhile) is compressed for this request only.
   */
  encoded(key: string, body: Buffer, encoding: Encoding): Buffer {
    const entry = this.entries.get(key);
    const kept = entry?.body === body ? entry.encoded?.[encoding] : undefined;
    if (kept) return kept;
    const encoded = compressBody(body, encoding);
    if (entry?.body === body) {
      (entry.encoded ??= {})[encoding] = encoded;
      entry.bytes += encoded.byteLength;
      this.bytes += encoded.byteLength;
      this.evictOverBudget();
    }
    return encoded;
  }

  /**
   * Empties the cache, or only the entries of the given scopes: an entry goes when its key's
   * scope (what comes before its first ':', `offers:…`, `reviews:…`) or one of its tags
   * (`entity:<id>`, `offer:<id>`) is named, or when its sources are not known (tags null).
   * `*` empties everything.
   */
  clear(scopes?: readonly string[]): void {
    if (scopes?.length !== 0) this.lastClearAt = this.now();
    if (!scopes || scopes.includes(ALL)) {
      this.entries.clear();
      this.byTag.clear();
      this.untagged.clear();
      this.bytes = 0;
      return;
    }
    if (scopes.length === 0) return;
    this.recentClears.push({ seq: ++this.clears, scopes });
    if (this.recentClears.length > MAX_RECENT_CLEARS) this.recentClears.shift();
    const keys = new Set(this.untagged);
    for (const scope of scopes) for (const key of this.byTag.get(scope) ?? []) keys.add(key);
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry) this.drop(key, entry);
    }
  }

  /** Whether a clear since `entry`'s load began named what it shows (or history ran out). */
  private clearedWhileLoading(entry: Entry): boolean {
    if (this.clears === entry.loadedAfter) return false;
    const oldest = this.recentClears[0];
    if (!oldest || oldest.seq > entry.loadedAfter + 1) return true;
    const tags = entry.tags;
    return this.recentClears.some(
      (c) => c.seq > entry.loadedAfter && (tags === null || c.scopes.some((s) => tags.includes(s))),
    );
  }

  /** A mark to pass to `get` for a value whose reading begins now (KeptValues). */
  get clearMark(): number {
    return this.clears;
  }

  private index(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    this.untagged.delete(key);
    // A loading entry has no tags yet (only its scope); a loaded one's begin with its scope.
    for (const tag of [scopeOf(key), ...(entry.tags ?? [])]) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }

  private evictOverBudget(): void {
    // A Map iterates in insertion order, and a hit re-inserts (touch): the first entries are the
    // least recently used.
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(key, entry);
    }
  }
}

/** A serialized answer: the app keeps UTF-8 bytes (sent as they are), tests may keep strings. */
type Body = string | Buffer;

interface Entry {
  expiresAt: number;
  value: Promise<Body>;
  /** The answer once loaded. */
  body?: Body;
  /** Its strong entity tag (the hash of its bytes), made once when it is loaded. */
  etag?: string;
  /** What else it shows (ReadCache.get); null: not known. */
  tags: readonly string[] | null;
  /** How many targeted clears had happened when its load began (ReadCache.clearedWhileLoading). */
  loadedAfter: number;
  /** `body` compressed, per encoding a client has asked for (ReadCache.encoded). */
  encoded?: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

/** The byte budget when none is given (tests); the app passes READ_CACHE_MAX_MB. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const MAX_URLS = 20_000;
/** Targeted clears remembered for the loads in flight (ReadCache.clearedWhileLoading). */
const MAX_RECENT_CLEARS = 256;
/**
 * The scope that empties every entry (ReadCache.clear). A write route names it
 * (READ_CACHE_SCOPES.everything) only when it really changes every cached read, with a comment
 * saying why; every other write names what it changes (registerReadCache).
 */
export const ALL = '*';

/** A key's scope: what comes before its first ':'. */
const scopeOf = (key: string) => key.slice(0, key.indexOf(':'));

/** A strong entity tag of the bytes: quoted, the first 128 bits of their SHA-256, base64url. */
function etagOf(body: Body): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The PostgreSQL channel on which writes name the scopes they changed (registerReadCache). */
export const READ_CACHE_CHANNEL = 'trustlinks_read_cache';

/** A notification's payload stays under PostgreSQL's 8,000 bytes; a longer list empties all. */
const MAX_PAYLOAD = 7_000;

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
        `Route ${methods.join(',')} ${route.url} must declare config.clearsReadCache: the read-cache scopes it changes (READ_CACHE_SCOPES in lib/read-cache.ts; [] when no cached read shows what it writes)`,
      );
    }
  });
  app.decorateRequest('readSourcesNoted', false);
  cache.publicCacheControl = `public, max-age=${options.publicMaxAgeS ?? 5}, stale-while-revalidate=${options.publicStaleS ?? 60}`;
  const { database } = options;
  cache.settleMs = options.replicaLagMs ?? 0;
  // Other instances may keep answers even when this one does not: a write is always told.
  const instance = randomUUID();
  const publish = async (scopes: readonly string[], request: FastifyRequest) => {
    if (!database) return;
    let payload = `${instance} ${scopes.join(' ')}`;
    if (payload.length > MAX_PAYLOAD) payload = `${instance} ${ALL}`;
    try {
      await database.query('SELECT pg_notify($1, $2)', [READ_CACHE_CHANNEL, payload]);
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

/** What a server-rendered page is made of, gathered from the reads that made it. */
interface ReadSources {
  tags: Set<string>;
  unknown: boolean;
}
const pageSources = new AsyncLocalStorage<ReadSources>();

/**
 * Runs `render` (a page made from in-process reads, modules/pages) and gathers what its reads
 * show: the tags of the cached answers they were given, and those of reads that say what they
 * show without being kept (tagRead). null when one read said nothing: the page then goes with
 * any write.
 */
export async function collectReadSources<T>(
  render: () => Promise<T>,
): Promise<{ value: T; tags: string[] | null }> {
  const sources: ReadSources = { tags: new Set(), unknown: false };
  const value = await pageSources.run(sources, render);
  return { value, tags: sources.unknown ? null : [...sources.tags] };
}

/**
 * A read that is not kept but says what it shows (`offer:<id>`, `entity:<id>`), so a page made
 * from it is kept until one of those changes (collectReadSources).
 */
export function tagRead(request: FastifyRequest, tags: readonly string[]): void {
  noteReadSources(request, tags);
}

function noteReadSources(request: FastifyRequest, tags: readonly string[] | null): void {
  request.readSourcesNoted = true;
  const sources = pageSources.getStore();
  if (!sources) return;
  if (tags === null) sources.unknown = true;
  else for (const tag of tags) sources.tags.add(tag);
}

/**
 * The scopes of cached reads (the prefixes of their keys) that writes declare they change, when
 * they do not say more precisely (changesReadCache with a module's own scopes, e.g.
 * offerWriteScopes, reviewWriteScopes). Finer tags: `entity:<id>` (everything shown of one
 * entity: its page, reviews, TrustScore, offers) and `offer:<id>` (one offer's page).
 */
export const READ_CACHE_SCOPES = {
  /** An offer: the explorer and landing lists, and the publisher's entity page. */
  offers: ['offers', 'entity', 'landing', 'page'],
  /**
   * A review, its votes, replies or moderation, or what a review shows of its author (name,
   * verified identity) or counts of them (a ban holds their reviews and votes): review pages,
   * TrustScore, the entity page, the landing's latest reviews.
   */
  reviews: ['reviews', 'reviews-trust', 'entity', 'landing', 'page'],
  /**
   * An entity's own record, standing or public warnings (its name, status, approval, deletion
   * with its offers and reviews): every read that shows an entity or its offers and reviews.
   */
  entity: ['entity', 'offers', 'reviews', 'reviews-trust', 'landing', 'page'],
  /** The affiliate company directory: its list and the landing's companies. */
  companies: ['companies', 'landing', 'page'],
  /** What only the landing shows: offer requests, its counted figures (approved applications). */
  landing: ['landing', 'page'],
  /** Nothing a cached read shows (sign-in, notifications). */
  none: [],
  /** Every cached read (ALL): only for a write that really changes them all; say why beside it. */
  everything: [ALL],
} as const satisfies Record<string, readonly string[]>;

/** The tag of everything shown of one entity (its page, reviews, TrustScore, offers). */
export const entityTag = (entityId: string) => `entity:${entityId}`;
/** The tag of one offer's own page. */
export const offerTag = (offerId: string) => `offer:${offerId}`;

/**
 * Answers with the cached serialization for `key`, or serializes `load()`'s result through the
 * route's response schema and keeps it (as UTF-8 bytes, sent as they are). Errors propagate (and
 * are not kept).
 *
 * The answer for `key` must be the same for every request of the same URL by the same kind of
 * viewer (a visitor, or a signed-in user past the route's guard): the next such GET is answered
 * from the kept bytes before validation and the handler run (registerReadCache). A route that
 * shares less (one viewer's own view) does not call sendCached for it.
 */
export async function sendCached<V>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<V>,
  tagsOf?: (value: V) => readonly string[],
): Promise<FastifyReply> {
  const request = reply.request;
  const shared = sharesKept(request, cache);
  if (shared && request.method === 'GET') cache.remember(request.auth !== null, request.url, key);
  const answer = await keptAnswer(reply, cache, key, load, tagsOf, shared);
  // x-cache: whether this request ran the load (miss) or was answered from a kept or shared one
  // (hit); the benchmark counts it (apps/api/bench).
  if (!shared) {
    return sendBody(reply, answer.body, 'miss', undefined, undefined, undefined, [
      scopeOf(key),
      ...answer.tags,
    ]);
  }
  return sendBody(reply, answer.body, answer.miss ? 'miss' : 'hit', cache, key);
}

/**
 * The value every visitor is answered for `key` (the bytes sendCached keeps, parsed), for an
 * answer to a signed-in reader made of it and what is theirs alone (their votes on a page of
 * reviews): the shared part is loaded once for all readers until a write changes it, the
 * reader's own part is read each time by the caller. Not remembered per URL: the early answer in
 * preParsing would send the shared bytes without the reader's part. x-cache says whether the
 * shared part was loaded. A client that has just written, or the cache off: `load()`, unkept.
 */
export async function sharedValue<V>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<V>,
  tagsOf?: (value: V) => readonly string[],
): Promise<V> {
  // A reader's answer: `private, no-cache` (no ETag: it is not the kept bytes).
  cacheHeaders(reply, undefined, undefined, false);
  const shared = sharesKept(reply.request, cache);
  if (!shared) {
    reply.header('x-cache', 'miss');
    return load();
  }
  const answer = await keptAnswer(reply, cache, key, load, tagsOf, shared);
  reply.header('x-cache', answer.miss ? 'miss' : 'hit');
  return JSON.parse(answer.body.toString()) as V;
}

/**
 * Whether this request may be answered from kept answers: not a client that has just written (it
 * reads the primary, past entries that may come from the read replica: db/read-routing.ts), and
 * not with the cache off.
 */
const sharesKept = (request: FastifyRequest, cache: ReadCache) =>
  !request.readsPrimary && cache.enabled;

/**
 * `key`'s kept bytes, or `load()`'s result serialized through the route's response schema (kept
 * when `keep`). `miss`: whether this request ran the load; `tags`: what a loaded answer shows.
 */
async function keptAnswer<V>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<V>,
  tagsOf: ((value: V) => readonly string[]) | undefined,
  keep: boolean,
): Promise<{ body: Buffer; miss: boolean; tags: readonly string[] }> {
  let miss = false;
  let tags: readonly string[] = [];
  const serialize = async () => {
    miss = true;
    const value = await load();
    if (tagsOf) tags = tagsOf(value);
    const serialized = reply.serialize(value);
    if (typeof serialized === 'string') return Buffer.from(serialized);
    return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
  };
  const body = keep ? await cache.get(key, serialize, () => tags) : await serialize();
  return { body, miss, tags };
}

/**
 * Small values a read computes on the way to its answer and may reuse for the next answer of
 * another key (the explorer's capped total, shared by every page of the same filters: docs/decisions/029),
 * kept in the read cache under their own keys, so a write that empties their scope empties them
 * too. None (undefined) when this request must not read kept answers (a client that has just
 * written, or the cache off): the caller then computes as without.
 */
export interface KeptValues {
  peek(key: string): string | undefined;
  /** Taken before the reads a kept value is made from. */
  mark(): number;
  /** Not kept if a write since `mark` named the key's scope (it may have read before it). */
  keep(key: string, value: string, mark: number): void;
}

export function keptValues(cache: ReadCache, request: FastifyRequest): KeptValues | undefined {
  if (request.readsPrimary || !cache.enabled) return undefined;
  return {
    peek: (key) => {
      const body = cache.peek(key);
      return body === undefined ? undefined : body.toString();
    },
    mark: () => cache.clearMark,
    keep: (key, value, mark) => void cache.get(key, () => Promise.resolve(value), undefined, mark),
  };
}

/**
 * Like sendCached for an answer that is not JSON (a server-rendered page, modules/pages): `load`
 * makes the bytes, sent as `contentType`; `tags` (asked once it has) what they show, null if not
 * known (collectReadSources). Not remembered per URL (the early answer in preParsing sends JSON).
 * A load that throws is not kept; the error propagates.
 */
export async function sendCachedBody(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<Buffer>,
  contentType: string,
  tags?: () => readonly string[] | null,
): Promise<FastifyReply> {
  let miss = false;
  const counted = () => {
    miss = true;
    return load();
  };
  if (reply.request.readsPrimary || !cache.enabled) {
    return sendBody(reply, await counted(), 'miss', undefined, undefined, contentType, null);
  }
  const body = await cache.get(key, counted, tags);
  return sendBody(reply, body, miss ? 'miss' : 'hit', cache, key, contentType);
}

/**
 * Sends a serialized answer, with its HTTP caching headers (cacheHeaders). A kept answer
 * (`cache` and `key`) of at least COMPRESSION.threshold bytes goes to a client that accepts br or
 * gzip as the kept compressed bytes (ReadCache.encoded), with the headers @fastify/compress would
 * set; the plugin passes an answer that already has a Content-Encoding as it is, so it is
 * compressed once per entry and encoding, not per request. `unkeptTags`: what an answer that is
 * not kept shows (for a page made from it, collectReadSources).
 */
function sendBody(
  reply: FastifyReply,
  body: Body,
  state: 'hit' | 'miss',
  cache?: ReadCache,
  key?: string,
  contentType = 'application/json; charset=utf-8',
  unkeptTags: readonly string[] | null = null,
) {
  const request = reply.request;
  const kept = cache && key !== undefined ? cache.describe(key) : undefined;
  noteReadSources(request, kept ? kept.tags : unkeptTags);
  reply.type(contentType).header('x-cache', state);
  let encoding: Encoding | undefined;
  if (kept && Buffer.isBuffer(body) && body.length >= COMPRESSION.threshold) {
    encoding = acceptedEncoding(request);
  }
  const etag = kept && encoding ? `${kept.etag.slice(0, -1)}-${encoding}"` : kept?.etag;
  const document = contentType.startsWith('text/html');
  if (cacheHeaders(reply, cache, etag, document) === 'not-modified') {
    return reply.code(304).send();
  }
  if (encoding !== undefined) {
    reply.header('content-encoding', encoding);
    return reply.send(cache!.encoded(key!, body as Buffer, encoding));
  }
  return reply.send(body);
}

/**
 * The HTTP caching headers of a cached read's answer: to a visitor (no Authorization header), a
 * kept answer is `public` for a short `max-age` with a longer `stale-while-revalidate`
 * (READ_CACHE_PUBLIC_MAX_AGE_S, READ_CACHE_PUBLIC_STALE_S) and its strong ETag, so a CDN or the
 * browser can keep it (a server-rendered page: `public, no-cache` for browsers, the lifetimes in
 * CDN-Cache-Control); a signed-in user's answer is `private, no-cache`; an answer that is not
 * kept (cache off, a client that has just written) `no-cache`. 'not-modified' when the request's
 * If-None-Match names the kept answer's tag.
 */
function cacheHeaders(
  reply: FastifyReply,
  cache: ReadCache | undefined,
  etag: string | undefined,
  document: boolean,
): 'not-modified' | undefined {
  const request = reply.request;
  reply.header('vary', 'accept-encoding, authorization');
  if (request.auth !== null || request.headers.authorization !== undefined) {
    reply.header('cache-control', 'private, no-cache');
    return undefined;
  }
  if (cache === undefined || etag === undefined) {
    reply.header('cache-control', 'no-cache');
    return undefined;
  }
  if (document) {
    // A page is also opened by signed-in users (their bearer token is not sent on a navigation),
    // who must see their own change: browsers ask each time (a 304 while it is the same), a CDN
    // keeps it as visitors' JSON is kept (CDN-Cache-Control, RFC 9213).
    reply
      .header('cache-control', 'public, no-cache')
      .header('cdn-cache-control', cache.publicCacheControl);
  } else reply.header('cache-control', cache.publicCacheControl);
  reply.header('etag', etag);
  const asked = request.headers['if-none-match'];
  return asked !== undefined && namesTag(asked, etag) ? 'not-modified' : undefined;
}

/**
 * If-None-Match's comparison (weak, RFC 9110 13.1.2): any listed tag, or `*`. Tags of the same
 * bytes in another encoding (`"…-br"`) match too: the client has the same answer.
 */
function namesTag(header: string, etag: string): boolean {
  const base = bareTag(etag);
  for (const part of header.split(',')) {
    const tag = part.trim().replace(/^W\//, '');
    if (tag === '*' || bareTag(tag) === base) return true;
  }
  return false;
}

const bareTag = (tag: string) => tag.replace(/-(br|gzip)"$/, '"');

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
