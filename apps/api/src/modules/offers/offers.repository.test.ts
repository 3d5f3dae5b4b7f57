import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers';
import { buildEntityAccount, insertOffers } from '../../../test/factories';
import {
  categoryWalkChosen,
  countVisibleOffersCapped,
  listVisibleOffers,
  visibleOffersQuery,
} from './explorer/explorer.repository';
import { anyLexemeQuery, type OfferFilters } from './explorer/filters.sql';
import type { PagePlan } from './explorer/plan';
import { expandTitlePrefix, TITLE_PREFIX_LEXEMES_MAX } from './explorer/word-search.repository';
import { offerFiltersKey, withTitlePrefix } from './explorer/explorer.service';
import { knownEstimate } from '../../lib/planner-estimates';

// docs/decisions/016-cpu-per-request.md: the explorer's page carries its capped count in the same
// statement, and the unfiltered feed page is a prepared statement. Both must answer exactly what
// the separate statements answer.
const ctx = useTestApp();
const { db } = ctx;

const ids = (rows: { offer: { id: string } }[]) => rows.map((r) => r.offer.id);

/**
 * A plan's page answers what the statement planned with the values answers, on each page, with
 * and without its count (the first five pages are named statements, the sixth is planned with
 * its values). Returns the first page's ids.
 */
async function sameAsPlanned(
  filters: OfferFilters,
  plan: PagePlan,
  offsets = [0, 20, 40, 60, 80, 100],
): Promise<string[]> {
  const first: string[] = [];
  for (const offset of offsets) {
    for (const countUpTo of [1001, undefined]) {
      const label = `${plan} ${JSON.stringify(filters)} ${offset} ${countUpTo}`;
      const rows = await listVisibleOffers(db(), filters, 21, offset, countUpTo, 'newest', plan);
      const planned = await visibleOffersQuery(db(), filters, 21, offset, countUpTo);
      expect(ids(rows), label).toEqual(ids(planned));
      expect(
        rows.map((r) => r.matches),
        label,
      ).toEqual(planned.map((r) => r.matches));
      if (offset === 0 && countUpTo) first.push(...ids(rows));
    }
  }
  return first;
}

describe('explorer statements (decision 016)', () => {
  it("reads none of the owners' columns for a public page", async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `own${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 3);
    const owners = ['postbackSecret', 'clickCount', 'conversionCount', 'payoutTotal'];
    for (const rows of [
      await listVisibleOffers(db(), {}, 21, 0),
      await listVisibleOffers(db(), { title: tag }, 21, 0, 1001, 'newest', 'few matches'),
      await listVisibleOffers(db(), { title: tag, geo: ['US'] }, 21, 0, 1001),
    ]) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const column of [...owners, 'createdByUserId']) {
          expect(row.offer, column).not.toHaveProperty(column);
        }
      }
    }
  });

  it('a page with its count inline equals the page and the count run apart', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `inl${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 45, {
      description: 'Inline count',
      category: sql`CASE WHEN g % 3 = 0 THEN 'Nutra' ELSE 'Crypto' END`,
      geo: sql`CASE WHEN g % 2 = 0 THEN ARRAY['US'] ELSE ARRAY['CA', 'DE'] END`,
    });
    const cases: OfferFilters[] = [
      { title: tag },
      { title: tag, geo: ['US'] },
      { title: tag, category: ['nutra'] },
      { title: `${tag} item 4` },
      { title: 'no-such-word-anywhere' },
    ];
    for (const filters of cases) {
      for (const [limit, offset] of [
        [21, 0],
        [11, 10],
        [21, 40],
      ] as const) {
        const inline = await listVisibleOffers(db(), filters, limit, offset, 1001);
        const plain = await listVisibleOffers(db(), filters, limit, offset);
        const counted = await countVisibleOffersCapped(db(), filters, 1001);
        expect(ids(inline)).toEqual(ids(plain));
        expect(plain.every((r) => r.matches === null)).toBe(true);
        expect(inline.every((r) => r.matches === counted)).toBe(true);
        // Few matches: found once for the page and the count, in each order.
        for (const sort of ['newest', 'payout'] as const) {
          const apart = await listVisibleOffers(db(), filters, limit, offset, 1001, sort);
          const shared = await listVisibleOffers(
            db(),
            filters,
            limit,
            offset,
            1001,
            sort,
            'few matches',
          );
          expect(ids(shared)).toEqual(ids(apart));
          expect(shared.map((r) => r.entity)).toEqual(apart.map((r) => r.entity));
          expect(shared.every((r) => r.matches === counted)).toBe(true);
        }
      }
    }
    // The count stops at its cap, inline as apart, with the matches shared or not.
    const capped = await listVisibleOffers(db(), { title: tag }, 5, 0, 10);
    expect(capped[0]?.matches).toBe(10);
    const sharedCapped = await listVisibleOffers(
      db(),
      { title: tag },
      5,
      0,
      10,
      'newest',
      'few matches',
    );
    expect(sharedCapped[0]?.matches).toBe(10);
    expect(ids(sharedCapped)).toEqual(ids(capped));
    await ctx.database.query(`DELETE FROM offers WHERE title LIKE $1`, [`${tag} %`]);
  });

  it('the prepared feed page equals the built query, page after page', async () => {
    const adv = await buildEntityAccount(db(), 'network');
    const tag = `prep${Date.now()}`;
    await insertOffers(db(), adv.entity.id, tag, 30, { description: 'Prepared' });
    // More than five runs: PostgreSQL may switch a prepared statement to its generic plan.
    for (const [limit, offset] of [
      [21, 0],
      [21, 20],
      [5, 3],
      [21, 0],
      [2, 29],
      [21, 0],
      [101, 0],
      [1, 1000],
    ] as const) {
      const prepared = await listVisibleOffers(db(), {}, limit, offset);
      const built = await visibleOffersQuery(db(), {}, limit, offset);
      expect(ids(prepared)).toEqual(ids(built));
      expect(prepared.map((r) => r.entity)).toEqual(built.map((r) => r.entity));
    }
    await ctx.database.query(`DELETE FROM offers WHERE title LIKE $1`, [`${tag} %`]);
  });
});

