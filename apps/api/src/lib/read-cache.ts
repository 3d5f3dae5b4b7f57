import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSuccessfulWrite } from '../db/read-routing';
import { acceptedEncoding, compressBody, COMPRESSION, type Encoding } from './compression';

/**
 * A short-lived cache of serialized answers to the busiest public reads (the offer explorer, an
 * entity's published reviews, the company list): docs/decisions/009-read-cache.md.
 *
 * - An answer is kept for `ttlMs` (READ_CACHE_MS, 1 s by default; 0 turns the cache off).
 * - Requests that miss together share one load (no stampede on the database when it expires).
 * - Every successful write request on this instance empties it, so a user sees their own change
 *   at once; another instance's change shows within `ttlMs`.
 * - Bounded by bytes (oldest entries go first); failures are never kept.
 * - What is kept is the route's own serialization (its response schema), so a hit sends exactly
 *   the bytes a miss would have sent; beside it, once a client has asked for them, the same bytes
 *   compressed per encoding (br, gzip), so a hit is not compressed again.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Request URLs already answered from a key (remember), per kind of viewer. */
  private readonly visitorUrls = new Map<string, string>();
  private readonly userUrls = new Map<string, string>();

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept answer for `key`, or `load()`'s (kept for the next `ttlMs`). */
  get<V extends Body>(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.enabled) return load();
    const found = this.entries.get(key);
    if (found && found.expiresAt > this.now()) return found.value as Promise<V>;
    if (found) this.drop(key, found);

    const entry: Entry = { expiresAt: this.now() + this.ttlMs, value: load(), bytes: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (body) => {
        if (this.entries.get(key) !== entry) return; // emptied or replaced meanwhile
        entry.body = body;
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
    const found = this.entries.get(key);
    return found?.body !== undefined && found.expiresAt > this.now() ? found.body : undefined;
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
   * Empties the cache, or only the entries of the given scopes: a key's scope is what comes
   * before its first ':' (`offers:…`, `reviews:…`).
   */
  clear(scopes?: readonly string[]): void {
    if (!scopes) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    if (scopes.length === 0) return;
    for (const [key, entry] of this.entries) {
      if (scopes.includes(key.slice(0, key.indexOf(':')))) this.drop(key, entry);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evictOverBudget(): void {
    // A Map iterates in insertion order: the first entries are the oldest.
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
  /** `body` compressed, per encoding a client has asked for (ReadCache.encoded). */
  encoded?: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const MAX_URLS = 20_000;

/**
 * Empties the cache after every successful write request (see ReadCache): all of it, unless the
 * route declares which cached reads it can change (`config.clearsReadCache`, scopes as in
 * ReadCache.clear; `[]` for writes no cached read shows, such as a login).
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.decorate('readCache', cache);
  if (!cache.enabled) return;
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
  // onSend, not onResponse: the write has committed, and the client cannot have the answer (and
  // ask again) before the cache is empty.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isSuccessfulWrite(request, reply)) cache.clear(request.routeOptions.config.clearsReadCache);
    return payload;
  });
}

/** The scopes of cached reads (the prefixes of their keys) that writes declare they change. */
export const READ_CACHE_SCOPES = {
  /** An offer: the explorer and landing lists, and the publisher's entity page. */
  offers: ['offers', 'entity', 'landing', 'page'],
  /** A review, its votes, replies or moderation: review pages, TrustScore, the entity page. */
  reviews: ['reviews', 'reviews-trust', 'entity', 'landing', 'page'],
  /** Nothing a cached read shows (sign-in, notifications). */
  none: [],
} as const satisfies Record<string, readonly string[]>;

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
export async function sendCached(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  // x-cache: whether this request ran the load (miss) or was answered from a kept or shared one
  // (hit); the benchmark counts it (apps/api/bench).
  let miss = false;
  const serialize = async () => {
    miss = true;
    const serialized = reply.serialize(await load());
    if (typeof serialized === 'string') return Buffer.from(serialized);
    return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
  };
  const request = reply.request;
  // A client that has just written reads the primary, past entries that may come from the read
  // replica (db/read-routing.ts).
  if (request.readsPrimary) return sendBody(reply, await serialize(), 'miss');
  if (!cache.enabled) return sendBody(reply, await serialize(), 'miss');
  if (request.method === 'GET') cache.remember(request.auth !== null, request.url, key);
  const body = await cache.get(key, serialize);
  return sendBody(reply, body, miss ? 'miss' : 'hit', cache, key);
}

/**
 * Like sendCached for an answer that is not JSON (a server-rendered page, modules/pages): `load`
 * makes the bytes, sent as `contentType`. Not remembered per URL (the early answer in preParsing
 * sends JSON). A load that throws is not kept; the error propagates.
 */
export async function sendCachedBody(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  load: () => Promise<Buffer>,
  contentType: string,
): Promise<FastifyReply> {
  let miss = false;
  const counted = () => {
    miss = true;
    return load();
  };
  if (reply.request.readsPrimary || !cache.enabled) {
    return sendBody(reply, await counted(), 'miss', undefined, undefined, contentType);
  }
  const body = await cache.get(key, counted);
  return sendBody(reply, body, miss ? 'miss' : 'hit', cache, key, contentType);
}

/**
 * Sends a serialized answer. A kept answer (`cache` and `key`) of at least COMPRESSION.threshold
 * bytes goes to a client that accepts br or gzip as the kept compressed bytes (ReadCache.encoded),
 * with the headers @fastify/compress would set; the plugin passes an answer that already has a
 * Content-Encoding as it is, so it is compressed once per entry and encoding, not per request.
 */
function sendBody(
  reply: FastifyReply,
  body: Body,
  state: 'hit' | 'miss',
  cache?: ReadCache,
  key?: string,
  contentType = 'application/json; charset=utf-8',
) {
  reply.type(contentType).header('x-cache', state);
  if (cache && key !== undefined && Buffer.isBuffer(body) && body.length >= COMPRESSION.threshold) {
    const encoding = acceptedEncoding(reply.request);
    if (encoding !== undefined) {
      const vary = reply.getHeader('vary');
      reply
        .header('vary', vary === undefined ? 'accept-encoding' : `${vary}, accept-encoding`)
        .header('content-encoding', encoding);
      return reply.send(cache.encoded(key, body, encoding));
    }
  }
  return reply.send(body);
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
  interface FastifyContextConfig {
    /** A write's cached-read scopes (READ_CACHE_SCOPES); all of the cache when absent. */
    clearsReadCache?: readonly string[];
  }
}
