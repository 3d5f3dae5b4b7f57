import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OFFER_LIMITS } from '@trustlinks/contract/offers';
import { useTestApp } from '../../../../test/helpers';
import { fetchOffersPage } from '../../../../test/offers';
import { buildEntityAccount, insertOffer, insertOffers } from '../../../../test/factories';
import { entityWarnings } from '../../../db/schema';
import { toWordQuery } from './offer-search';

// Decision 028: word search, the explorer's new filters and sorts, did-you-mean, capped counts
// (docs/decisions/028-offer-word-search.md).
const ctx = useTestApp();
const { db, inject } = ctx;

interface Page {
  offers: {
    offer_id: string;
    title: string;
    payout_type: string;
    payout_value: number | string | null;
    entity_id: string;
    entity_trust?: { score: number | null; reviews: number; warned: boolean; verified: boolean };
  }[];
  pagination: { total: number; totalIsCapped: boolean; hasNextPage: boolean };
  suggestion?: string | null;
}

const fetchAll = (query: string) => fetchOffersPage<Page>(inject, query);
const titles = (page: Page) => page.offers.map((o) => o.title);

let advertiserId = '';
let networkId = '';
let minute = 0;
/** Offers with distinct, increasing creation times (newest = the last made). */
async function offer(entityId: string, values: Parameters<typeof insertOffer>[2]): Promise<string> {
  minute++;
  return insertOffer(db(), entityId, {
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
    ...values,
  });
}

beforeAll(async () => {
  const adv = await buildEntityAccount(db(), 'advertiser', {
    name: 'Zephyr Health Ads',
    reputationScore: 4.2,
    totalReviews: 3,
  });
  const net = await buildEntityAccount(db(), 'network', { name: 'Warned Network' });
  advertiserId = adv.entity.id;
  networkId = net.entity.id;
  await db().insert(entityWarnings).values({
    entityId: networkId,
    kind: 'non_payment',
    publicText: 'Reports of unpaid commissions.',
    warningDate: '2026-01-01',
  });
  // Older first: "Keto Boost" is older than the description mention, so only rank can put it first.
  await offer(advertiserId, { title: 'Keto Boost Capsules', payoutAmount: 40 });
  await offer(networkId, {
    title: 'Slim Shake',
    description: 'Works well with a keto diet.',
    payoutAmount: 25,
    payoutType: 'CPL',
  });
  await offer(advertiserId, { title: 'Ketogenic Meal Plan', payoutAmount: 60, category: 'Health' });
  await offer(advertiserId, { title: 'Crème Brûlée Club', category: 'Food', payoutAmount: 5 });
  await offer(networkId, {
    title: 'Nutra X5 Trial',
    payoutType: 'RevShare',
    payoutAmount: null,
    payoutPercent: '40%',
  });
  await offer(networkId, { title: 'Bitcoin Wallet Pro', category: 'Crypto', payoutAmount: 120 });
});

describe('word search', () => {
  it('ranks a title match before a description mention with Best match', async () => {
    const best = titles(await fetchAll('title=keto&sort=best'));
    expect(best.indexOf('Keto Boost Capsules')).toBeGreaterThanOrEqual(0);
    expect(best.indexOf('Keto Boost Capsules')).toBeLessThan(best.indexOf('Slim Shake'));
    expect(best.at(-1)).toBe('Slim Shake');
    // Newest keeps the date order, whatever the rank.
    const newest = await fetchAll('title=keto');
    expect(titles(newest).indexOf('Slim Shake')).toBeLessThan(
      titles(newest).indexOf('Keto Boost Capsules'),
    );
  });

  it('matches the last word typed as a prefix from three letters on', async () => {
    expect(titles(await fetchAll('title=keto%20boo'))).toEqual(['Keto Boost Capsules']);
    expect(titles(await fetchAll('title=ketog'))).toEqual(['Ketogenic Meal Plan']);
    // "keto" finds the "Ketogenic" title too (substring matching found it only as "keto…").
    expect(titles(await fetchAll('title=keto'))).toContain('Ketogenic Meal Plan');
    // Two letters: no prefix, a whole word only.
    expect(titles(await fetchAll('title=ke'))).toEqual([]);
  });

  it('ignores accents on either side', async () => {
    expect(titles(await fetchAll('title=creme%20brulee'))).toEqual(['Crème Brûlée Club']);
    expect(titles(await fetchAll(`title=${encodeURIComponent('KÉTO BOOST')}`))).toEqual([
      'Keto Boost Capsules',
    ]);
  });

  it('keeps the substring path for an input with no words', async () => {
    expect(toWordQuery('x5')).toBeNull();
    expect(toWordQuery('100%')).toBeNull();
    expect(titles(await fetchAll('title=x5'))).toEqual(['Nutra X5 Trial']);
    expect(titles(await fetchAll('title=X5%20t'))).toEqual(['Nutra X5 Trial']);
  });

  it('reads operators, quotes and backslashes as text', async () => {
    expect(toWordQuery("keto' & !boost:* | (")).toBe("'keto' & 'boost':*");
    expect(toWordQuery('keto -shake')).toBe("'keto' & !'shake'");
    const inputs = [
      "'",
      '\\',
      "keto'",
      'a & | ! ( ) :* <->',
      '-keto',
      "o'brien",
      '⑴ ¼ ﬁ',
      '😀 keto',
    ];
    for (const input of inputs) {
      await fetchAll(`title=${encodeURIComponent(input)}&sort=best`);
    }
    expect(titles(await fetchAll('title=keto%20-shake'))).not.toContain('Slim Shake');
  });

  it('suggests a spelling when a word search finds nothing', async () => {
    const page = await fetchAll('title=ketoo%20bost');
    expect(page.offers).toEqual([]);
    expect(page.suggestion).toBe('keto boost');
    expect(titles(await fetchAll('title=keto%20boost'))).toEqual(['Keto Boost Capsules']);
    // A search that finds something, or a word like no title word, suggests nothing.
    expect((await fetchAll('title=keto')).suggestion).toBeNull();
    expect((await fetchAll('title=qwxzvy')).suggestion).toBeNull();
    // The suggestion must find something under the same filters.
    expect((await fetchAll('title=ketoo%20bost&geo=DE')).suggestion).toBeNull();
  });
});