// Decision 016: the explorer's statements are compiled once per shape and run with each request's
// values. A kept statement must answer for its own values, never for those it was compiled with.
describe('kept statements (one per shape)', () => {
  it('the same shape with other values answers as the statement built in place', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `kept${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 24, {
      description: 'Kept statements',
      category: sql`CASE WHEN g % 3 = 0 THEN 'Nutra' ELSE 'Crypto' END`,
      geo: sql`CASE WHEN g % 2 = 0 THEN ARRAY['US'] ELSE ARRAY['CA', 'DE'] END`,
    });
    await ctx.database.query(
      `UPDATE offers SET payout_amount = substring(title from '[0-9]+$')::numeric,
         payout_type = CASE WHEN substring(title from '[0-9]+$')::int % 2 = 0 THEN 'CPA' ELSE 'CPL' END
       WHERE title LIKE $1`,
      [`${tag} %`],
    );
    // Pairs of one shape: the second runs the statement the first compiled.
    const shapes: [OfferFilters, OfferFilters][] = [
      [
        { title: tag, category: ['nutra'] },
        { title: tag, category: ['crypto'] },
      ],
      [
        { title: tag, geo: ['US'] },
        { title: tag, geo: ['DE'] },
      ],
      [{ title: `${tag} item 1` }, { title: `${tag} item 2` }],
      // No word (a code): the substring path.
      [
        { title: 'm 1', entityId: adv.entity.id },
        { title: 'm 2', entityId: adv.entity.id },
      ],
      [
        { title: tag, payoutMin: 5 },
        { title: tag, payoutMin: 20 },
      ],
      [
        { title: tag, payoutType: ['CPA'] },
        { title: tag, payoutType: ['CPL'] },
      ],
      [
        { title: tag, entityId: adv.entity.id },
        { title: tag, entityId: crypto.randomUUID() },
      ],
    ];
    for (const pair of shapes) {
      const answers: string[][] = [];
      for (const filters of pair) {
        for (const sort of ['newest', 'payout', 'best'] as const) {
          const kept = await listVisibleOffers(db(), filters, 7, 2, 1001, sort);
          const built = await visibleOffersQuery(db(), filters, 7, 2, 1001, sort);
          expect(ids(kept)).toEqual(ids(built));
          expect(kept.map((r) => r.matches)).toEqual(built.map((r) => r.matches));
        }
        const counted = await countVisibleOffersCapped(db(), filters, 1001);
        const page = await visibleOffersQuery(db(), filters, 1001, 0);
        expect(counted).toBe(page.length);
        answers.push(ids(await listVisibleOffers(db(), filters, 30, 0, 1001)));
      }
      // The pair's values select different offers: a statement answering with its first values
      // would fail here.
      expect(answers[0], JSON.stringify(pair)).not.toEqual(answers[1]);
    }
    await ctx.database.query(`DELETE FROM offers WHERE title LIKE $1`, [`${tag} %`]);
  });
});

// docs/decisions/040-category-walk.md: one category (and GEOs), newest first, on the first pages,
// runs as a named statement whose generic plan walks the category index, where PostgreSQL would
// plan that walk with the values. It must answer what the statement planned with the values
// answers, and must not be chosen where PostgreSQL would read the GEO index instead.
describe('the category walk (decision 040)', () => {
  it('answers what the statement planned with the values answers, on every page', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `walk${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 130, {
      category: sql`CASE WHEN g % 3 = 0 THEN ${`${tag}a`} ELSE ${`${tag}b`} END`,
      geo: sql`CASE WHEN g % 2 = 0 THEN ARRAY['US'] WHEN g % 5 = 0 THEN ARRAY['LU'] ELSE ARRAY['CA', 'DE'] END`,
    });
    // Typed in another case than stored: categories compare in lower case.
    const a = `${tag}A`;
    const b = `${tag}B`;
    const pairs: OfferFilters[][] = [
      [{ category: [a] }, { category: [b] }],
      [
        { category: [a], geo: ['US'] },
        { category: [a], geo: ['CA'] },
      ],
      [
        { category: [b], geo: ['US', 'LU'] },
        { category: [b], geo: ['DE'] },
      ],
    ];
    for (const pair of pairs) {
      const firstPages: string[][] = [];
      for (const filters of pair) firstPages.push(await sameAsPlanned(filters, 'category walk'));
      expect(firstPages[0]!.length, JSON.stringify(pair)).toBeGreaterThan(0);
      // The pair's values select different offers: a statement answering with its first values
      // would fail here.
      expect(firstPages[0], JSON.stringify(pair)).not.toEqual(firstPages[1]);
    }
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [adv.entity.id]);
  });

  it('is chosen where PostgreSQL walks the category with the values, not for a rare GEO', async () => {
    const adv = await buildEntityAccount(db(), 'network');
    const tag = `big${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 3_000, {
      category: sql`${tag}`,
      geo: sql`CASE WHEN g <= 2 THEN ARRAY['QZ'] WHEN g % 2 = 0 THEN ARRAY['US'] ELSE ARRAY['CA'] END`,
    });
    // The category a small part of all offers, as each is at scale (at most a fifth in the bench's
    // seed); on a table it filled, reading every row would be as cheap.
    await insertOffers(db(), adv.entity.id, `${tag} other`, 12_000, {
      category: sql`${`${tag}x`}`,
    });
    await ctx.database.query('VACUUM ANALYZE offers');
    expect(await categoryWalkChosen(db(), { category: [tag], geo: ['US'] })).toBe(true);
    expect(await categoryWalkChosen(db(), { category: [tag] })).toBe(true);
    // Two offers of 3,000 target QZ: the GEO index finds them without walking the category.
    expect(await categoryWalkChosen(db(), { category: [tag], geo: ['QZ'] })).toBe(false);
    // Not a walk's filters at all.
    expect(await categoryWalkChosen(db(), { category: [tag, 'Nutra'] })).toBe(false);
    expect(await categoryWalkChosen(db(), { category: [tag], payoutType: ['CPA'] })).toBe(false);
    expect(await categoryWalkChosen(db(), { category: [tag], title: 'item' })).toBe(false);

    expect(await categoryWalkChosen(db(), { category: [tag], geo: ['US', 'CA'] })).toBe(true);
    expect(await categoryWalkChosen(db(), { category: [tag], geo: ['QZ', 'KR'] })).toBe(false);

    // Through the API (two GEOs: one is read from offer_geo_listings, decision 042): the walked
    // page, its capped total, and the rare GEOs planned as before.
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/offers/fetch_all?category=${tag}&geo=US&geo=CA&page=2`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const planned = await visibleOffersQuery(db(), { category: [tag], geo: ['US', 'CA'] }, 20, 20);
    expect(res.json().offers.map((o: { offer_id: string }) => o.offer_id)).toEqual(ids(planned));
    expect(res.json().pagination).toMatchObject({ totalIsCapped: true, hasNextPage: true });
    const rare = await ctx.inject({
      method: 'GET',
      url: `/api/offers/fetch_all?category=${tag}&geo=QZ&geo=KR`,
    });
    expect(rare.json().offers).toHaveLength(2);
    expect(rare.json().pagination).toMatchObject({ total: 2, totalIsCapped: false });
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [adv.entity.id]);
  });
});

