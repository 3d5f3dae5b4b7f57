import { describe, expect, it } from 'vitest';
import { CATEGORY_LIMITS, CATEGORY_MESSAGES } from '@trustlinks/contract/categories';
import * as categories from '@trustlinks/contract/routes/categories';
import { useTestApp } from '../../../test/helpers';
import { buildEntity, insertOffer } from '../../../test/factories';
import { inject } from '../../../test/inject';
import { entityWarnings } from '../../db/schema';

// docs/decisions/055-categories-and-compare.md
const ctx = useTestApp();
const { db } = ctx;

const list = (
  type: 'network' | 'advertiser' | 'affiliate',
  vertical: string,
  query: Record<string, string> = {},
) => inject(ctx.app, categories.list, { params: { type, vertical }, query });
const names = async (...args: Parameters<typeof list>) =>
  (await list(...args)).answer().companies.map((c) => c.entity.name);
const compare = (c?: string) =>
  inject(ctx.app, categories.compare, c === undefined ? {} : { query: { c } });

let n = 0;
/** An approved company with the score and reviews given (the columns every review change keeps). */
const company = (
  score: number,
  reviews: number,
  overrides: Parameters<typeof buildEntity>[1] = {},
) =>
  buildEntity(db(), {
    name: `Company ${++n}`,
    entityType: 'network',
    verificationStatus: 'approved',
    reputationScore: score,
    totalReviews: reviews,
    ...overrides,
  });

describe('category pages', () => {
  it('ranks the vertical’s approved companies by TrustScore, then reviews; a vertical comes from offers or the company’s own list', async () => {
    const low = await company(3.1, 40, { entityMetadata: { verticals: ['nutra'] } });
    const top = await company(4.8, 12);
    await insertOffer(db(), top.id, { title: 'Keto trial', category: 'Nutra' });
    const tie = await company(4.8, 30, { entityMetadata: { verticals: ['Nutra', 'Dating'] } });
    const elsewhere = await company(5, 50, { entityMetadata: { verticals: ['Crypto'] } });
    // A paused offer says nothing of the company.
    await insertOffer(db(), elsewhere.id, {
      title: 'Old keto',
      category: 'Nutra',
      offerStatus: 'paused',
    });

    const page = (await list('network', 'nutra')).answer();
    expect(page.vertical_label).toBe('Nutra');
    expect(page.companies.map((c) => c.entity.name)).toEqual([tie.name, top.name, low.name]);
    expect(page.companies.map((c) => c.rank)).toEqual([1, 2, 3]);
    expect(page.companies[1]!.facets).toMatchObject({ verticals: ['Nutra'], geos: ['US'] });
    expect(page.companies[1]!.entity.offer_count).toBe(1);
    // Another type's page does not list them.
    expect(await names('advertiser', 'nutra')).toEqual([]);
  });

  it('filters by GEO, payout model and minimum reviews', async () => {
    const us = await company(4, 5);
    await insertOffer(db(), us.id, {
      title: 'US loans',
      category: 'Finance',
      targetGeo: ['US'],
      payoutType: 'CPL',
    });
    const de = await company(3, 20, {
      entityMetadata: { verticals: ['Finance'], supported_models: ['revshare'] },
    });
    await insertOffer(db(), de.id, { title: 'DE cards', category: 'Finance', targetGeo: ['DE'] });

    expect(await names('network', 'finance')).toEqual([us.name, de.name]);
    expect(await names('network', 'finance', { geo: 'us' })).toEqual([us.name]);
    expect(await names('network', 'finance', { geo: 'DE' })).toEqual([de.name]);
    expect(await names('network', 'finance', { payout: 'CPL' })).toEqual([us.name]);
    expect(await names('network', 'finance', { payout: 'RevShare' })).toEqual([de.name]);
    expect(await names('network', 'finance', { payout: 'CPA' })).toEqual([de.name]);
    expect(await names('network', 'finance', { min_reviews: '10' })).toEqual([de.name]);
    expect(await names('network', 'finance', { min_reviews: '10', geo: 'US' })).toEqual([]);

    const bad = await list('network', 'finance', { geo: 'United States' });
    expect(bad.status).toBe(400);
    expect(bad.error().error).toContain(CATEGORY_MESSAGES.geo);
    expect((await list('network', 'finance', { payout: 'CPM' })).status).toBe(400);
    expect((await list('network', 'finance', { min_reviews: '-1' })).status).toBe(400);
  });

  it('pages are bounded: a page size at most, the next page said, too large a page or size refused', async () => {
    for (let i = 0; i < 5; i++) {
      await company(2 + i / 10, 1, {
        entityType: 'affiliate',
        entityMetadata: { verticals: ['COD'] },
      });
    }
    const first = (await list('affiliate', 'cod', { limit: '2' })).answer();
    expect(first.companies).toHaveLength(2);
    expect(first.has_next_page).toBe(true);
    const last = (await list('affiliate', 'cod', { limit: '2', page: '3' })).answer();
    expect(last.companies.map((c) => c.rank)).toEqual([5]);
    expect(last.has_next_page).toBe(false);
    expect((await list('affiliate', 'cod')).answer().limit).toBe(CATEGORY_LIMITS.pageSize);
    const big = await list('affiliate', 'cod', { limit: String(CATEGORY_LIMITS.maxPageSize + 1) });
    expect(big.status).toBe(400);
    const far = await list('affiliate', 'cod', { page: String(CATEGORY_LIMITS.maxPage + 1) });
    expect(far.status).toBe(400);
  });

  it('marks a company under a public warning; pending and rejected companies never show', async () => {
    const warned = await company(4.9, 9, { entityMetadata: { verticals: ['Sweepstakes'] } });
    await db().insert(entityWarnings).values({
      entityId: warned.id,
      kind: 'non_payment',
      publicText: 'Unpaid commissions reported.',
      warningDate: '2026-11-01',
    });
    const fine = await company(4, 9, { entityMetadata: { verticals: ['Sweepstakes'] } });
    await company(5, 99, {
      verificationStatus: 'pending',
      entityMetadata: { verticals: ['Sweepstakes'] },
    });
    await company(5, 99, {
      verificationStatus: 'rejected',
      entityMetadata: { verticals: ['Sweepstakes'] },
    });

    const page = (await list('network', 'sweepstakes')).answer();
    expect(page.companies.map((c) => [c.entity.name, c.under_warning])).toEqual([
      [warned.name, true],
      [fine.name, false],
    ]);
  });

  it('an unknown vertical is 404, an unknown type 400', async () => {
    const res = await list('network', 'widgets');
    expect(res.status).toBe(404);
    expect(res.error().error).toBe(CATEGORY_MESSAGES.unknownVertical);
    const type = await ctx.inject({ method: 'GET', url: '/api/categories/brands/all' });
    expect(type.statusCode).toBe(400);
  });
});

