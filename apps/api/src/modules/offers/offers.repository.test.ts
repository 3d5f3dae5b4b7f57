import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers';
import { buildEntityAccount, insertOffers } from '../../../test/factories';
import {
  countVisibleOffersCapped,
  listVisibleOffers,
  visibleOffersQuery,
  type OfferFilters,
} from './offers.repository';

// docs/decisions/016-cpu-per-request.md: the explorer's page carries its capped count in the same
// statement, and the unfiltered feed page is a prepared statement. Both must answer exactly what
// the separate statements answer.
const ctx = useTestApp();
const { db } = ctx;

const ids = (rows: { offer: { id: string } }[]) => rows.map((r) => r.offer.id);

describe('explorer statements (decision 016)', () => {
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
          const shared = await listVisibleOffers(db(), filters, limit, offset, 1001, sort, true);
          expect(ids(shared)).toEqual(ids(apart));
          expect(shared.map((r) => r.entity)).toEqual(apart.map((r) => r.entity));
          expect(shared.every((r) => r.matches === counted)).toBe(true);
        }
      }
    }
    // The count stops at its cap, inline as apart, with the matches shared or not.
    const capped = await listVisibleOffers(db(), { title: tag }, 5, 0, 10);
    expect(capped[0]?.matches).toBe(10);
    const sharedCapped = await listVisibleOffers(db(), { title: tag }, 5, 0, 10, 'newest', true);
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

// Issue 26: the explorer's statements are compiled once per shape and run with each request's
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
