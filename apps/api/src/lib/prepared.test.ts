import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers';
import { buildEntityAccount, buildReview, buildUser, insertOffers } from '../../test/factories';
import { withDatabase } from '../../test/global-setup';
import { openDatabase } from '../db/client';
import { entities, entityWarnings, offers, users } from '../db/schema';
import { listVisibleOffers } from '../modules/offers/explorer/explorer.repository';
import { splitSearchPage } from '../modules/companies/company-split-search.repository';
import {
  listApprovedForEntityWithFigures,
  reviewPostFacts,
} from '../modules/reviews/reviews.repository';
import { planNodes, plannerPlan } from './planner-estimates';
import { leanRows, pageBounds, perHandle } from './prepared';
import { pageKey, WRITTEN_PAGES } from './page-key';

const size = { limit: 21, step: 20 };

describe('page keys of named page statements (decision 037)', () => {
  it('writes in the first pages of the size the app asks for, and no other', () => {
    const keys = Array.from({ length: WRITTEN_PAGES + 1 }, (_, i) => pageKey(21, i * 20, size));
    expect(keys).toEqual(['21_0', '21_20', '21_40', '21_60', '21_80', '']);
    expect(pageKey(11, 0, size)).toBe('');
    expect(pageKey(21, 7, size)).toBe('');
    expect(pageKey(21, -20, size)).toBe('');
  });

  it('gives placeholders for the bound form and the numbers for a written one', () => {
    const dialect = new PgDialect();
    const render = (key: string) => {
      const b = pageBounds(key);
      return dialect.sqlToQuery(sql`limit ${b.limit} offset ${b.offset}`);
    };
    expect(render('')).toMatchObject({ sql: 'limit $1 offset $2' });
    expect(render('21_40')).toEqual({ sql: 'limit 21 offset 40', params: [] });
    expect(() => pageBounds('21_0; drop table offers')).toThrow('not a page key');
  });
});