describe('compare', () => {
  it('shows one to three approved companies side by side, in the order named', async () => {
    const a = await company(4.5, 2, {
      entityType: 'advertiser',
      ratingCounts: [0, 0, 0, 1, 1],
      entityMetadata: { payment_terms: 'Net 30', industries: ['Health'], payout_types: ['CPA'] },
    });
    const b = await company(3.5, 0, {
      entityMetadata: { minimum_payout: 100, verticals: ['Gambling'] },
    });
    await insertOffer(db(), b.id, {
      title: 'Casino',
      category: 'Gambling',
      targetGeo: ['CA', 'DE'],
    });
    const c = await company(2, 0, { entityType: 'affiliate' });
    await db().insert(entityWarnings).values({
      entityId: c.id,
      kind: 'fake_reviews',
      publicText: 'Reviews bought in bulk.',
      warningDate: '2026-10-01',
    });

    const one = (await compare(a.slug)).answer().companies;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      entity: { name: a.name, public_warnings: [] },
      rating_counts: [0, 0, 0, 1, 1],
      payment_terms: 'Net 30',
      minimum_payout: null,
      facets: { verticals: ['Health'], payout_models: ['CPA'] },
      live_offers: 0,
      trust: { entity_id: a.id, reputation_score: 4.5, total_reviews: 2 },
    });

    const three = (await compare(`${c.slug}, ${a.slug.toUpperCase()},${b.slug}`)).answer();
    expect(three.companies.map((x) => x.entity.name)).toEqual([c.name, a.name, b.name]);
    expect(three.companies[0]!.entity.public_warnings).toMatchObject([
      { kind: 'fake_reviews', public_text: 'Reviews bought in bulk.' },
    ]);
    expect(three.companies[2]).toMatchObject({
      minimum_payout: 100,
      live_offers: 1,
      facets: { verticals: ['Gambling'], geos: ['CA', 'DE'], payout_models: ['CPA'] },
    });
  });

  it('refuses four companies with a clear 400, and an unknown, pending or rejected one with 404', async () => {
    const rows = await Promise.all([1, 2, 3, 4].map(() => company(3, 1)));
    const four = await compare(rows.map((r) => r.slug).join(','));
    expect(four.status).toBe(400);
    expect(four.error().error).toBe(CATEGORY_MESSAGES.compareTooMany);
    expect((await compare(' , ')).error().error).toBe(CATEGORY_MESSAGES.compareNone);

    const unknown = await compare(`${rows[0]!.slug},no-such-company`);
    expect(unknown.status).toBe(404);
    expect(unknown.error().error).toBe(CATEGORY_MESSAGES.compareUnknown);
    for (const status of ['pending', 'rejected'] as const) {
      const hidden = await company(5, 10, { verificationStatus: status });
      expect((await compare(`${rows[0]!.slug},${hidden.slug}`)).status).toBe(404);
    }
  });

  it('without companies named, compares the three top-ranked networks with reviews', async () => {
    const answer = (await compare()).answer();
    expect(answer.companies).toHaveLength(3);
    const scores = answer.companies.map((x) => x.entity.reputation_score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(answer.companies.every((x) => x.entity.entity_type === 'network')).toBe(true);
    expect(answer.companies.every((x) => x.entity.total_reviews > 0)).toBe(true);
  });
});
