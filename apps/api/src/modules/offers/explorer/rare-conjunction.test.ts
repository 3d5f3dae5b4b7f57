import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OfferSort } from '@trustlinks/contract/offers';
import { useTestApp } from '../../../../test/helpers';
import { type ExplorerPageSeen, fetchOffersPage } from '../../../../test/offers';
import { buildEntityAccount } from '../../../../test/factories';
import {
  estimateMatchingOffers,
  listWalkedOffers,
  OFFER_ESTIMATE_TRUSTED_FROM,
  visibleOffersQuery,
} from './explorer.repository';
import { withTitlePrefix } from './explorer.service';
import { walkBudget } from './plan';

// A word search the planner expects in thousands of offers whose words rarely meet: the planner
// multiplies the words' shares as if they were independent, so 'zorblax' (half the offers) and
// 'quinta…' (the other half, its prefix expanded: decision 036) are expected together in about
// a quarter of them, and 40 offers, the oldest, hold both. Walked newest first until the page is
// full, such a search read every newer offer (at 1M offers, all of them: 4–5 s); now the walk
// stops at walkBudget and the matches are found first, and counted (decision 037, Note
// 2026-11-29: a rare conjunction). The pages list what the walk planned with the values lists.
const ctx = useTestApp();
const { db } = ctx;

const fetchPage = (query: string) => fetchOffersPage<ExplorerPageSeen>(ctx.inject, query);

const RARE = 'zorblax quinta';
const ONLY_EACH = 5_000;
const BOTH = 40;

/**
 * One of 144 words ('qxaa' … 'qxll') in each description: PostgreSQL estimates a prefix by the
 * commonest lexemes only once its statistics hold 100 of them (below that, 2 % of the rows).
 */
const FILLER = sql`'qx' || chr(97 + g % 12) || chr(97 + (g / 12) % 12)`;

/**
 * `count` offers titled by `title(g)`, the g-th `g` seconds before `before`, paying `payout(g)`.
 * One statement, as insertOffers writes them, with the order of their dates and payouts set.
 */
async function insertSpread(
  entityId: string,
  count: number,
  title: ReturnType<typeof sql>,
  before: ReturnType<typeof sql>,
  payout: ReturnType<typeof sql>,
) {
  await db().execute(
    sql`INSERT INTO offers (entity_id, title, category, description, target_geo,
          landing_page_url, payout_amount, created_at)
        SELECT ${entityId}, ${title}, 'Nutra', 'Bulk offer ' || ${FILLER}, ARRAY['US'],
               'https://example.com/' || g, ${payout}, ${before} - g * interval '1 second'
        FROM generate_series(1, ${count}::int) g`,
  );
}

beforeAll(async () => {
  const { entity } = await buildEntityAccount(db(), 'advertiser', { name: 'Conjunction Ads' });
  // Half hold 'zorblax', half 'quintafoo', interleaved; the 40 that hold both are the oldest and
  // the lowest paid, last in either order.
  await insertSpread(
    entity.id,
    2 * ONLY_EACH,
    sql`CASE WHEN g % 2 = 0 THEN 'Zorblax Deal ' ELSE 'Quintafoo Deal ' END || g`,
    sql`now()`,
    sql`10 + g % 90`,
  );
  await insertSpread(
    entity.id,
    BOTH,
    sql`'Zorblax Both Quintafoo ' || g`,
    sql`now() - interval '1 day'`,
    sql`1 + g % 5`,
  );
  await db().execute(sql`analyze offers`);
});

/** What the page's statement planned with its values (the walk, unbounded) lists. */
async function planned(sort: OfferSort, page: number) {
  const filters = await withTitlePrefix(db(), { title: RARE });
  const rows = await visibleOffersQuery(db(), filters, 20, (page - 1) * 20, undefined, sort);
  return rows.map((r) => r.offer.title);
}

describe('a word search whose words rarely meet, expected in thousands of offers', () => {
  it('is expected common by the planner (page 1 would walk uncounted)', async () => {
    const filters = await withTitlePrefix(db(), { title: RARE });
    expect(filters.titlePrefix?.lexemes).toEqual(['quintafoo']);
    expect(await estimateMatchingOffers(db(), filters)).toBeGreaterThanOrEqual(
      OFFER_ESTIMATE_TRUSTED_FROM,
    );
  });

  it('finds its matches first and counts them, listing the same offers', async () => {
    for (const sort of ['newest', 'payout'] as const) {
      const first = await fetchPage(`title=${encodeURIComponent(RARE)}&sort=${sort}`);
      // Walked newest first and uncounted, the planner's "thousands" said "1,000+".
      expect(first.pagination, sort).toMatchObject({
        total: BOTH,
        totalIsCapped: false,
        hasNextPage: true,
      });
      expect(first.offers.map((o) => o.title)).toEqual(await planned(sort, 1));
      const second = await fetchPage(`title=${encodeURIComponent(RARE)}&sort=${sort}&page=2`);
      expect(second.pagination, sort).toMatchObject({ total: BOTH, hasNextPage: false });
      expect(second.offers.map((o) => o.title)).toEqual(await planned(sort, 2));
      expect(second.offers).toHaveLength(BOTH - 20);
      expect(
        (await fetchPage(`title=${encodeURIComponent(RARE)}&sort=${sort}&page=3`)).offers,
      ).toEqual([]);
    }
  });

  it('walks no further than its budget: the newest offers hold none of its matches', async () => {
    const filters = await withTitlePrefix(db(), { title: RARE });
    const visible = 2 * ONLY_EACH + BOTH;
    const budget = walkBudget(21, visible, await estimateMatchingOffers(db(), filters));
    expect(budget).toBeLessThan(2 * ONLY_EACH);
    expect(await listWalkedOffers(db(), filters, 21, 0, budget, 'newest')).toEqual([]);
    // Long enough, the same walk reaches them: the page in the search's own order.
    const all = await listWalkedOffers(db(), filters, 21, 0, visible, 'newest');
    expect(all.map((r) => r.offer.title)).toEqual(
      (await visibleOffersQuery(db(), filters, 21, 0)).map((r) => r.offer.title),
    );
  });
});

describe('a word search whose matches come early', () => {
  it('keeps its walk: the same page, and the planner’s "1,000+"', async () => {
    const title = 'zorblax dea';
    const filters = await withTitlePrefix(db(), { title });
    for (const sort of ['newest', 'payout'] as const) {
      const page = await fetchPage(`title=${encodeURIComponent(title)}&sort=${sort}`);
      expect(page.pagination, sort).toMatchObject({ total: 1000, totalIsCapped: true });
      expect(page.offers.map((o) => o.title)).toEqual(
        (await visibleOffersQuery(db(), filters, 20, 0, undefined, sort)).map((r) => r.offer.title),
      );
    }
  });
});