// docs/decisions/042-offer-geo-listings.md: one category and one GEO, newest first, are read from
// offer_geo_listings, kept by triggers. The page and its count must answer exactly what the offers'
// own statement answers, after every kind of write.
describe('GEO listings (decision 042)', () => {
  /**
   * Rows of offer_geo_listings that differ from what offers say they should be, and numbers of
   * offer_geo_counts (decision 044) that differ from the listed offers without an expiry (0: none).
   */
  const drift = async () =>
    (
      await ctx.database.query(`
        WITH expected AS (
          SELECT DISTINCT o.id AS offer_id, g.geo, lower(o.category) AS category_key, o.created_at,
            o.expires_at, o.offer_status, o.owner_approved, o.payout_amount
          FROM offers o CROSS JOIN LATERAL unnest(o.target_geo) AS g(geo)),
        kept AS (
          SELECT offer_id, geo, category_key, created_at, expires_at, offer_status, owner_approved,
            payout_amount
          FROM offer_geo_listings),
        counts_expected AS (
          SELECT category_key, geo, count(*)::int AS listed FROM expected
          WHERE offer_status = 'active' AND owner_approved AND expires_at IS NULL
          GROUP BY category_key, geo),
        counts_kept AS (SELECT category_key, geo, listed FROM offer_geo_counts WHERE listed <> 0)
        SELECT ((SELECT count(*) FROM (TABLE expected EXCEPT TABLE kept) a)
          + (SELECT count(*) FROM (TABLE kept EXCEPT TABLE expected) b)
          + (SELECT count(*) FROM (TABLE counts_expected EXCEPT TABLE counts_kept) c)
          + (SELECT count(*) FROM (TABLE counts_kept EXCEPT TABLE counts_expected) d))::int AS n`)
    ).rows[0]!.n as number;

  it("answers what the offers' statement answers, on every page", async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `geo${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 130, {
      category: sql`CASE WHEN g % 3 = 0 THEN ${`${tag}a`} ELSE ${`${tag}b`} END`,
      // A GEO twice in one offer counts it once.
      geo: sql`CASE WHEN g % 2 = 0 THEN ARRAY['US', 'US'] WHEN g % 5 = 0 THEN ARRAY['LU'] ELSE ARRAY['CA', 'DE'] END`,
    });
    // Some expired, some paused: not listed, not counted.
    await ctx.database.query(
      `UPDATE offers SET expires_at = now() - interval '1 day' WHERE title LIKE $1`,
      [`${tag} item 1%`],
    );
    await ctx.database.query(`UPDATE offers SET offer_status = 'paused' WHERE title LIKE $1`, [
      `${tag} item 2%`,
    ]);
    // Some expire tomorrow: listed, and counted apart from the kept number (decision 044).
    await ctx.database.query(
      `UPDATE offers SET expires_at = now() + interval '1 day' WHERE title LIKE $1`,
      [`${tag} item 3%`],
    );
    // Payouts from 0.50 to 199.50, and RevShare offers, whose payout is a percentage and whose
    // amount is null: within no payout bound (decision 042, Note 2026-11-29).
    await ctx.database.query(
      `UPDATE offers SET payout_amount = (split_part(title, ' ', 3)::int * 37) % 200 + 0.5
        WHERE title LIKE $1`,
      [`${tag} item %`],
    );
    await ctx.database.query(
      `UPDATE offers SET payout_type = 'RevShare', payout_amount = NULL, payout_percent = '30%'
        WHERE title LIKE $1`,
      [`${tag} item %7`],
    );
    expect(await drift()).toBe(0);
    // Typed in another case than stored: categories compare in lower case.
    const pairs: OfferFilters[][] = [
      [
        { category: [`${tag}A`], geo: ['US'] },
        { category: [`${tag}A`], geo: ['CA'] },
      ],
      [
        { category: [`${tag}b`], geo: ['DE'] },
        { category: [`${tag}B`], geo: ['LU'] },
      ],
      // A payout floor, a ceiling, both; a bound at an offer's exact payout (item 31: 147.5).
      [
        { category: [`${tag}a`], geo: ['US'], payoutMin: 100 },
        { category: [`${tag}a`], geo: ['CA'], payoutMin: 100 },
      ],
      [
        { category: [`${tag}b`], geo: ['DE'], payoutMax: 90 },
        { category: [`${tag}b`], geo: ['DE'], payoutMin: 60, payoutMax: 147.5 },
      ],
      [
        { category: [`${tag}b`], geo: ['CA'], payoutMin: 147.5 },
        { category: [`${tag}b`], geo: ['CA'], payoutMax: 147.5 },
      ],
    ];
    for (const pair of pairs) {
      const [one, other] = [
        await sameAsPlanned(pair[0]!, 'geo listings'),
        await sameAsPlanned(pair[1]!, 'geo listings'),
      ];
      expect(one.length, JSON.stringify(pair)).toBeGreaterThan(0);
      // The pair's values select different offers: a statement answering with its first values
      // would fail here.
      expect(one, JSON.stringify(pair)).not.toEqual(other);
    }
    // A floor above every payout, a floor above the ceiling: nothing, from either statement.
    for (const filters of [
      { category: [`${tag}a`], geo: ['US'], payoutMin: 200 },
      { category: [`${tag}b`], geo: ['DE'], payoutMin: 120, payoutMax: 60 },
    ] as OfferFilters[]) {
      expect(await sameAsPlanned(filters, 'geo listings', [0, 20])).toEqual([]);
    }
    // Not its filters: answered by the offers' statement, whatever was asked.
    for (const filters of [
      { category: [`${tag}a`], geo: ['US', 'CA'] },
      { category: [`${tag}a`] },
      { category: [`${tag}a`], geo: ['US'], payoutType: ['CPA'] },
    ] as OfferFilters[]) {
      await sameAsPlanned(filters, 'geo listings', [0]);
    }
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [adv.entity.id]);
    expect(await drift()).toBe(0);
  });

  it('follows every write of an offer and of its entity, and a click rewrites nothing', async () => {
    const adv = await buildEntityAccount(db(), 'network');
    const tag = `geow${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 6, {
      category: sql`${tag}`,
      geo: sql`ARRAY['US', 'CA']`,
    });
    const us = { category: [tag], geo: ['US'] };
    const gb = { category: [tag], geo: ['GB'] };
    const usRich = { ...us, payoutMin: 400 };
    const listed = async (filters: OfferFilters) => {
      const rows = await listVisibleOffers(db(), filters, 21, 0, 1001, 'newest', 'geo listings');
      expect(ids(rows)).toEqual(ids(await visibleOffersQuery(db(), filters, 21, 0, 1001)));
      return rows.map((r) => r.offer.title).sort();
    };
    const item = (n: number) => `${tag} item ${n}`;
    const entity = adv.entity.id;
    const steps: [string, ReturnType<typeof sql> | null, number, number, number][] = [
      // [what, the write, offers listed for US, for GB, for US paying 400 or more]
      ['inserted', null, 6, 0, 0],
      [
        'payout edited',
        sql`UPDATE offers SET payout_amount = 450 WHERE title IN (${item(5)}, ${item(6)})`,
        6,
        0,
        2,
      ],
      [
        'payout lowered, one made RevShare',
        sql`UPDATE offers SET payout_amount = CASE WHEN title = ${item(5)} THEN 399.99 END,
            payout_type = CASE WHEN title = ${item(5)} THEN 'CPA' ELSE 'RevShare' END,
            payout_percent = CASE WHEN title = ${item(5)} THEN NULL ELSE '25%' END
          WHERE title IN (${item(5)}, ${item(6)})`,
        6,
        0,
        0,
      ],
      [
        'payout raised again',
        sql`UPDATE offers SET payout_amount = 400 WHERE title = ${item(5)}`,
        6,
        0,
        1,
      ],
      [
        'GEOs edited',
        sql`UPDATE offers SET target_geo = ARRAY['GB'] WHERE title = ${item(1)}`,
        5,
        1,
        1,
      ],
      ['paused', sql`UPDATE offers SET offer_status = 'paused' WHERE title = ${item(2)}`, 4, 1, 1],
      [
        'expired',
        sql`UPDATE offers SET expires_at = now() - interval '1 hour' WHERE title = ${item(3)}`,
        3,
        1,
        1,
      ],
      [
        'moved out of the category',
        sql`UPDATE offers SET category = 'Other' WHERE title = ${item(4)}`,
        2,
        1,
        1,
      ],
      [
        'entity rejected',
        sql`UPDATE entities SET verification_status = 'rejected' WHERE id = ${entity}`,
        0,
        0,
        0,
      ],
      [
        'entity approved',
        sql`UPDATE entities SET verification_status = 'approved' WHERE id = ${entity}`,
        2,
        1,
        1,
      ],
      [
        'resumed, renewed',
        sql`UPDATE offers SET offer_status = 'active', expires_at = NULL WHERE entity_id = ${entity}`,
        4,
        1,
        1,
      ],
      ['deleted', sql`DELETE FROM offers WHERE title = ${item(5)}`, 3, 1, 0],
    ];
    for (const [what, write, forUs, forGb, forRich] of steps) {
      if (write) await db().execute(write);
      expect(await drift(), what).toBe(0);
      expect(await listed(us), what).toHaveLength(forUs);
      expect(await listed(gb), what).toHaveLength(forGb);
      expect(await listed(usRich), what).toHaveLength(forRich);
    }
    // A click changes nothing the listings copy: their rows are not rewritten (same xmin).
    const versions = () =>
      ctx.database.query(
        `SELECT l.xmin::text FROM offer_geo_listings l JOIN offers o ON o.id = l.offer_id
          WHERE o.entity_id = $1 ORDER BY l.offer_id, l.geo`,
        [adv.entity.id],
      );
    const before = (await versions()).rows;
    await ctx.database.query(
      `UPDATE offers SET click_count = click_count + 1 WHERE entity_id = $1`,
      [adv.entity.id],
    );
    expect((await versions()).rows).toEqual(before);
    // The entity deleted: its offers go by cascade, and their listings with them.
    await ctx.database.query(`DELETE FROM entities WHERE id = $1`, [adv.entity.id]);
    expect(await drift()).toBe(0);
    expect(await listed(us)).toEqual([]);
  });

  it('counts an offer until it expires, with no write when it does (decision 044)', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `geox${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 3, {
      category: sql`${tag}`,
      geo: sql`ARRAY['US']`,
    });
    await ctx.database.query(
      `UPDATE offers SET expires_at = now() + interval '1500 milliseconds' WHERE title = $1`,
      [`${tag} item 1`],
    );
    const counted = async () =>
      (
        await listVisibleOffers(
          db(),
          { category: [tag], geo: ['US'] },
          21,
          0,
          1001,
          'newest',
          'geo listings',
        )
      )[0]?.matches;
    expect(await counted()).toBe(3);
    expect(await drift()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    // Time, not a write, ended its listing: the kept number never held it.
    expect(await counted()).toBe(2);
    expect(
      (await visibleOffersQuery(db(), { category: [tag], geo: ['US'] }, 21, 0, 1001))[0]?.matches,
    ).toBe(2);
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [adv.entity.id]);
    expect(await drift()).toBe(0);
  });

  it('through the API: one category and one GEO, its page and capped total', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `geoapi${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 1_050, {
      category: sql`${tag}`,
      geo: sql`CASE WHEN g <= 1020 THEN ARRAY['US'] ELSE ARRAY['QZ', 'US'] END`,
    });
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/offers/fetch_all?category=${tag}&geo=US&page=2`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const planned = await visibleOffersQuery(db(), { category: [tag], geo: ['US'] }, 20, 20);
    expect(res.json().offers.map((o: { offer_id: string }) => o.offer_id)).toEqual(ids(planned));
    expect(res.json().pagination).toMatchObject({ totalIsCapped: true, hasNextPage: true });
    const rare = await ctx.inject({
      method: 'GET',
      url: `/api/offers/fetch_all?category=${tag.toUpperCase()}&geo=QZ`,
    });
    expect(rare.json().offers).toHaveLength(20);
    expect(rare.json().pagination).toMatchObject({ total: 30, totalIsCapped: false });
    // With a payout bound, from the listings too (decision 042, Note 2026-11-29): the page and its
    // total counted in the range, capped or exact. Payouts 1.00 … 1,050.00, every hundredth RevShare.
    await ctx.database.query(
      `UPDATE offers SET payout_amount = split_part(title, ' ', 3)::int WHERE entity_id = $1`,
      [adv.entity.id],
    );
    await ctx.database.query(
      `UPDATE offers SET payout_type = 'RevShare', payout_amount = NULL, payout_percent = '30%'
        WHERE entity_id = $1 AND title LIKE '%00'`,
      [adv.entity.id],
    );
    for (const [query, filters, total, capped] of [
      ['payout_min=5', { payoutMin: 5 }, 1000, true],
      ['payout_min=1000&payout_max=1040', { payoutMin: 1000, payoutMax: 1040 }, 40, false],
      ['payout_max=25.5', { payoutMax: 25.5 }, 25, false],
    ] as const) {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/offers/fetch_all?category=${tag}&geo=US&${query}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const planned = await visibleOffersQuery(
        db(),
        { category: [tag], geo: ['US'], ...filters },
        20,
        0,
      );
      expect(
        res.json().offers.map((o: { offer_id: string }) => o.offer_id),
        query,
      ).toEqual(ids(planned));
      expect(res.json().pagination, query).toMatchObject({ total, totalIsCapped: capped });
    }
    // Listed, its count needs no planner's estimate first; by payout it is offers' statement,
    // whose count reads two bitmaps: the planner is asked first, as for any other filters
    // (decision 006, Note 2026-11-29).
    const estimated = (filters: OfferFilters) =>
      knownEstimate(
        db(),
        `offers:${offerFiltersKey({ category: [tag], geo: ['US'], ...filters })}`,
      );
    expect(estimated({ payoutMin: 1000, payoutMax: 1040 })).toBeUndefined();
    expect(estimated({ payoutMin: 999, payoutMax: 1040 })).toBeUndefined();
    const byPayout = await ctx.inject({
      method: 'GET',
      url: `/api/offers/fetch_all?category=${tag}&geo=US&payout_min=999&payout_max=1040&sort=payout`,
    });
    expect(byPayout.json().pagination).toMatchObject({ total: 41, totalIsCapped: false });
    expect(estimated({ payoutMin: 999, payoutMax: 1040 })).toBeTypeOf('number');
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [adv.entity.id]);
  });
});

describe('explorer totals with the count inline', () => {
  it('a page past the end is still counted, the first page exactly', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `past${Date.now()}`;
    await insertOffers(db(), adv.entity.id, tag, 11, { description: 'Past the end' });
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/offers/fetch_all?title=${tag}&limit=5&page=4`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offers).toHaveLength(0);
    // Counted apart (an empty page carries no count): not "1,000+", no next page.
    expect(res.json().pagination).toMatchObject({ totalIsCapped: false, hasNextPage: false });
    const first = await ctx.inject({
      method: 'GET',
      url: `/api/offers/fetch_all?title=${tag}&limit=5`,
    });
    expect(first.json().pagination).toMatchObject({ total: 11, hasNextPage: true });
    await ctx.database.query(`DELETE FROM offers WHERE title LIKE $1`, [`${tag} %`]);
  });
});

