import { describe, expect, it } from 'vitest';
import { landingResponseSchema, roundFigure } from '@trustlinks/contract/landing';
import { useTestApp } from '../../../test/helpers';
import { buildEntity, buildReview, buildUser } from '../../../test/factories';
import { affiliateCompanies, entityWarnings, offerApplications, offers } from '../../db/schema';

// A known database: every figure and card of the landing must come from exactly these rows.
const ctx = useTestApp({ config: { LANDING_FIGURES_MS: '0' } });
const { db, inject } = ctx;

async function offer(entityId: string, title: string, values: Partial<typeof offers.$inferInsert>) {
  const [row] = await db()
    .insert(offers)
    .values({
      entityId,
      title,
      category: 'Nutra',
      description: 'An offer',
      targetGeo: ['US'],
      payoutAmount: 10,
      landingPageUrl: 'https://example.com/o',
      ...values,
    })
    .returning();
  return row!;
}

describe('roundFigure', () => {
  it('never claims more than the count', () => {
    expect(roundFigure(0)).toBe('0');
    expect(roundFigure(9)).toBe('9');
    expect(roundFigure(19)).toBe('19');
    expect(roundFigure(320)).toBe('320+');
    expect(roundFigure(329)).toBe('320+');
    expect(roundFigure(1_299)).toBe('1,200+');
    expect(roundFigure(70_999)).toBe('70K+');
    expect(roundFigure(1_250_000)).toBe('1.2M+');
  });
});

