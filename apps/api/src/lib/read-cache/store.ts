import { createHash } from 'node:crypto';
import { compressBody, type Encoding } from '../compression';

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
  /**
   * How often visitors, and signed-in members, asked for each remembered URL since the last
   * takeHottest: what a restarted instance keeps again or loads first (warm.ts,
   * docs/decisions/056-warm-start.md, 059-members-kept-answers.md).
   */
  private readonly visitorAsks = new Map<string, number>();
  private readonly userAsks = new Map<string, number>();

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
        const shown = tags ? tags() : [];
        this.settle(key, entry, body, shown === null ? null : [scopeOf(key), ...shown]);
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key, entry);
      },
    );
    return entry.value as Promise<V>;
  }

  /** A loaded answer becomes the kept one, unless a clear since its load began named it. */
  private settle(key: string, entry: Entry, body: Body, tags: readonly string[] | null): boolean {
    entry.body = body;
    entry.tags = tags;
    if (this.clearedWhileLoading(entry)) {
      this.drop(key, entry);
      return false;
    }
    if (tags === null) this.untagged.add(key);
    else this.index(key, tags);
    entry.etag = etagOf(body);
    entry.bytes = (typeof body === 'string' ? body.length * 2 : body.byteLength) + key.length * 2;
    this.bytes += entry.bytes;
    this.evictOverBudget();
    return true;
  }

  /**
   * The kept answer a visitor's (or, `signedIn`, a member's) GET of `url` is answered with
   * (remember), if it is loaded and fresh, with what it shows and when it expires; marks nothing
   * as used.
   */
  keptForUrl(url: string, signedIn = false): KeptAnswer | undefined {
    const key = this.urlsOf(signedIn).get(url);
    const found = key === undefined ? undefined : this.entries.get(key);
    if (key === undefined || found?.body === undefined || found.expiresAt <= this.now()) {
      return undefined;
    }
    return { key, body: found.body, tags: found.tags, expiresAt: found.expiresAt };
  }

  /**
   * Keeps an answer an instance before this one kept (warm.ts, docs/decisions/058-kept-answers.md)
   * as the answer for visitors' (or, `signedIn`, members') GETs of `url`, until it would have
   * expired there, at most this instance's lifetime. `readSince`: the clearMark taken before the
   * writes since it was current were read; a clear since then that names what it shows, or an
   * answer being loaded or kept for its key already, and it is not kept. Whether it was kept.
   */
  restore(url: string, answer: KeptAnswer, readSince: number, signedIn = false): boolean {
    if (!this.enabled || !this.listening || this.entries.has(answer.key)) return false;
    const now = this.now();
    const expiresAt = Math.min(answer.expiresAt, now + this.lifetimeMs);
    if (expiresAt <= now) return false;
    const entry: Entry = {
      expiresAt,
      value: Promise.resolve(answer.body),
      bytes: 0,
      tags: [],
      loadedAfter: Math.min(readSince, this.clears),
    };
    this.entries.set(answer.key, entry);
    this.index(answer.key, [scopeOf(answer.key)]);
    if (!this.settle(answer.key, entry, answer.body, answer.tags)) return false;
    const urls = this.urlsOf(signedIn);
    if (urls.size >= MAX_URLS) urls.clear();
    urls.set(url, answer.key);
    return true;
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
    const urls = this.urlsOf(signedIn);
    this.asked(signedIn, url);
    if (urls.get(url) === key) return;
    if (urls.size >= MAX_URLS) urls.clear();
    urls.set(url, key);
  }

  /**
   * The kept answer for a GET of `url` that sendCached answered before (remember) for this kind
   * of viewer, with its key, if it is loaded and fresh.
   */
  peekUrl(signedIn: boolean, url: string): { key: string; body: Body } | undefined {
    const key = this.urlsOf(signedIn).get(url);
    if (key === undefined) return undefined;
    const body = this.peek(key);
    if (body === undefined) return undefined;
    this.asked(signedIn, url);
    return { key, body };
  }

  /** The URLs remembered for one kind of viewer (remember). */
  private urlsOf(signedIn: boolean): Map<string, string> {
    return signedIn ? this.userUrls : this.visitorUrls;
  }

  private asked(signedIn: boolean, url: string): void {
    const counts = signedIn ? this.userAsks : this.visitorAsks;
    const asks = counts.get(url);
    if (asks === undefined && counts.size >= MAX_URLS) counts.clear();
    counts.set(url, (asks ?? 0) + 1);
  }

  /**
   * The `limit` URLs visitors and members asked for most (remember, peekUrl), most asked first,
   * each with the kind of viewer that asked (`signedIn`); each count is then halved, so what was
   * hot long ago gives way to what is hot now. A member's URL answered from the key visitors'
   * same URL is answered from (an offers page) counts as the visitors': one answer, kept once,
   * that a member's request reaches by its key.
   */
  takeHottest(limit: number): HotUrl[] {
    const visitors = new Map(this.visitorAsks);
    const members: HotUrl[] = [];
    for (const [url, asks] of this.userAsks) {
      const key = this.userUrls.get(url);
      if (key !== undefined && this.visitorUrls.get(url) === key && visitors.has(url)) {
        visitors.set(url, visitors.get(url)! + asks);
      } else members.push({ url, asks, signedIn: true });
    }
    const hottest = [
      ...[...visitors].map(([url, asks]) => ({ url, asks, signedIn: false })),
      ...members,
    ]
      .sort((a, b) => b.asks - a.asks)
      .slice(0, limit);
    for (const counts of [this.visitorAsks, this.userAsks]) {
      for (const [url, asks] of counts) {
        if (asks <= 1) counts.delete(url);
        else counts.set(url, asks >> 1);
      }
    }
    return hottest;
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
    if (scopes?.length === 0) return;
    this.lastClearAt = this.now();
    const all = !scopes || scopes.includes(ALL);
    // Numbered, a full clear too: a value read before it and kept after it (restore, KeptValues)
    // is not kept.
    this.recentClears.push({ seq: ++this.clears, scopes: all ? [ALL] : scopes });
    if (this.recentClears.length > MAX_RECENT_CLEARS) this.recentClears.shift();
    if (all) {
      this.entries.clear();
      this.byTag.clear();
      this.untagged.clear();
      this.bytes = 0;
      return;
    }
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
      (c) =>
        c.seq > entry.loadedAfter &&
        (tags === null || c.scopes.some((s) => s === ALL || tags.includes(s))),
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
export type Body = string | Buffer;

/** A URL asked for often, and by whom (ReadCache.takeHottest). */
export interface HotUrl {
  url: string;
  asks: number;
  /** Asked by signed-in members (answered from their own URLs' keys), not visitors. */
  signedIn: boolean;
}

/** A kept answer as an instance hands it to the next (warm.ts). */
export interface KeptAnswer {
  key: string;
  body: Body;
  /** What it shows, its key's scope first; null: not known (any write changes it). */
  tags: readonly string[] | null;
  /** When it expires (epoch ms): kept no longer by the next instance. */
  expiresAt: number;
}

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
export const scopeOf = (key: string) => key.slice(0, key.indexOf(':'));

/** A strong entity tag of the bytes: quoted, the first 128 bits of their SHA-256, base64url. */
function etagOf(body: Body): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * The scopes of cached reads (the prefixes of their keys) that writes declare they change, when
 * they do not say more precisely (changesReadCache with a module's own scopes, e.g.
 * offerWriteScopes, reviewWriteScopes). Finer tags: `entity:<id>` (everything shown of one
 * entity: its page, reviews, TrustScore, offers) and `offer:<id>` (one offer's page).
 */
export const READ_CACHE_SCOPES = {
  /**
   * An offer: the explorer and landing lists, the publisher's entity page, and the category
   * pages and comparisons that show its verticals, GEOs and live offers (docs/decisions/055),
   * and the word search's kept prefixes (`lexicon`: decision 036, Note 2026-11-30).
   */
  offers: ['offers', 'lexicon', 'entity', 'landing', 'categories', 'page'],
  /**
   * A review, its votes, replies or moderation, or what a review shows of its author (name,
   * verified identity) or counts of them (a ban holds their reviews and votes): review pages,
   * TrustScore, the entity page, the landing's latest reviews, the categories' ranks and the
   * comparisons' scores (docs/decisions/055), reviewer pages and the transparency report
   * (docs/decisions/054).
   */
  reviews: [
    'reviews',
    'reviews-trust',
    'entity',
    'landing',
    'categories',
    'reviewer',
    'transparency',
    'page',
  ],
  /**
   * An entity's own record, standing or public warnings (its name, status, approval, deletion
   * with its offers and reviews): every read that shows an entity or its offers and reviews.
   */
  entity: [
    'entity',
    'offers',
    'lexicon',
    'reviews',
    'reviews-trust',
    'landing',
    'categories',
    'reviewer',
    'transparency',
    'removals',
    'page',
  ],
  /** The affiliate company directory: its list and the landing's companies. */
  companies: ['companies', 'landing', 'page'],
  /** What only the landing shows: offer requests, its counted figures (approved applications). */
  landing: ['landing', 'page'],
  /**
   * What only the transparency report counts (a report of a review: docs/decisions/054); its
   * rendered page is tagged with the scope of the read it is made of, and goes with it.
   */
  transparency: ['transparency'],
  /** Nothing a cached read shows (sign-in, notifications). */
  none: [],
  /** Every cached read (ALL): only for a write that really changes them all; say why beside it. */
  everything: [ALL],
} as const satisfies Record<string, readonly string[]>;

/** The tag of everything shown of one entity (its page, reviews, TrustScore, offers). */
export const entityTag = (entityId: string) => `entity:${entityId}`;
/** The tag of one offer's own page. */
export const offerTag = (offerId: string) => `offer:${offerId}`;