// docs/decisions/035-offer-owner-approved.md: the public rule reads the offer's copy of its
// entity's approval, kept by triggers; these are what keep it true.
describe("an offer's copy of its entity's approval (migration 0033)", () => {
  const flags = async (entityId: string) =>
    (
      (await db().execute(
        sql`SELECT owner_approved FROM offers WHERE entity_id = ${entityId} ORDER BY id`,
      )) as unknown as { rows: { owner_approved: boolean }[] }
    ).rows.map((r) => r.owner_approved);
  const setStatus = (entityId: string, status: string) =>
    db().execute(sql`UPDATE entities SET verification_status = ${status} WHERE id = ${entityId}`);
  const listedTitles = async (tag: string) =>
    (await listVisibleOffers(db(), { title: tag }, 50, 0)).map((r) => r.offer.title);

  it('follows the entity: set on insert, changed with its status, hidden and shown in the explorer', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `own${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} item`, 3);
    expect(await flags(adv.entity.id)).toEqual([true, true, true]);
    expect(await listedTitles(tag)).toHaveLength(3);
    expect(await countVisibleOffersCapped(db(), { title: tag }, 1001)).toBe(3);

    for (const status of ['rejected', 'pending']) {
      await setStatus(adv.entity.id, status);
      expect((await flags(adv.entity.id)).some(Boolean), status).toBe(false);
      expect(await listedTitles(tag), status).toEqual([]);
      expect(await countVisibleOffersCapped(db(), { title: tag }, 1001), status).toBe(0);
      // An offer added meanwhile starts unlisted too.
      await insertOffers(db(), adv.entity.id, `${tag} ${status}`, 1);
      await setStatus(adv.entity.id, 'approved');
      expect((await flags(adv.entity.id)).every(Boolean), status).toBe(true);
    }
    expect(await listedTitles(tag)).toHaveLength(5);
  });

  it('cannot be set by hand, and moves with the offer to another entity', async () => {
    const approved = await buildEntityAccount(db(), 'advertiser');
    const waiting = await buildEntityAccount(db(), 'network');
    await setStatus(waiting.entity.id, 'pending');
    const tag = `mv${Date.now()}`;
    await insertOffers(db(), waiting.entity.id, `${tag} item`, 1);
    await db().execute(
      sql`UPDATE offers SET owner_approved = true WHERE entity_id = ${waiting.entity.id}`,
    );
    expect(await flags(waiting.entity.id)).toEqual([false]);
    expect(await listedTitles(tag)).toEqual([]);
    await db().execute(
      sql`UPDATE offers SET entity_id = ${approved.entity.id} WHERE entity_id = ${waiting.entity.id}`,
    );
    expect(await flags(approved.entity.id)).toEqual([true]);
    expect(await listedTitles(tag)).toHaveLength(1);
  });
});

