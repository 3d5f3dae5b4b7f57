import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSuccessfulWrite } from '../db/read-routing';

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
 *   the bytes a miss would have sent.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

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
  get(key: string, load: () => Promise<string>): Promise<string> {
    if (!this.enabled) return load();
    const found = this.entries.get(key);
    if (found && found.expiresAt > this.now()) return found.value;
    if (found) this.drop(key, found);

    const entry: Entry = { expiresAt: this.now() + this.ttlMs, value: load(), bytes: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (body) => {
        if (this.entries.get(key) !== entry) return; // emptied or replaced meanwhile
        entry.bytes = body.length * 2 + key.length * 2;
        this.bytes += entry.bytes;
        this.evictOverBudget();
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key, entry);
      },
    );
    return entry.value;
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

interface Entry {
  expiresAt: number;
  value: Promise<string>;
  bytes: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Empties the cache after every successful write request (see ReadCache): all of it, unless the
 * route declares which cached reads it can change (`config.clearsReadCache`, scopes as in
 * ReadCache.clear; `[]` for writes no cached read shows, such as a login).
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.decorate('readCache', cache);
  if (!cache.enabled) return;
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
  offers: ['offers', 'entity'],
  /** A review, its votes, replies or moderation: review pages, TrustScore, the entity page. */
  reviews: ['reviews', 'reviews-trust', 'entity'],
  /** Nothing a cached read shows (sign-in, notifications). */
  none: [],
} as const satisfies Record<string, readonly string[]>;

/**
 * Answers with the cached serialization for `key`, or serializes `load()`'s result through the
 * route's response schema and keeps it. Errors propagate (and are not kept).
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
    return typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
  };
  // A client that has just written reads the primary, past entries that may come from the read
  // replica (db/read-routing.ts).
  const body = await (reply.request.readsPrimary ? serialize() : cache.get(key, serialize));
  return reply
    .type('application/json; charset=utf-8')
    .header('x-cache', miss ? 'miss' : 'hit')
    .send(body);
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