describe('filters and sorts', () => {
  it('filters by payout model, entity and payout range, alone and combined', async () => {
    expect(titles(await fetchAll('payout_type=RevShare'))).toEqual(['Nutra X5 Trial']);
    expect(titles(await fetchAll('payout_type=CPL&payout_type=RevShare')).sort()).toEqual([
      'Nutra X5 Trial',
      'Slim Shake',
    ]);
    expect(titles(await fetchAll(`entity=${networkId}`)).sort()).toEqual([
      'Bitcoin Wallet Pro',
      'Nutra X5 Trial',
      'Slim Shake',
    ]);
    expect(titles(await fetchAll('payout_min=30&payout_max=100')).sort()).toEqual([
      'Keto Boost Capsules',
      'Ketogenic Meal Plan',
    ]);
    expect(titles(await fetchAll('payout_min=100'))).toEqual(['Bitcoin Wallet Pro']);
    expect(
      titles(await fetchAll(`title=keto&entity=${advertiserId}&payout_max=50&payout_type=CPA`)),
    ).toEqual(['Keto Boost Capsules']);
    expect(titles(await fetchAll('title=keto&category=Health&geo=US'))).toEqual([
      'Ketogenic Meal Plan',
    ]);
  });

  it('sorts by payout, highest money payout first, percentages last', async () => {
    const page = await fetchAll('sort=payout');
    expect(titles(page)).toEqual([
      'Bitcoin Wallet Pro',
      'Ketogenic Meal Plan',
      'Keto Boost Capsules',
      'Slim Shake',
      'Crème Brûlée Club',
      'Nutra X5 Trial',
    ]);
    expect(titles(await fetchAll('sort=payout&title=keto'))[0]).toBe('Ketogenic Meal Plan');
  });

  it('shows the owner’s TrustScore and a mark for an owner under a public warning', async () => {
    const page = await fetchAll('');
    const keto = page.offers.find((o) => o.title === 'Keto Boost Capsules')!;
    const shake = page.offers.find((o) => o.title === 'Slim Shake')!;
    expect(keto.entity_trust).toEqual({ score: 4.2, reviews: 3, warned: false, verified: true });
    // Under a warning: marked, and never 'Verified' (decision 022).
    expect(shake.entity_trust).toEqual({ score: null, reviews: 0, warned: true, verified: false });
    // A lifted warning is no mark.
    await db().execute(sql`UPDATE entity_warnings SET lifted_at = now()`);
    expect(
      (await fetchAll('')).offers.find((o) => o.title === 'Slim Shake')!.entity_trust,
    ).toMatchObject({ warned: false, verified: true });
    await db().execute(sql`UPDATE entity_warnings SET lifted_at = NULL`);
  });

  it('answers 400 with a message for bad values', async () => {
    const bad = [
      'sort=cheapest',
      'payout_type=CPM',
      // Neither a slug nor an id (docs/decisions/052: a slug is the entity's name in the address).
      'entity=not%20a%20slug!',
      'payout_min=-1',
      'payout_max=abc',
      `payout_max=${OFFER_LIMITS.payoutMax + 1}`,
      'payout_min=50&payout_max=10',
    ];
    for (const query of bad) {
      const res = await inject({ method: 'GET', url: `/api/offers/fetch_all?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error, query).toBe('string');
    }
  });
});

describe('capped counts (decision 006)', () => {
  it('counts word matches up to the cap, and Best match pages stop inside its window', async () => {
    const adv = await buildEntityAccount(db(), 'advertiser');
    await insertOffers(db(), adv.entity.id, 'Zorblax Gadget', OFFER_LIMITS.countCap + 5);
    const newest = await fetchAll('title=zorblax&limit=100');
    expect(newest.pagination).toMatchObject({ total: OFFER_LIMITS.countCap, totalIsCapped: true });
    const best = await fetchAll('title=zorblax&sort=best&limit=100');
    expect(best.pagination.totalIsCapped).toBe(true);
    expect(best.offers).toHaveLength(100);
    const last = await fetchAll(
      `title=zorblax&sort=best&limit=100&page=${OFFER_LIMITS.rankWindow / 100}`,
    );
    expect(last.offers).toHaveLength(100);
    expect(last.pagination.hasNextPage).toBe(false);
    const small = await fetchAll('title=zorblax%20gadget%207');
    expect(small.pagination).toMatchObject({ totalIsCapped: false });
    await ctx.database.query(`DELETE FROM offers WHERE title LIKE 'Zorblax%'`);
  });
});