describe('GET /api/landing', () => {
  it('is empty on an empty database: no figure, offer, review or company is made up', async () => {
    const res = await inject({ method: 'GET', url: '/api/landing' });
    expect(res.statusCode).toBe(200);
    const body = landingResponseSchema.parse(res.json());
    expect(body.figures).toEqual({
      approved_companies: 0,
      database_companies: 0,
      published_reviews: 0,
      active_offers: 0,
      connections: 0,
      countries: 0,
    });
    expect(body.top_offers).toEqual([]);
    expect(body.reviews).toEqual([]);
    expect(body.offer_requests).toEqual([]);
    expect(body.companies).toEqual([]);
  });

  it('counts and lists exactly what the database holds', async () => {
    const acme = await buildEntity(db(), {
      name: 'Acme Network',
      entityType: 'network',
      verificationStatus: 'approved',
    });
    const beta = await buildEntity(db(), { name: 'Beta Ads', verificationStatus: 'approved' });
    const pending = await buildEntity(db(), { name: 'Pending Co', verificationStatus: 'pending' });
    const aff = await buildEntity(db(), {
      name: 'Aff One',
      entityType: 'affiliate',
      verificationStatus: 'approved',
    });

    const top = await offer(acme.id, 'Most Clicked', { clickCount: 900, targetGeo: ['US', 'DE'] });
    const second = await offer(beta.id, 'Second', { clickCount: 500, targetGeo: ['US', 'FR'] });
    await offer(acme.id, 'Third', { clickCount: 10, targetGeo: ['GB'] });
    await offer(beta.id, 'Fourth', { clickCount: 5 });
    await offer(beta.id, 'Fifth', { clickCount: 1 });
    // Not visible: paused, expired, of an unapproved entity. Their countries do not count.
    await offer(acme.id, 'Paused', { clickCount: 5000, offerStatus: 'paused', targetGeo: ['JP'] });
    await offer(acme.id, 'Expired', {
      clickCount: 4000,
      expiresAt: new Date(Date.now() - 1000),
      targetGeo: ['BR'],
    });
    await offer(pending.id, 'Hidden', { clickCount: 3000, targetGeo: ['MX'] });

    const affUser = await buildUser(db(), { role: 'affiliate', entityId: aff.id });
    await db()
      .insert(offerApplications)
      .values([
        {
          offerId: top.id,
          ownerEntityId: acme.id,
          entityId: aff.id,
          userId: affUser.id,
          status: 'approved',
          trackingCode: 'code-1',
        },
        {
          offerId: second.id,
          ownerEntityId: beta.id,
          entityId: aff.id,
          userId: affUser.id,
          status: 'pending',
        },
      ]);

    const reviewer = await buildUser(db(), { firstName: 'Rita', lastName: 'Reviewer' });
    const older = await buildReview(db(), {
      entityId: acme.id,
      reviewerUserId: reviewer.id,
      title: 'Older',
      publishedAt: new Date(Date.now() - 60_000),
    });
    const newest = await buildReview(db(), {
      entityId: beta.id,
      reviewerUserId: reviewer.id,
      title: 'Newest',
    });
    await buildReview(db(), {
      entityId: beta.id,
      reviewerUserId: reviewer.id,
      title: 'Waiting',
      status: 'pending',
    });

    await db()
      .insert(affiliateCompanies)
      .values([
        { companyName: 'Zeta Media', entityType: 'Network', companyKey: 'zeta.example' },
        {
          companyName: 'Alpha Media',
          entityType: 'Network',
          companyKey: 'alpha.example',
          website: 'https://alpha.example',
        },
        { companyName: 'Bright Brands', entityType: 'Advertiser', companyKey: 'bright.example' },
      ]);

    const res = await inject({ method: 'GET', url: '/api/landing' });
    expect(res.statusCode).toBe(200);
    const body = landingResponseSchema.parse(res.json());
    expect(body.figures).toEqual({
      approved_companies: 3,
      database_companies: 3,
      published_reviews: 2,
      active_offers: 5,
      connections: 1,
      countries: 4, // US, DE, FR, GB
    });
    expect(body.top_offers.map((o) => o.title)).toEqual([
      'Most Clicked',
      'Second',
      'Third',
      'Fourth',
    ]);
    expect(body.top_offers[0]).toMatchObject({ entity_name: 'Acme Network', offer_id: top.id });
    // Clicks are the owner's business: the ranking uses them, the card does not show them.
    expect(body.top_offers[0]!.click_count).toBeUndefined();
    expect(body.reviews.map((r) => r.review_id)).toEqual([newest.id, older.id]);
    expect(body.reviews[0]).toMatchObject({
      entity_name: 'Beta Ads',
      reviewer_name: 'Rita Reviewer',
    });
    expect(body.companies.map((c) => c.company_name)).toEqual(['Bright Brands', 'Alpha Media']);
  });

  it('hides an anonymous reviewer on the landing as everywhere', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const reviewer = await buildUser(db(), { firstName: 'Secret', lastName: 'Person' });
    const review = await buildReview(db(), {
      entityId: entity.id,
      reviewerUserId: reviewer.id,
      isAnonymous: true,
    });
    const body = (await inject({ method: 'GET', url: '/api/landing' })).json();
    const card = body.reviews.find((r: { review_id: string }) => r.review_id === review.id);
    expect(card).toBeDefined();
    expect(card.reviewer_name).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('Secret');
  });
  it('marks an owner under a public warning and never ranks it first while others are listed', async () => {
    // Only this test's offers run.
    await db().update(offers).set({ offerStatus: 'paused' });
    const warned = await buildEntity(db(), {
      name: 'Warned Ads',
      verificationStatus: 'approved',
      reputationScore: 4.9,
      totalReviews: 8,
    });
    const clean = await buildEntity(db(), { name: 'Clean Ads', verificationStatus: 'approved' });
    // The most clicked offer by far is the warned company's.
    await offer(warned.id, 'Warned Top', { clickCount: 10_000 });
    await offer(clean.id, 'Clean One', { clickCount: 50 });
    await offer(clean.id, 'Clean Two', { clickCount: 40 });
    await db().insert(entityWarnings).values({
      entityId: warned.id,
      kind: 'non_payment',
      publicText: 'Reports of unpaid commissions.',
      warningDate: '2026-01-01',
    });

    const body = landingResponseSchema.parse(
      (await inject({ method: 'GET', url: '/api/landing' })).json(),
    );
    expect(body.top_offers.map((o) => o.title)).toEqual(['Clean One', 'Clean Two', 'Warned Top']);
    expect(body.top_offers[0]!.entity_trust).toEqual({
      score: null,
      reviews: 0,
      warned: false,
      verified: true,
    });
    // Marked, with its TrustScore, and no 'Verified' beside the warning (decision 022).
    expect(body.top_offers[2]!.entity_trust).toEqual({
      score: 4.9,
      reviews: 8,
      warned: true,
      verified: false,
    });
  });
});
