import type { FastifyInstance, FastifyReply } from 'fastify';

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

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
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
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Empties the cache after every successful write request (see ReadCache). */
export function registerReadCache(app: FastifyInstance, cache: ReadCache): void {
  app.decorate('readCache', cache);
  if (!cache.enabled) return;
  // onSend, not onResponse: the write has committed, and the client cannot have the answer (and
  // ask again) before the cache is empty.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) cache.clear();
    return payload;
  });
}

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
  const body = await cache.get(key, async () => {
    const serialized = reply.serialize(await load());
    return typeof serialized === 'string' ? serialized : new TextDecoder().decode(serialized);
  });
  return reply.type('application/json; charset=utf-8').send(body);
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}
