import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { CHANGES_KEPT_MS } from './plugin';
import { ALL, type HotUrl, type KeptAnswer, type ReadCache } from './store';

/**
 * A start that is not cold (docs/decisions/056-warm-start.md). A cached answer costs about a
 * twenty-fifth of a miss at 1M rows, so a fresh instance with an empty cache answers a small
 * part of what a warm one does until its visitors have asked for everything once. Each instance
 * saves the URLs visitors and members asked for most (ReadCache.takeHottest) into PostgreSQL
 * every minute and as it stops; a starting instance, once it listens, asks itself for the saved
 * visitors' URLs, most asked first, a few at a time, so their answers are kept before most
 * visitors ask. A member's URL is never asked so (it would need a member's session): only its
 * kept answer is kept again, for members (docs/decisions/059-members-kept-answers.md).
 *
 * Readiness does not wait for it: the instance answers from its first second, and a visitor's
 * request for an answer being warmed shares that load (ReadCache.get). The warming requests go
 * through every hook a visitor's request does (flood guard, admission), so they are answered
 * exactly as a visitor's would be, and never with anything a visitor could not read.
 */

/** How often an instance saves its hottest URLs. */
export const WARM_SAVE_INTERVAL_MS = 60_000;
/** Warming requests in flight at once: the rest of the admission slots stay for visitors. */
const WARM_CONCURRENCY = 2;
/**
 * The most saved URLs asked for anew (those without an answer kept again): the flood guard
 * counts them against the loopback address, and stays under its 1,000 a minute.
 */
const WARM_LOADS_MAX = 500;
/** The most the listener may take to connect before warming starts anyway (setListening empties). */
const LISTEN_WAIT_MS = 5_000;
/**
 * The most answer bytes an instance keeps in PostgreSQL as it stops (the hottest first): one
 * statement, well inside a graceful stop (docs/decisions/058-kept-answers.md).
 */
const KEPT_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;
export interface WarmStartOptions {
  database: Database;
  /** How many URLs are saved and loaded (READ_CACHE_WARM_URLS); 0 turns warming off. */
  urls: number;
}

