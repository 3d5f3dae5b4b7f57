import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { explorerOfferSchema, OFFER_LIMITS, OFFER_MESSAGES } from '@trustlinks/contract/offers';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  authHeader,
  buildEntity,
  buildEntityAccount,
  buildUser,
  countRows,
  insertOffers,
  offerPayload,
} from '../../../test/factories';
import { offers } from '../../db/schema';

const ctx = useTestApp();
const { db, inject } = ctx;
const create = (headers: Record<string, string>, overrides: Record<string, unknown> = {}) =>
  inject({ method: 'POST', url: '/api/offers/create', headers, payload: offerPayload(overrides) });
const fetchAll = async (query: string) => {
  const res = await inject({ method: 'GET', url: `/api/offers/fetch_all${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    offers: ({ offer_id: string; title: string } & Record<string, unknown>)[];
    pagination: { total: number };
  };
};

describe('POST /api/offers/create', () => {
  it('publishes for the caller’s own entity, whatever entity_id the body names', async () => {
    const owner = await buildEntityAccount(db(), 'network', { name: 'BlockReach Media' });
    const other = await buildEntity(db(), { verificationStatus: 'approved' });
    const res = await create(owner.headers, { entity_id: other.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: OFFER_MESSAGES.created,
      offer: {
        entity_id: owner.entity.id,
        entity_name: 'BlockReach Media',
        entity_type: 'network',
        payout_type: 'CPA',
        payout_value: 45,
        target_geo: ['US', 'CA'],
        offer_status: 'active',
        click_count: 0,
      },
    });
  });

  it('defaults the payout type to CPA and accepts a RevShare percentage', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const { payout_type: _omit, ...withoutType } = offerPayload();
    const res = await inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: withoutType,
    });
    expect(res.json().offer.payout_type).toBe('CPA');
    const rev = await create(owner.headers, { payout_type: 'RevShare', payout_value: '40%' });
    expect(rev.statusCode).toBe(201);
    expect(rev.json().offer.payout_value).toBe('40%');
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const before = await countRows(db(), offers);
    const cases: Record<string, unknown>[] = [
      { title: '' },
      { category: ' ' },
      { description: '' },
      { target_geo: [] },
      { target_geo: ['USA'] },
      { target_geo: 'US' },
      { payout_value: -1 },
      { payout_value: 10.123 },
      { payout_value: '40%' },
      { payout_type: 'RevShare', payout_value: '140%' },
      { payout_type: 'CPX' },
      { landing_page_url: 'not a url' },
      { landing_page_url: 'javascript:alert(1)' },
      { expires_at: '2001-01-01T00:00:00Z' },
      { expires_at: 'tomorrow' },
    ];
    for (const c of cases) {
      const res = await create(owner.headers, c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect(await countRows(db(), offers)).toBe(before);
  });

  it('refuses visitors, plain users, affiliates, admins without entity and unapproved entities', async () => {
    expect((await create({})).statusCode).toBe(401);
    const plain = await authHeader(db(), await buildUser(db()));
    const res = await create(plain);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: OFFER_MESSAGES.onlyOwners });
    const affiliate = await buildEntityAccount(db(), 'affiliate');
    expect((await create(affiliate.headers)).statusCode).toBe(403);
    const noEntity = await authHeader(db(), await buildUser(db(), { role: 'network' }));
    expect((await create(noEntity)).json()).toEqual({ error: OFFER_MESSAGES.noEntity });
    const pending = await buildEntityAccount(db(), 'network', { verificationStatus: 'pending' });
    expect((await create(pending.headers)).json()).toEqual({
      error: OFFER_MESSAGES.entityNotApproved,
    });
  });
});

describe('GET /api/offers/fetch_all', () => {
  it('combines title, GEO (any) and category filters and shows only what the public may see', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser', { name: 'Filter Test Adv' });
    const tag = `zq${Date.now()}`;
    const ids: Record<string, string> = {};
    for (const [key, o] of Object.entries({
      a: { title: `${tag} Alpha Keto`, category: 'Nutra', target_geo: ['US', 'CA'] },
      b: { title: `${tag} Beta Keto`, category: 'Nutra', target_geo: ['DE'] },
      c: { title: `${tag} Gamma Coin`, category: 'Crypto', target_geo: ['US'] },
      d: { title: `${tag} Delta Keto`, category: 'nutra', target_geo: ['FR', 'US'] },
    })) {
      ids[key] = (await create(adv.headers, o)).json().offer.offer_id;
    }
    const titles = (r: { offers: { title: string }[] }) =>
      r.offers.map((o) => o.title.replace(`${tag} `, '')).sort();
    expect(titles(await fetchAll(`?title=${tag}`))).toEqual([
      'Alpha Keto',
      'Beta Keto',
      'Delta Keto',
      'Gamma Coin',
    ]);
    expect(titles(await fetchAll(`?title=${tag.toUpperCase()}%20ALPHA`))).toEqual(['Alpha Keto']);
    expect(titles(await fetchAll(`?title=${tag}&geo=US`))).toEqual([
      'Alpha Keto',
      'Delta Keto',
      'Gamma Coin',
    ]);
    expect(titles(await fetchAll(`?title=${tag}&geo=DE&geo=CA`))).toEqual([
      'Alpha Keto',
      'Beta Keto',
    ]);
    expect(titles(await fetchAll(`?title=${tag}&category=Nutra`))).toEqual([
      'Alpha Keto',
      'Beta Keto',
      'Delta Keto',
    ]);
    expect(titles(await fetchAll(`?title=${tag}&category=Nutra&geo=us`))).toEqual([
      'Alpha Keto',
      'Delta Keto',
    ]);
    expect(
      titles(await fetchAll(`?title=${tag}&category=Crypto&category=Nutra&geo=US&geo=`)),
    ).toEqual(['Alpha Keto', 'Delta Keto', 'Gamma Coin']);
    // Paused, expired and rejected-entity offers disappear without any job running.
    await inject({
      method: 'PUT',
      url: `/api/offers/${ids.a}/status`,
      headers: adv.headers,
      payload: { status: 'paused' },
    });
    await db()
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, ids.b!));
    expect(titles(await fetchAll(`?title=${tag}`))).toEqual(['Delta Keto', 'Gamma Coin']);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/entities/${adv.entity.id}/verification`,
      headers: await adminHeader(db()),
      payload: { verification_status: 'rejected' },
    });
    expect(titles(await fetchAll(`?title=${tag}`))).toEqual([]);
  });

  it('lists cards: what an explorer card shows, not the whole offer, whatever the page’s plan (decision 043)', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser', { name: 'Card Shape Adv' });
    const tag = `cardshape${Date.now()}`;
    const category = `Cards ${tag}`;
    const created = (
      await create(adv.headers, {
        title: `${tag} Keto Card`,
        category,
        target_geo: ['PT', 'ES'],
        payout_value: 41.5,
        description: 'Only the offer’s own page shows this.',
        requirements: 'No incent',
      })
    ).json().offer;
    const cardKeys = Object.keys(explorerOfferSchema.shape).sort();
    // A word search, 'Best match', payout, one category (its walk), its GEO (the GEO listings),
    // a GEO alone and no filter: each page plan selects the same card.
    for (const query of [
      `?title=${tag}`,
      `?title=${tag}&sort=best`,
      `?title=${tag}&sort=payout`,
      `?category=${encodeURIComponent(category)}`,
      `?category=${encodeURIComponent(category)}&geo=ES`,
      '?geo=PT',
      '',
    ]) {
      const card = (await fetchAll(query)).offers.find((o) => o.offer_id === created.offer_id);
      expect(card, query).toBeDefined();
      expect(Object.keys(card!).sort(), query).toEqual(cardKeys);
      expect(card, query).toEqual({
        offer_id: created.offer_id,
        slug: created.slug,
        entity_id: adv.entity.id,
        entity_slug: created.entity_slug,
        entity_name: 'Card Shape Adv',
        entity_type: 'advertiser',
        title: `${tag} Keto Card`,
        category,
        target_geo: ['PT', 'ES'],
        payout_type: 'CPA',
        payout_value: 41.5,
        // Caps and traffic rules, compact on the card (decision 048).
        daily_cap: null,
        monthly_cap: null,
        traffic_allowed: [],
        traffic_forbidden: [],
        entity_trust: { score: null, reviews: 0, warned: false, verified: true },
      });
    }
    // The offer's own page has the rest.
    const whole = await inject({ method: 'GET', url: `/api/offers/${created.offer_id}` });
    expect(whole.json().offer).toMatchObject({
      description: 'Only the offer’s own page shows this.',
      requirements: 'No incent',
    });
  });

  it('treats % and _ in the title search literally', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    await create(adv.headers, { title: '100% Match Bonus' });
    const res = await fetchAll('?title=100%25');
    expect(res.offers.every((o) => o.title.includes('100%'))).toBe(true);
    expect((await fetchAll('?title=%25%25%25%25')).offers).toEqual([]);
  });

  it('pages with a default and a maximum limit, and hides click counts from the public', async () => {
    const adv = await buildEntityAccount(db(), 'network');
    for (let i = 0; i < 3; i++) await create(adv.headers, { title: `Paging offer ${i}` });
    const res = await inject({ method: 'GET', url: '/api/offers/fetch_all?limit=2' });
    expect(res.json().offers).toHaveLength(2);
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 2, hasNextPage: true });
    expect(res.json().offers[0]).not.toHaveProperty('click_count');
    expect(
      (await inject({ method: 'GET', url: '/api/offers/fetch_all?limit=101' })).statusCode,
    ).toBe(400);
    expect((await inject({ method: 'GET', url: '/api/offers/fetch_all?geo=USA' })).statusCode).toBe(
      400,
    );
    expect(
      (await inject({ method: 'GET', url: `/api/offers/fetch_all?title=${'x'.repeat(101)}` }))
        .statusCode,
    ).toBe(400);
  });
});