describe('leanRows: rows made into objects once per statement', () => {
  it('gives what drizzle gives: nesting, key order, decoded values, an outer-joined row as null', async () => {
    const db = ctx.db();
    const warned = await buildEntityAccount(db, 'advertiser', { reputationScore: 4.25 });
    const quiet = await buildEntityAccount(db, 'network');
    // A category and GEOs of their own: the file's other tests count Nutra's US and CA offers.
    const category = sql`'Lean rows'`;
    await insertOffers(db, warned.entity.id, 'Lean Warned', 3, {
      category,
      geo: sql`ARRAY['QA', 'QB']`,
    });
    await insertOffers(db, quiet.entity.id, 'Lean Quiet', 3, { category, geo: sql`ARRAY['QA']` });
    await db.execute(
      sql`UPDATE offers SET payout_amount = 12.5, expires_at = now() + interval '3 days'
          WHERE title LIKE 'Lean Warned%'`,
    );
    await db.insert(entityWarnings).values({
      entityId: warned.entity.id,
      kind: 'non_payment',
      publicText: 'Unpaid commissions',
      warningDate: '2026-11-01',
    });
    // Whole tables, nested objects of columns from one table and from two, an outer-joined table
    // that is missing for some rows, and SQL with and without a decoder.
    const query = () =>
      db
        .select({
          offer: offers,
          entity: { name: entities.name, score: entities.reputationScore },
          warning: entityWarnings,
          mixed: { entityName: entities.name, warningText: entityWarnings.publicText },
          owner: { email: users.email },
          geos: sql<number>`cardinality(${offers.targetGeo})`.mapWith(Number),
          plain: sql<string>`${offers.title} || '!'`,
        })
        .from(offers)
        .innerJoin(entities, eq(entities.id, offers.entityId))
        .leftJoin(entityWarnings, eq(entityWarnings.entityId, entities.id))
        .leftJoin(users, sql`${users.entityId} = ${entities.id} and false`)
        .where(sql`${offers.title} like 'Lean %'`)
        .orderBy(offers.title);
    const lean = await leanRows(query().prepare('lean_rows_test')).execute();
    const drizzles = await query().prepare('lean_rows_drizzle').execute();
    expect(lean).toHaveLength(6);
    expect(lean).toEqual(drizzles);
    expect(JSON.stringify(lean)).toBe(JSON.stringify(drizzles));
    // What the comparison covers: decoded values, a missing joined row, a mixed object.
    // Ordered by title: the quiet entity's three offers, then the warned one's.
    const [last, first] = [lean[0]!, lean[5]!];
    expect(first.offer.createdAt).toBeInstanceOf(Date);
    expect(first.offer.expiresAt).toBeInstanceOf(Date);
    expect(first.offer.payoutAmount).toBe(12.5);
    expect(first.offer.targetGeo).toEqual(['QA', 'QB']);
    expect(first.warning?.publicText).toBe('Unpaid commissions');
    expect(first.geos).toBe(2);
    expect(first.owner).toBeNull();
    expect(last.warning).toBeNull();
    expect(last.mixed).toEqual({ entityName: quiet.entity.name, warningText: null });
  });

  it('is what perHandle keeps, and leaves anything that is not a prepared statement as it is', () => {
    const made = perHandle((db) =>
      db
        .select({ one: sql<number>`1` })
        .from(offers)
        .limit(1)
        .prepare('lean_kept'),
    )(ctx.db());
    expect((made as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    );
    const other = { fields: [] };
    expect(leanRows(other)).toBe(other);
    expect(other).not.toHaveProperty('customResultMapper');
  });
});

// PostgreSQL keeps a named statement's generic plan only when the plans it makes with the values
// do not look cheaper. Before decision 037, the feed page and the entity review page (their
// LIMIT, OFFSET and status bound as parameters) were planned anew on every run, although they
// were named so as to be planned once: planning took three times as long as running them.
const ctx = useTestApp();

describe.skipIf(!process.env.DATABASE_URL)('named statements keep a generic plan (037)', () => {
  /** One connection to the test's database, so that pg_prepared_statements shows every run. */
  const oneConnection = async () => {
    const [{ name }] = (await ctx.database.query('SELECT current_database() AS name')).rows as [
      { name: string },
    ];
    return openDatabase({
      databaseUrl: withDatabase(process.env.DATABASE_URL!, name),
      poolSize: 1,
    });
  };

  it("the feed page, the entity review pages, a word search alone, a category walk, GEO listings and a post's facts", async () => {
    const adv = await buildEntityAccount(ctx.db(), 'advertiser');
    const other = await buildEntityAccount(ctx.db(), 'network');
    await insertOffers(ctx.db(), adv.entity.id, 'Keto Boost', 30);
    await insertOffers(ctx.db(), adv.entity.id, 'Solar Panel Leads', 30);
    const reviewer = await buildUser(ctx.db());
    for (const entity of [adv.entity, other.entity]) {
      await buildReview(ctx.db(), { entityId: entity.id, reviewerUserId: reviewer.id });
    }
    // Other categories and GEOs, so that Nutra is a small part of all offers and US of their GEOs,
    // as any category and GEO is at scale.
    await insertOffers(ctx.db(), other.entity.id, 'Filler', 3_000, {
      category: sql`(ARRAY['Gaming', 'Finance', 'Dating', 'Sweepstakes', 'Health'])[1 + g % 5]`,
      geo: sql`ARRAY[(ARRAY['GB', 'DE', 'FR', 'IT', 'ES', 'AU', 'BR', 'MX'])[1 + g % 8]]`,
    });
    // An entity with many reviews, as the hottest entities have at scale.
    const hot = await buildEntityAccount(ctx.db(), 'network');
    await ctx.database.query(
      `INSERT INTO reviews (entity_id, reviewer_user_id, reviewer_type, title, review_text,
          text_hash, overall_rating, rating_quality, rating_support, rating_reliability,
          rating_payment_speed, status, published_at)
        SELECT $1, $2, 'user', 'Bulk ' || g, 'Bulk review number ' || g, 'bulk-' || g,
          1 + g % 5, 4, 4, 4, 4, 'approved', now() - g * interval '1 minute'
        FROM generate_series(1, 2000) g`,
      [hot.entity.id, reviewer.id],
    );
    // Money payouts, for the GEO listings with a payout bound (decision 042, Note 2026-11-29).
    await ctx.database.query(`UPDATE offers SET payout_amount = 50 WHERE entity_id = $1`, [
      adv.entity.id,
    ]);
    await ctx.database.query('VACUUM ANALYZE');
    const one = await oneConnection();
    try {
      const words = ['keto', 'solar', 'boost', 'panel', 'leads', 'ket', 'sola', 'keto boost'];
      for (const [i, title] of words.entries()) {
        const entity = i % 2 === 0 ? adv.entity : other.entity;
        expect(await listVisibleOffers(one.db, {}, 21, 0)).toHaveLength(21);
        expect(
          (await listVisibleOffers(one.db, { title }, 21, 0, 1001, 'newest', 'few matches')).length,
        ).toBeGreaterThan(0);
        const walked = await listVisibleOffers(
          one.db,
          {
            category: [i % 2 === 0 ? 'Nutra' : 'crypto'],
            geo: i % 3 === 0 ? ['US'] : ['CA', 'US'],
          },
          21,
          0,
          1001,
          'newest',
          'category walk',
        );
        expect(walked.length).toBe(i % 2 === 0 ? 21 : 0);
        const listed = await listVisibleOffers(
          one.db,
          { category: [i % 2 === 0 ? 'Nutra' : 'crypto'], geo: [i % 3 === 0 ? 'US' : 'CA'] },
          21,
          0,
          1001,
          'newest',
          'geo listings',
        );
        expect(listed.length).toBe(i % 2 === 0 && i % 3 === 0 ? 21 : 0);
        const bounded = await listVisibleOffers(
          one.db,
          {
            category: [i % 2 === 0 ? 'Nutra' : 'crypto'],
            geo: [i % 3 === 0 ? 'US' : 'CA'],
            payoutMin: i,
            payoutMax: 100 + i,
          },
          21,
          0,
          1001,
          'newest',
          'geo listings',
        );
        expect(bounded.length).toBe(i % 2 === 0 && i % 3 === 0 ? 21 : 0);
        const page = await listApprovedForEntityWithFigures(one.db, entity.id, 10, 0, 'recent');
        expect(page.rows.map((r) => r.review.entityId)).toEqual([entity.id]);
        const stars = await listApprovedForEntityWithFigures(
          one.db,
          entity.id,
          10,
          0,
          'helpful',
          4,
        );
        expect(stars.rows).toHaveLength(1);
        const facts = await reviewPostFacts(one.db, {
          userId: reviewer.id,
          entityId: entity.id,
          textHash: `hash-${i}`,
          dayAgo: new Date(Date.now() - 86_400_000),
          repeatSince: new Date(Date.now() - 86_400_000 * 180),
          burstAccountDays: 7,
        });
        expect(facts.reviewedRecently).toBe(true);
      }
      const { rows } = await one.query(
        'SELECT name, generic_plans::int AS generic FROM pg_prepared_statements ORDER BY name',
      );
      const generic = (prefix: string) =>
        rows.filter((r) => String(r.name).startsWith(prefix)).map((r) => [r.name, r.generic]);
      expect(generic('offers_feed_page')).toEqual([['offers_feed_page_21_0', words.length]]);
      expect(generic('reviews_entity_page')).toEqual([
        ['reviews_entity_page_helpful_stars_10_0', words.length - 5],
        ['reviews_entity_page_recent_10_0', words.length - 5],
      ]);
      // The page's reviews are chosen by their ids alone, index-only along the sort's index, and
      // read with their reviewers for the page only (a hot entity's every review was joined).
      const page = await listApprovedForEntityWithFigures(one.db, hot.entity.id, 10, 0, 'recent');
      expect(page.rows.map((r) => r.review.title)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Bulk ${i + 1}`),
      );
      const reviewPage = await plannerPlan(
        one.db,
        sql.raw(`EXECUTE reviews_entity_page_recent_10_0('${hot.entity.id}')`),
      );
      expect(
        planNodes(reviewPage)
          .filter((n) => String(n['Relation Name']) === 'reviews')
          .map((n) => [n['Node Type'], n['Index Name']]),
      ).toEqual([
        ['Index Only Scan', 'reviews_entity_published_idx'],
        ['Index Scan', 'reviews_pkey'],
      ]);
      expect(generic('reviews_post_facts')).toEqual([['reviews_post_facts', words.length - 5]]);
      expect(generic('offers_kept_')).toEqual([[expect.any(String), words.length - 5]]);
      // Decision 040: one category and GEOs, whichever values; and the generic plan is the walk
      // along the category index (the GEO overlap, written as a function, uses no index).
      expect(generic('offers_walk_')).toEqual([[expect.any(String), words.length - 5]]);
      const { rows: walks } = await one.query(
        `SELECT name, parameter_types::text[] AS types FROM pg_prepared_statements
          WHERE name LIKE 'offers_walk_%'`,
      );
      const { name: walk, types } = walks[0] as { name: string; types: string[] };
      // Its GEOs and category, once for the count and once for the page.
      const values = types.map((t) => (t === 'text[]' ? `'{US}'` : `'nutra'`));
      expect(values).toHaveLength(4);
      const plan = await plannerPlan(one.db, sql.raw(`EXECUTE ${walk}(${values.join(', ')})`));
      const reads = planNodes(plan).filter((n) => n['Relation Name'] === 'offers');
      expect(reads.map((n) => [n['Node Type'], n['Index Name']])).toEqual([
        ['Index Only Scan', 'offers_category_feed_idx'],
        ['Index Scan', 'offers_category_feed_idx'],
      ]);
      // Decision 042: one category and one GEO, whichever values; the generic plan reads the
      // range of offer_geo_listings_feed_idx, and offers only by their key. Its count (decision
      // 044) reads the kept number by its key and the listed offers that expire from their own
      // index, never the whole range.
      // With a payout bound, another statement (another shape of values), also kept generic.
      expect(generic('offers_geo_')).toEqual([
        [expect.any(String), words.length - 5],
        [expect.any(String), words.length - 5],
      ]);
      const { rows: lists } = await one.query(
        `SELECT name, parameter_types::text[] AS types FROM pg_prepared_statements
          WHERE name LIKE 'offers_geo_%'`,
      );
      const [unbounded, withBound] = [...(lists as { name: string; types: string[] }[])].sort(
        (a, b) => a.types.length - b.types.length,
      );
      const listing = await plannerPlan(
        one.db,
        sql.raw(`EXECUTE ${unbounded!.name}(${Array(3).fill(`'nutra', 'US'`).join(', ')})`),
      );
      expect(
        planNodes(listing)
          .filter((n) =>
            ['offers', 'offer_geo_listings', 'offer_geo_counts'].includes(
              String(n['Relation Name']),
            ),
          )
          // The kept numbers' small table is read by key or whole, as its size makes cheaper.
          .map((n) =>
            n['Relation Name'] === 'offer_geo_counts'
              ? ['offer_geo_counts']
              : [n['Relation Name'], n['Node Type'], n['Index Name']],
          ),
      ).toEqual([
        ['offer_geo_counts'],
        ['offer_geo_listings', 'Index Only Scan', 'offer_geo_listings_expiring_idx'],
        ['offer_geo_listings', 'Index Only Scan', 'offer_geo_listings_feed_idx'],
        ['offers', 'Index Scan', 'offers_pkey'],
      ]);
      // Its category, GEO, floor and ceiling, once for the count and once for the page: the
      // generic plan reads the range of offer_geo_listings_feed_idx for both, the bound checked
      // inside the index (its trailing column), and offers only by their key.
      expect(withBound!.types).toEqual([
        'text',
        'text',
        'numeric',
        'numeric',
        'text',
        'text',
        'numeric',
        'numeric',
      ]);
      const boundedListing = await plannerPlan(
        one.db,
        sql.raw(
          `EXECUTE ${withBound!.name}(${Array(2).fill(`'nutra', 'US', 10, 100`).join(', ')})`,
        ),
      );
      const listingReads = planNodes(boundedListing).filter((n) =>
        ['offers', 'offer_geo_listings', 'offer_geo_counts'].includes(String(n['Relation Name'])),
      );
      expect(
        listingReads.map((n) => [n['Relation Name'], n['Node Type'], n['Index Name']]),
      ).toEqual([
        ['offer_geo_listings', 'Index Only Scan', 'offer_geo_listings_feed_idx'],
        ['offer_geo_listings', 'Index Only Scan', 'offer_geo_listings_feed_idx'],
        ['offers', 'Index Scan', 'offers_pkey'],
      ]);
      for (const read of listingReads.filter((n) => n['Relation Name'] === 'offer_geo_listings')) {
        expect(String((read as Record<string, unknown>)['Index Cond'])).toMatch(
          /payout_amount >= .*payout_amount <= /,
        );
      }
    } finally {
      await one.close();
    }
  });

  it('a company search split in two, whatever its words (decision 045)', async () => {
    await ctx.database.query(`
      INSERT INTO affiliate_companies (company_name, entity_type, company_key)
      SELECT (ARRAY['Harbor', 'Summit', 'Lumen', 'Vertex'])[1 + g % 4] || ' '
          || (ARRAY['Media', 'Leads', 'Digital', 'Group'])[1 + g / 4 % 4] || ' ' || g,
        (ARRAY['Network', 'Affiliate', 'Advertiser'])[1 + g % 3], 'name:plan split ' || g
      FROM generate_series(1, 2000) g`);
    await ctx.database.query('VACUUM ANALYZE affiliate_companies');
    const one = await oneConnection();
    try {
      const searches = ['harbor', 'media', 'umen', 'digital', 'vertex', 'roup', 'summit', 'eads'];
      for (const search of searches) {
        const split = await splitSearchPage(
          one.db,
          { search, substringMinLength: 3 },
          { limit: 21, offset: 0 },
          1000,
          1000,
        );
        // Names that start with the search, and names that hold it further in, in list order.
        const names = split.rows.map((r) => r.companyName.toLowerCase());
        expect(names.length, search).toBeGreaterThan(0);
        expect(names.every((n) => n.includes(search))).toBe(true);
        expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
        expect((split.prefixCount ?? 0) + split.innerCount, search).toBe(
          Number(
            (
              await ctx.database.query(
                `SELECT count(*) AS n FROM affiliate_companies WHERE lower(company_name) LIKE $1`,
                [`%${search}%`],
              )
            ).rows[0]!.n,
          ),
        );
      }
      const { rows } = await one.query(
        `SELECT name, generic_plans::int AS generic FROM pg_prepared_statements
          WHERE name LIKE 'companies_split_%'`,
      );
      // Planned with the values five times, then once for all the searches after.
      expect(rows).toEqual([{ name: 'companies_split_any_counted', generic: searches.length - 5 }]);
      const plan = await plannerPlan(
        one.db,
        sql.raw(
          `EXECUTE companies_split_any_counted('media', 'medib', 21, '%media%', 'media', 'medib',
            1001, 21, 0, 'media', 'medib', 1001, 1000)`,
        ),
      );
      // The names' start is a range of the sort index, their inside the trigram index: no read of
      // the whole table or index, whatever the words.
      const reads = planNodes(plan)
        .filter((n) => n['Relation Name'] === 'affiliate_companies' || n['Index Name'])
        .map((n) => `${String(n['Node Type'])} ${String(n['Index Name'] ?? '')}`.trim());
      expect(new Set(reads)).toEqual(
        new Set([
          'Index Only Scan affiliate_companies_sort_idx',
          'Bitmap Heap Scan',
          'Bitmap Index Scan affiliate_companies_name_inner_trgm_idx',
          'Index Scan affiliate_companies_pkey',
        ]),
      );
    } finally {
      await one.close();
    }
  });
});
