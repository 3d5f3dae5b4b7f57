// A word search's page statements with the bounded walk (plan.ts 'bounded walk': the walk, and
// the matches found first if it comes back short) and as they were before it (the walk planned
// with the values, unbounded), on the same database, alternately: EXPLAIN (ANALYZE, BUFFERS),
// the median of RUNS (3). Pages past the first are asked as after page 1 (its total kept, so no
// count). Read-only; statement_timeout 10 s. docs/decisions/037, Note 2026-11-29.
//   cd apps/api && DATABASE_URL=… TITLES='registration trial|keto' PAGES=1,2 \
//     [SORT=payout] [SKIP_OLD=1] npx tsx bench/word-search-walk.ts
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { withTitlePrefix } from '../src/modules/offers/explorer/explorer.service';
import {
  estimateMatchingOffers,
  OFFER_COUNT_CAP,
  OFFER_ESTIMATE_TRUSTED_FROM,
  visibleOffersQuery,
} from '../src/modules/offers/explorer/explorer.repository';
import { Binder } from '../src/modules/offers/explorer/filters.sql';
import { boundedWalkQuery } from '../src/modules/offers/explorer/page.sql';
import { choosePagePlan, walkBudget } from '../src/modules/offers/explorer/plan';

type Q = { toSQL(): { sql: string; params: unknown[] } };
type Explained = {
  Plan: Record<string, number | undefined>;
  'Execution Time': number;
  'Planning Time': number;
};

async function explain(pool: pg.Pool, q: Q) {
  const { sql, params } = q.toSQL();
  const client = await pool.connect();
  try {
    await client.query(`set statement_timeout = '10s'`);
    const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const [p] = (r.rows[0] as { 'QUERY PLAN': Explained[] })['QUERY PLAN'];
    const plan = p!.Plan;
    return {
      ms: p!['Execution Time'] + p!['Planning Time'],
      buf: Number(plan['Shared Hit Blocks'] ?? 0) + Number(plan['Shared Read Blocks'] ?? 0),
      rows: Number(plan['Actual Rows'] ?? 0),
    };
  } catch {
    return { ms: 10_000, buf: -1, rows: 0 };
  } finally {
    await client.query(`reset statement_timeout`);
    client.release();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const url = process.env.DATABASE_URL!;
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const titles = (process.env.TITLES ?? '').split('|').filter(Boolean);
  const pages = (process.env.PAGES ?? '1').split(',').map(Number);
  const runs = Number(process.env.RUNS ?? 3);
  const sort = (process.env.SORT ?? 'newest') as 'newest' | 'payout';
  const visible = await estimateMatchingOffers(db, {});
  const skipOld = process.env.SKIP_OLD === '1';
  for (const title of titles) {
    const filters = await withTitlePrefix(db, { title });
    const estimate = await estimateMatchingOffers(db, filters);
    for (const page of pages) {
      const offset = (page - 1) * 20;
      const countInline = page === 1 && estimate < OFFER_ESTIMATE_TRUSTED_FROM;
      const plan = choosePagePlan({
        sort,
        filters,
        categoryWalk: false,
        words: true,
        countInline,
        offset,
        estimate,
      });
      const cap = plan === 'few matches' || countInline ? OFFER_COUNT_CAP + 1 : undefined;
      const oldQ = visibleOffersQuery(
        db,
        filters,
        21,
        offset,
        cap,
        sort,
        plan === 'bounded walk' ? 'values' : plan,
      );
      const olds: { ms: number; buf: number }[] = [];
      const news: { ms: number; buf: number }[] = [];
      let how: string = plan;
      for (let i = 0; i < runs; i++) {
        if (!skipOld) olds.push(await explain(pool, oldQ));
        if (plan !== 'bounded walk') {
          news.push(skipOld ? await explain(pool, oldQ) : olds.at(-1)!);
          continue;
        }
        const budget = walkBudget(offset + 21, visible, estimate);
        const walked = await explain(
          pool,
          boundedWalkQuery(db, Binder.inPlace(), filters, 21, offset, budget, sort),
        );
        if (walked.rows === 21) {
          news.push(walked);
          how = 'bounded walk';
        } else {
          const gathered = await explain(
            pool,
            visibleOffersQuery(db, filters, 21, offset, OFFER_COUNT_CAP + 1, sort, 'few matches'),
          );
          news.push({ ms: walked.ms + gathered.ms, buf: walked.buf + gathered.buf });
          how = 'bounded walk → found first';
        }
      }
      const fmt = (xs: { ms: number; buf: number }[]) =>
        xs.length
          ? `${median(xs.map((x) => x.ms)).toFixed(1)} ms ${median(xs.map((x) => x.buf))} buf`
          : '-';
      console.log(
        [
          JSON.stringify(title),
          `p${page}`,
          `est ${estimate}`,
          how,
          `before ${fmt(olds)}`,
          `after ${fmt(news)}`,
        ].join('\t'),
      );
    }
  }
  await pool.end();
}

await main();