describe('explorer totals (decision 006)', () => {
  it('are exact on the last page, counted below the cap and "1,000+" past it', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const tag = `cap${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${tag} bulk`, 2100);
    await ctx.database.query('ANALYZE offers');
    const page = async (query: string) => {
      const res = await inject({ method: 'GET', url: `/api/offers/fetch_all${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { offers: { title: string }[]; pagination: Record<string, unknown> };
    };
    // 2,100 matches: the planner expects thousands, so nothing is counted.
    const all = await page(`?title=${tag}`);
    expect(all.offers).toHaveLength(20);
    expect(all.pagination).toMatchObject({
      total: 1000,
      totalIsCapped: true,
      hasNextPage: true,
      totalPages: 50,
    });
    // Past the cap, pages go on as long as there are offers; the total stays a lower bound.
    const deep = await page(`?title=${tag}&page=60`);
    expect(deep.offers).toHaveLength(20);
    expect(deep.pagination).toMatchObject({ total: 1200, totalIsCapped: true, hasNextPage: true });
    const last = await page(`?title=${tag}&page=105`);
    expect(last.pagination).toMatchObject({
      total: 2100,
      totalIsCapped: false,
      hasNextPage: false,
    });
    // 212 matches of another word: counted. (Titles are searched by word, so
    // "bulk 2" no longer finds "bulk 20": docs/decisions/028-offer-word-search.md.)
    const someTag = `some${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${someTag} bulk`, 212);
    const some = await page(`?title=${someTag}`);
    expect(some.pagination).toMatchObject({ total: 212, totalIsCapped: false, hasNextPage: true });
    // 11 matches on one short page: the page is the total.
    const fewTag = `few${Date.now()}`;
    await insertOffers(db(), adv.entity.id, `${fewTag} bulk`, 11);
    const few = await page(`?title=${fewTag}%20bulk`);
    expect(few.offers).toHaveLength(11);
    expect(few.pagination).toMatchObject({ total: 11, totalIsCapped: false, hasNextPage: false });
    const second = await page(`?title=${fewTag}%20bulk&limit=10&page=2`);
    expect(second.offers).toHaveLength(1);
    expect(second.pagination).toMatchObject({ total: 11, totalPages: 2, hasPreviousPage: true });
    for (const t of [tag, someTag, fewTag]) {
      await ctx.database.query(`DELETE FROM offers WHERE title LIKE $1`, [`${t} %`]);
    }
  });
});

describe('reading one offer and an entity’s offers', () => {
  it('shows a visible offer to anyone, a paused one only to its owner and admins', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const id = (await create(adv.headers)).json().offer.offer_id as string;
    expect((await inject({ method: 'GET', url: `/api/offers/${id}` })).statusCode).toBe(200);
    await inject({
      method: 'PUT',
      url: `/api/offers/${id}/status`,
      headers: adv.headers,
      payload: { status: 'paused' },
    });
    const hidden = await inject({ method: 'GET', url: `/api/offers/${id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Offer not found' });
    const mine = await inject({ method: 'GET', url: `/api/offers/${id}`, headers: adv.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().offer).toMatchObject({ offer_status: 'paused', click_count: 0 });
    expect((await inject({ method: 'GET', url: '/api/offers/not-a-uuid' })).statusCode).toBe(404);
  });

  it('lists an entity’s public offers for anyone and all of them with counts for its users', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const a = (await create(adv.headers, { title: 'Visible one' })).json().offer.offer_id as string;
    const b = (await create(adv.headers, { title: 'Closed one' })).json().offer.offer_id as string;
    await inject({
      method: 'PUT',
      url: `/api/offers/${b}/status`,
      headers: adv.headers,
      payload: { status: 'closed' },
    });
    const pub = await inject({ method: 'GET', url: `/api/offers/entity/public/${adv.entity.id}` });
    expect(pub.json().offers.map((o: { offer_id: string }) => o.offer_id)).toEqual([a]);
    const own = await inject({
      method: 'GET',
      url: `/api/offers/entity/${adv.entity.id}`,
      headers: adv.headers,
    });
    expect(
      own
        .json()
        .offers.map((o: { offer_id: string }) => o.offer_id)
        .sort(),
    ).toEqual([a, b].sort());
    expect(own.json().offers[0]).toHaveProperty('click_count');
    const stranger = await buildEntityAccount(db(), 'network');
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/offers/entity/${adv.entity.id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await inject({ method: 'GET', url: `/api/offers/entity/${adv.entity.id}` })).statusCode,
    ).toBe(401);
    // The entity page counts only the visible one.
    const entity = await inject({ method: 'GET', url: `/api/entities/public/${adv.entity.id}` });
    expect(entity.json().entity.offer_count).toBe(1);
  });

  it('answers the newest `limit` public offers of an entity, and refuses a bad limit', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const ids: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      ids.push((await create(adv.headers, { title })).json().offer.offer_id as string);
    }
    const url = `/api/offers/entity/public/${adv.entity.id}`;
    const titles = async (query: string) =>
      (await inject({ method: 'GET', url: `${url}${query}` }))
        .json()
        .offers.map((o: { title: string }) => o.title);
    expect(await titles('')).toEqual(['Third', 'Second', 'First']);
    expect(await titles('?limit=2')).toEqual(['Third', 'Second']);
    expect(await titles(`?limit=${OFFER_LIMITS.entityOffersMax}`)).toHaveLength(3);
    for (const bad of ['0', '-1', '1.5', 'x', String(OFFER_LIMITS.entityOffersMax + 1)]) {
      const res = await inject({ method: 'GET', url: `${url}?limit=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/limit/);
    }
  });
});

describe('changing offers', () => {
  it('lets the owner and admins update, pause and delete; refuses others', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    const id = (await create(adv.headers)).json().offer.offer_id as string;
    const stranger = await buildEntityAccount(db(), 'advertiser');
    const plain = await authHeader(db(), await buildUser(db()));
    for (const headers of [stranger.headers, plain]) {
      expect(
        (
          await inject({
            method: 'PUT',
            url: `/api/offers/${id}`,
            headers,
            payload: { title: 'Stolen' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await inject({
            method: 'PUT',
            url: `/api/offers/${id}/status`,
            headers,
            payload: { status: 'closed' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await inject({ method: 'DELETE', url: `/api/offers/${id}`, headers })).statusCode,
      ).toBe(403);
    }
    expect(
      (await inject({ method: 'PUT', url: `/api/offers/${id}`, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(401);
    const upd = await inject({
      method: 'PUT',
      url: `/api/offers/${id}`,
      headers: adv.headers,
      payload: { title: 'Renamed', payout_value: 50.5 },
    });
    expect(upd.json().offer).toMatchObject({ title: 'Renamed', payout_value: 50.5 });
    const pct = await inject({
      method: 'PUT',
      url: `/api/offers/${id}`,
      headers: adv.headers,
      payload: { payout_value: '30%' },
    });
    expect(pct.statusCode).toBe(400);
    const admin = await adminHeader(db());
    expect(
      (
        await inject({
          method: 'PUT',
          url: `/api/offers/${id}/status`,
          headers: admin,
          payload: { status: 'paused' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await inject({
          method: 'PUT',
          url: `/api/offers/${id}/status`,
          headers: admin,
          payload: { status: 'gone' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await inject({ method: 'DELETE', url: `/api/offers/${id}`, headers: adv.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject({ method: 'GET', url: `/api/offers/${id}`, headers: adv.headers })).statusCode,
    ).toBe(404);
  });
});

// Applying (POST /api/offers/:id/click) is tested in modules/applications/applications.test.ts.

describe('indexes', () => {
  it('the explorer filters and the entity page count can use their indexes', async () => {
    // One transaction, so SET LOCAL applies to the same connection as the EXPLAINs (pg pool).
    class PlansRead extends Error {
      constructor(
        readonly plans: Record<
          'title' | 'geo' | 'category' | 'entityCount' | 'words' | 'payoutType' | 'payoutSort',
          string
        >,
      ) {
        super('rolled back');
      }
    }
    const plans = await db()
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        // Statistics, so the planner tells a category from "all active offers" (offers_status_idx).
        await tx.execute(sql`ANALYZE offers`);
        const plan = async (where: string, select = 'id') =>
          (
            (await tx.execute(
              sql.raw(`EXPLAIN SELECT ${select} FROM offers WHERE ${where}`),
            )) as unknown as {
              rows: Record<string, string>[];
            }
          ).rows
            .map((r) => Object.values(r).join(' '))
            .join('\n');
        const title = await plan(`title ILIKE '%keto%'`);
        const geo = await plan(`target_geo && ARRAY['US']::text[]`);
        // offers_sitemap_idx (slug first, with the entity and expiry) costs the same as the indexes
        // below on a table this small: set aside for these plans (the transaction is rolled back).
        await tx.execute(sql`DROP INDEX offers_sitemap_idx`);
        // An entity's "Active Offers" (countActiveOffers): an index-only walk, not its offers read
        // one by one from the table (docs/performance.md: ~600 ms for the 1M benchmark's largest entity).
        const entityCount = await plan(
          `entity_id = '${randomUUID()}' AND offer_status = 'active' AND (expires_at IS NULL OR expires_at > now())`,
          'count(*)',
        );
        // The category index holds the explorer's offers only (docs/decisions/040: offers_category_feed_idx).
        // On a table this small offers_status_idx and offers_entity_active_idx (also over the
        // active offers) cost the planner the same: they are set aside for this plan only (the
        // transaction is rolled back).
        await tx.execute(sql`DROP INDEX offers_status_idx`);
        await tx.execute(sql`DROP INDEX offers_entity_active_idx`);
        // Decision 028: the word search, the payout-model filter and the payout sort. The explorer's
        // indexes hold what the public may see: active offers of approved entities (decision 035).
        const listed = `offer_status = 'active' AND owner_approved`;
        const payoutSort = await plan(
          `${listed} ORDER BY payout_amount DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 21`,
        );
        await tx.execute(sql`DROP INDEX offers_payout_idx`);
        const payoutType = await plan(`${listed} AND payout_type IN ('CPL')`);
        await tx.execute(sql`DROP INDEX offers_payout_type_feed_idx`);
        const category = await plan(`${listed} AND lower(category) IN ('nutra')`);
        // A walk of any partial index over the active offers costs as little on a table this small.
        await tx.execute(sql`DROP INDEX offers_category_feed_idx`);
        await tx.execute(sql`DROP INDEX offers_active_feed_idx`);
        const words = await plan(`${listed} AND search_vector @@ to_tsquery('english', 'keto:*')`);
        throw new PlansRead({ title, geo, category, entityCount, words, payoutType, payoutSort });
      })
      .then(
        () => {
          throw new Error('the plans were not read');
        },
        (err: unknown) => {
          if (err instanceof PlansRead) return err.plans;
          throw err;
        },
      );
    expect(plans.title).toContain('offers_title_trgm_idx');
    expect(plans.geo).toContain('offers_target_geo_gin_idx');
    expect(plans.category, plans.category).toContain('offers_category_feed_idx');
    expect(plans.words, plans.words).toContain('offers_search_vector_idx');
    expect(plans.payoutType).toContain('offers_payout_type_feed_idx');
    expect(plans.payoutSort).toContain('offers_payout_idx');
    // (An index-only scan once VACUUM has marked the pages all-visible; here the rows are new.)
    expect(plans.entityCount, plans.entityCount).toContain('offers_entity_active_idx');
  });
});