export function registerWarmStart(
  app: FastifyInstance,
  cache: ReadCache,
  options: WarmStartOptions,
): void {
  const { database, urls } = options;
  /**
   * The hottest URLs, with their asks; `withAnswers` (as it stops), their kept answers too, known
   * current at a moment read before the listener's sync, so every write logged before it has
   * emptied what it changed (docs/decisions/058-kept-answers.md).
   */
  const save = async (withAnswers: boolean) => {
    // The writes this snapshot sees committed before it, so their notifications are heard by
    // the sync that follows it: every answer kept after the sync shows them.
    let current: Current | null = null;
    if (withAnswers && cache.hearsWrites) {
      const { rows } = await database.query(
        'SELECT clock_timestamp() AS at, pg_current_snapshot()::text AS snapshot',
      );
      current = { at: rows[0]!.at, snapshot: String(rows[0]!.snapshot) };
      await cache.heard();
      if (!cache.hearsWrites) current = null;
    }
    const hottest = cache.takeHottest(urls);
    if (hottest.length === 0) return;
    await database.query(
      `INSERT INTO read_cache_warm_urls (url, signed_in, asks, saved_at)
       SELECT url, signed_in, asks, now()
       FROM unnest($1::text[], $2::boolean[], $3::int[]) AS h(url, signed_in, asks)
       ON CONFLICT (signed_in, url) DO UPDATE SET asks = excluded.asks, saved_at = excluded.saved_at`,
      [
        hottest.map((h) => h.url),
        hottest.map((h) => h.signedIn),
        hottest.map((h) => Math.min(h.asks, 2 ** 31 - 1)),
      ],
    );
    if (current !== null) await keepAnswers(hottest, current);
    // Bounded: what no instance has found hot for an hour, and past four saves' worth.
    await database.query(
      `DELETE FROM read_cache_warm_urls
       WHERE saved_at < now() - interval '1 hour'
          OR (signed_in, url) IN (
            SELECT signed_in, url FROM read_cache_warm_urls ORDER BY asks DESC OFFSET $1)`,
      [urls * 4],
    );
  };
  const keepAnswers = async (hottest: readonly HotUrl[], current: Current) => {
    const kept: { url: string; signedIn: boolean; answer: KeptAnswer }[] = [];
    let bytes = 0;
    for (const { url, signedIn } of hottest) {
      const answer = cache.keptForUrl(url, signedIn);
      if (!answer) continue;
      bytes += answer.body.length;
      if (bytes > KEPT_ANSWERS_MAX_BYTES) break;
      kept.push({ url, signedIn, answer });
    }
    if (kept.length === 0) return;
    await database.query(
      `UPDATE read_cache_warm_urls AS w
       SET cache_key = k.key, body = k.body, current_at = $6::timestamptz,
           current_snapshot = $7, expires_at = k.expires_at,
           tags = CASE WHEN k.tags IS NULL THEN NULL
                       ELSE ARRAY(SELECT jsonb_array_elements_text(k.tags::jsonb)) END
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $8::boolean[])
         AS k(url, key, body, tags, expires_at, signed_in)
       WHERE w.url = k.url AND w.signed_in = k.signed_in`,
      [
        kept.map((k) => k.url),
        kept.map((k) => k.answer.key),
        // The route's serialization: UTF-8 JSON (sendCached), kept as text.
        kept.map((k) => k.answer.body.toString()),
        // Each answer's tags as a JSON array (an array of arrays of unequal lengths is not a
        // parameter PostgreSQL takes); null: not known.
        kept.map((k) => (k.answer.tags === null ? null : JSON.stringify(k.answer.tags))),
        kept.map((k) => new Date(k.answer.expiresAt)),
        current.at,
        current.snapshot,
        kept.map((k) => k.signedIn),
      ],
    );
  };
  const saveQuietly = async (withAnswers = false) => {
    try {
      await save(withAnswers);
    } catch (err) {
      app.log.warn({ err }, 'read cache: could not save the hottest URLs');
    }
  };

  let warming: Promise<Warmed> = Promise.resolve({ restored: 0, loaded: 0 });
  app.decorate('warmReadCache', () => {
    warming = warm(app, cache, database, urls);
    return warming;
  });
  if (!cache.enabled || urls === 0) return;

  const timer = setInterval(() => void saveQuietly(), WARM_SAVE_INTERVAL_MS);
  timer.unref();
  // Before the database closes (server.ts closes it after the app): the next instance's list.
  // onClose hooks run last added first: this one before the listener's (plugin.ts) closes.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await warming.catch(() => null);
    await saveQuietly(true);
  });
}

/**
 * Keeps again the answers the instances before kept, where no write since names what they show
 * (docs/decisions/058-kept-answers.md), then asks this instance for the other saved URLs, most
 * asked first; resolves to how many answers it kept.
 */
