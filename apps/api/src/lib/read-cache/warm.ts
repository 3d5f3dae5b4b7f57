import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { ReadCache } from './store';

/**
 * A start that is not cold (docs/decisions/056-warm-start.md). A cached answer costs about a
 * twenty-fifth of a miss at 1M rows, so a fresh instance with an empty cache answers a small
 * part of what a warm one does until its visitors have asked for everything once. Each instance
 * saves the URLs visitors asked for most (ReadCache.takeHottest) into PostgreSQL every minute
 * and as it stops; a starting instance, once it listens, asks itself for the saved URLs, most
 * asked first, a few at a time, so their answers are kept before most visitors ask.
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
/** The most the listener may take to connect before warming starts anyway (setListening empties). */
const LISTEN_WAIT_MS = 5_000;

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
  const save = async () => {
    const hottest = cache.takeHottest(urls);
    if (hottest.length === 0) return;
    await database.query(
      `INSERT INTO read_cache_warm_urls (url, asks, saved_at)
       SELECT url, asks, now() FROM unnest($1::text[], $2::int[]) AS h(url, asks)
       ON CONFLICT (url) DO UPDATE SET asks = excluded.asks, saved_at = excluded.saved_at`,
      [hottest.map((h) => h.url), hottest.map((h) => Math.min(h.asks, 2 ** 31 - 1))],
    );
    // Bounded: what no instance has found hot for an hour, and past four saves' worth.
    await database.query(
      `DELETE FROM read_cache_warm_urls
       WHERE saved_at < now() - interval '1 hour'
          OR url IN (SELECT url FROM read_cache_warm_urls ORDER BY asks DESC OFFSET $1)`,
      [urls * 4],
    );
  };
  const saveQuietly = async () => {
    try {
      await save();
    } catch (err) {
      app.log.warn({ err }, 'read cache: could not save the hottest URLs');
    }
  };

  let warming: Promise<number> = Promise.resolve(0);
  app.decorate('warmReadCache', () => {
    warming = warm(app, cache, database, urls);
    return warming;
  });
  if (!cache.enabled || urls === 0) return;

  const timer = setInterval(() => void saveQuietly(), WARM_SAVE_INTERVAL_MS);
  timer.unref();
  // Before the database closes (server.ts closes it after the app): the next instance's list.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await warming.catch(() => 0);
    await saveQuietly();
  });
}

/** Asks this instance for the saved URLs, most asked first; resolves to how many were kept. */
async function warm(
  app: FastifyInstance,
  cache: ReadCache,
  database: Database,
  limit: number,
): Promise<number> {
  if (!cache.enabled || limit === 0) return 0;
  const started = Date.now();
  // An answer kept before the listener connects would be emptied when it does (setListening).
  while (!cache.hearsWrites && Date.now() - started < LISTEN_WAIT_MS) await sleep(50);
  let saved: string[];
  try {
    const { rows } = await database.query(
      'SELECT url FROM read_cache_warm_urls ORDER BY asks DESC, url LIMIT $1',
      [limit],
    );
    saved = rows.map((r) => String(r.url));
  } catch (err) {
    app.log.warn({ err }, 'read cache: could not read the hottest URLs');
    return 0;
  }
  let next = 0;
  let kept = 0;
  const worker = async () => {
    while (next < saved.length) {
      const url = saved[next++]!;
      try {
        const res = await app.inject({ method: 'GET', url });
        if (res.statusCode === 200) kept++;
      } catch {
        // closing: the rest is not needed
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WARM_CONCURRENCY }, worker));
  app.log.info(
    { urls: saved.length, kept, ms: Date.now() - started },
    'read cache: warmed from the hottest URLs of the instances before',
  );
  return kept;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Loads the answers of the URLs visitors asked for most before this instance started
     * (warm.ts); server.ts calls it once the instance listens, without waiting for it.
     */
    warmReadCache: () => Promise<number>;
  }
}