// docs/decisions/036-prefix-expansion.md: the last word of a search, matched as a prefix, is
// replaced by the lexemes of offer_search_lexemes that start with it. The same offers must match
// as with PostgreSQL's own prefix match, for every form a search takes, and the lexicon must follow
// inserts and edits, or a new word would be missed.
describe('the last word expanded into the lexemes that exist (migration 0034)', () => {
  const letters = () =>
    Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
      '',
    );
  const sorted = (rows: { offer: { id: string } }[]) => ids(rows).sort();

  it('matches what the prefix match matches, and follows new offers and edits', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const w = `vx${letters()}`;
    await insertOffers(db(), adv.entity.id, `Hotel ${w}glow`, 3);
    await insertOffers(db(), adv.entity.id, `Hotel ${w}glowing`, 2);
    await insertOffers(db(), adv.entity.id, `Resort ${w}glossy`, 2);
    await insertOffers(db(), adv.entity.id, `Villa plain`, 2, {
      description: `Mentions ${w}glowup in the description only`,
    });

    const expansion = await expandTitlePrefix(db(), `${w}glo`);
    expect(expansion?.lexemes.length).toBeGreaterThanOrEqual(3);
    expect(expansion?.lexemes.every((l) => l.startsWith(`${w}glo`))).toBe(true);
    // to_tsquery's own normalization: "…glowing" is stemmed before it is a prefix.
    expect((await expandTitlePrefix(db(), `${w}glowing`))?.lexemes).toEqual(
      (await expandTitlePrefix(db(), `${w}glow`))?.lexemes,
    );
    // No prefix to expand: the last word excluded, or too short.
    expect(await expandTitlePrefix(db(), `${w}glo -hotel`)).toBeUndefined();
    expect(await expandTitlePrefix(db(), `${w}glo ab`)).toBeUndefined();
    expect(await expandTitlePrefix(db(), 'x5')).toBeUndefined();

    const searches = [
      `${w}glo`,
      `hotel ${w}glow`,
      `${w}glowing`,
      `-resort ${w}glo`,
      `the ${w}glo`,
      `${w}glowu`,
      `villa ${w}glo`,
      `hotel ${w}zzz`,
      `${w}glo -hotel`,
    ];
    const found: number[] = [];
    for (const title of searches) {
      const titlePrefix = await expandTitlePrefix(db(), title);
      const plain: OfferFilters = { title };
      const expanded: OfferFilters = { title, titlePrefix };
      for (const sort of ['newest', 'payout', 'best'] as const) {
        const a = await listVisibleOffers(db(), plain, 50, 0, 1001, sort);
        const b = await listVisibleOffers(db(), expanded, 50, 0, 1001, sort);
        expect(sorted(b), `${title} ${sort}`).toEqual(sorted(a));
        if (sort !== 'best') expect(ids(b), `${title} ${sort}`).toEqual(ids(a));
      }
      const counted = await countVisibleOffersCapped(db(), expanded, 1001);
      expect(counted, title).toBe(await countVisibleOffersCapped(db(), plain, 1001));
      found.push(counted);
    }
    // What each search found, so the comparison above is not between two empty lists.
    expect(found).toEqual([9, 5, 7, 7, 9, 2, 2, 0, 0]);

    // An expansion made for one title is not used for another (a "did you mean" recount).
    const other = await listVisibleOffers(
      db(),
      { title: `resort ${w}glo`, titlePrefix: expansion },
      50,
      0,
    );
    expect(other).toHaveLength(2);

    // A word that arrives later: by a new offer, and by an edit of a description.
    await insertOffers(db(), adv.entity.id, `Cruise ${w}glowbright`, 1);
    await db().execute(
      sql`UPDATE offers SET description = ${`Now ${w}glowfresh`} WHERE title = 'Villa plain 1' AND entity_id = ${adv.entity.id}`,
    );
    const later = await expandTitlePrefix(db(), `${w}glow`);
    expect(later?.lexemes).toEqual(expect.arrayContaining([`${w}glowbright`, `${w}glowfresh`]));
    expect(
      await countVisibleOffersCapped(
        db(),
        { title: `${w}glowf`, titlePrefix: await expandTitlePrefix(db(), `${w}glowf`) },
        1001,
      ),
    ).toBe(1);
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [adv.entity.id]);
  });

  it('is used where the prefix alone reads many posting entries, by the planner', async () => {
    const adv = await buildEntityAccount(db(), 'network');
    const w = `vz${letters()}`;
    await insertOffers(db(), adv.entity.id, `${w}glow`, 2_500);
    await insertOffers(db(), adv.entity.id, `${w}rare`, 3);
    await ctx.database.query('ANALYZE offers');
    const many = await withTitlePrefix(db(), { title: `hotel ${w}glo` });
    expect(many.titlePrefix?.lexemes).toEqual([`${w}glow`]);
    const few = await withTitlePrefix(db(), { title: `${w}rar` });
    expect(few.titlePrefix).toBeUndefined();
    expect(await countVisibleOffersCapped(db(), many, 5_000)).toBe(0);
    const glow = await withTitlePrefix(db(), { title: `${w}glo` });
    expect(glow.titlePrefix).toBeDefined();
    expect(await countVisibleOffersCapped(db(), glow, 5_000)).toBe(2_500);
    await ctx.database.query(`DELETE FROM offers WHERE entity_id = $1`, [adv.entity.id]);
  });

  it('a prefix of more lexemes than the bound keeps the prefix match', async () => {
    // Ending in 'k', which the English stemmer keeps (a random 'y' ending became 'i': a flake).
    const w = `vy${letters()}k`;
    await ctx.database.query(
      `INSERT INTO offer_search_lexemes (lexeme) SELECT $1 || g FROM generate_series(1, $2::int) g`,
      [w, TITLE_PREFIX_LEXEMES_MAX + 1],
    );
    expect(await expandTitlePrefix(db(), w)).toBeUndefined();
    await ctx.database.query(`DELETE FROM offer_search_lexemes WHERE lexeme LIKE $1`, [`${w}%`]);
    await ctx.database.query(
      `INSERT INTO offer_search_lexemes (lexeme) SELECT $1 || g FROM generate_series(1, $2::int) g`,
      [w, TITLE_PREFIX_LEXEMES_MAX],
    );
    expect((await expandTitlePrefix(db(), w))?.lexemes).toHaveLength(TITLE_PREFIX_LEXEMES_MAX);
  });

  it('quotes lexemes as tsquery reads them', async () => {
    const lexemes = ["o'brien", 'back\\slash', 'plain'];
    for (const lexeme of lexemes) {
      const [row] = (
        (await db().execute(
          sql`SELECT array_to_tsvector(ARRAY[${lexeme}]::text[]) @@ ${anyLexemeQuery(lexemes)}::tsquery AS hit`,
        )) as unknown as { rows: { hit: boolean }[] }
      ).rows;
      expect(row?.hit, lexeme).toBe(true);
    }
  });
});