async function warm(
  app: FastifyInstance,
  cache: ReadCache,
  database: Database,
  limit: number,
): Promise<Warmed> {
  if (!cache.enabled || limit === 0) return { restored: 0, loaded: 0 };
  const started = Date.now();
  // An answer kept before the listener connects would be emptied when it does (setListening).
  while (!cache.hearsWrites && Date.now() - started < LISTEN_WAIT_MS) await sleep(50);
  let saved: SavedUrl[];
  // Per snapshot the answers were kept with: the scopes of the writes it did not see.
  const unseen = new Map<string, string[][]>();
  // Taken before the writes are read: a write heard since is a clear that restore checks.
  const mark = cache.clearMark;
  try {
    saved = (
      await database.query(
        `SELECT url, signed_in, cache_key, body, tags, current_at, current_snapshot, expires_at
         FROM read_cache_warm_urls ORDER BY asks DESC, url, signed_in LIMIT $1`,
        [limit],
      )
    ).rows as unknown as SavedUrl[];
    for (const snapshot of new Set(saved.map((s) => s.current_snapshot))) {
      if (snapshot === null) continue;
      const { rows } = await database.query(
        `SELECT scopes FROM read_cache_changes
         WHERE xid >= pg_snapshot_xmin($1::pg_snapshot)
           AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot)`,
        [snapshot],
      );
      unseen.set(
        snapshot,
        rows.map((r) => r.scopes as string[]),
      );
    }
  } catch (err) {
    app.log.warn({ err }, 'read cache: could not read the hottest URLs');
    return { restored: 0, loaded: 0 };
  }
  const unkept: string[] = [];
  let restored = 0;
  for (const s of saved) {
    const answer = keptAnswerOf(s, unseen.get(s.current_snapshot ?? '') ?? null);
    if (answer && cache.restore(s.url, answer, mark, s.signed_in)) restored++;
    else if (!s.signed_in && !cache.holds(s.cache_key ?? '')) unkept.push(s.url);
  }
  // Where answers were kept again, none is loaded anew: a load costs what a visitor's miss does,
  // and in the first seconds the loads took CPU from the first visitors and added no hit
  // (docs/decisions/058-kept-answers.md, Note 2026-11-30). Where none was (a crash, or an
  // instance before that kept no answers), the saved URLs are loaded, as decision 056.
  const toLoad = restored > 0 ? [] : unkept.slice(0, WARM_LOADS_MAX);
  let next = 0;
  let loaded = 0;
  const worker = async () => {
    while (next < toLoad.length) {
      const url = toLoad[next++]!;
      try {
        const res = await app.inject({ method: 'GET', url });
        if (res.statusCode === 200) loaded++;
      } catch {
        // closing: the rest is not needed
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WARM_CONCURRENCY }, worker));
  app.log.info(
    { urls: saved.length, restored, loaded, ms: Date.now() - started },
    'read cache: warmed from the hottest URLs of the instances before',
  );
  return { restored, loaded };
}

/** What a warm start kept: answers kept again as they were (restored), and loaded anew. */
export interface Warmed {
  restored: number;
  loaded: number;
}

interface SavedUrl {
  url: string;
  /** A member's URL: kept again for members only, never loaded. */
  signed_in: boolean;
  cache_key: string | null;
  body: string | null;
  tags: string[] | null;
  current_at: Date | string | null;
  current_snapshot: string | null;
  expires_at: Date | string | null;
}

/** When kept answers were known current: a time, and the writes a snapshot then saw. */
interface Current {
  at: unknown;
  snapshot: string;
}

/**
 * A saved answer that is still what a load would give: current less than CHANGES_KEPT_MS ago
 * (every write since is still logged), not expired, and no write its snapshot did not see
 * (`unseen`, their scopes) names its scope or what it shows, nor everything; one whose sources
 * are not known (tags null) only if there is no such write at all.
 */
function keptAnswerOf(saved: SavedUrl, unseen: readonly string[][] | null): KeptAnswer | undefined {
  const { cache_key: key, body, tags, current_at, expires_at } = saved;
  if (key === null || body === null || current_at === null || expires_at === null) return;
  if (unseen === null) return;
  const now = Date.now();
  // Five minutes short of the log's hour: a write seen by no snapshot of then is still in it.
  if (ms(current_at) < now - CHANGES_KEPT_MS + 5 * 60_000 || ms(expires_at) <= now) return;
  const changed = unseen.some(
    (scopes) => tags === null || scopes.some((scope) => scope === ALL || tags.includes(scope)),
  );
  if (changed) return;
  return { key, body: Buffer.from(body), tags, expiresAt: ms(expires_at) };
}

const ms = (t: Date | string) => new Date(t).getTime();

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Loads the answers of the URLs visitors asked for most before this instance started
     * (warm.ts); server.ts calls it once the instance listens, without waiting for it.
     */
    warmReadCache: () => Promise<Warmed>;
  }
}
