import { describe, expect, it } from 'vitest';
import * as applicationRoutes from '@trustlinks/contract/routes/applications';
import * as offerRoutes from '@trustlinks/contract/routes/offers';
import * as requestRoutes from '@trustlinks/contract/routes/offer-requests';
import { useTestApp } from '../../../test/helpers';
import { adminHeader, buildEntityAccount, offerRequestPayload } from '../../../test/factories';
import { inject } from '../../../test/inject';
import { createOffer } from '../../../test/offers';
import { entityWarnings } from '../../db/schema';

// Every list that shows an offer's owner, a bidder or an applicant carries its trust context from
// one presenter (docs/decisions/051-trust-context.md); the traffic sources an applicant gave are
// for the offer's owner who decides.

const ctx = useTestApp();
const { db } = ctx;

async function warn(entityId: string) {
  await db().insert(entityWarnings).values({
    entityId,
    kind: 'non_payment',
    publicText: 'Reports of unpaid commissions.',
    warningDate: '2026-01-01',
  });
}

describe('the trust context in list answers', () => {
  it('marks a warned owner on the Available Offers list, with no Verified beside it', async () => {
    const warned = await buildEntityAccount(db(), 'advertiser', {
      name: 'Trustcards Warned Adv',
      reputationScore: 3.1,
      totalReviews: 4,
    });
    const offer = await createOffer(ctx.inject, warned, { title: 'Trustcards Marked Offer' });
    await warn(warned.entity.id);
    const aff = await buildEntityAccount(db(), 'affiliate');
    const page = (
      await inject(ctx.app, offerRoutes.list, {
        query: { title: 'Trustcards Marked' },
        headers: aff.headers,
      })
    ).answer();
    const card = page.offers.find((o) => o.offer_id === offer.offer_id)!;
    expect(card.entity_trust).toEqual({ score: 3.1, reviews: 4, warned: true, verified: false });
  });

  it('shows each bidder with its TrustScore, warning and page', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/offers/offer-request',
      headers: aff.headers,
      payload: offerRequestPayload(),
    });
    const requestId = created.json().request.offer_request_id as string;
    const scored = await buildEntityAccount(db(), 'advertiser', {
      name: 'Scored Bidder',
      reputationScore: 4.4,
      totalReviews: 9,
    });
    const warned = await buildEntityAccount(db(), 'network', { name: 'Warned Bidder' });
    await warn(warned.entity.id);
    for (const bidder of [scored, warned]) {
      const placed = await inject(ctx.app, requestRoutes.bid, {
        params: { id: requestId },
        body: { bid_amount: 12.5, payout_type: 'CPA' },
        headers: bidder.headers,
      });
      // The bidder's own answer carries its context too.
      expect(placed.answer().bid.entity_trust.warned).toBe(bidder === warned);
    }
    const { bids } = (
      await inject(ctx.app, requestRoutes.bids, { params: { id: requestId }, headers: aff.headers })
    ).answer();
    const byName = Object.fromEntries(bids.map((b) => [b.entity_name, b]));
    expect(byName['Scored Bidder']).toMatchObject({
      entity_slug: scored.entity.slug,
      entity_trust: { score: 4.4, reviews: 9, warned: false, verified: true },
    });
    expect(byName['Warned Bidder']).toMatchObject({
      entity_slug: warned.entity.slug,
      entity_trust: { score: null, reviews: 0, warned: true, verified: false },
    });
  });

  it('shows an applicant with its trust context, and its traffic sources to the owner who decides', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const offer = await createOffer(ctx.inject, owner);
    const applicant = await buildEntityAccount(db(), 'affiliate', {
      name: 'Warned Applicant',
      reputationScore: 2.5,
      totalReviews: 2,
    });
    await warn(applicant.entity.id);
    const sources = 'Push and native, US only, 20k clicks a day.';
    const applied = await inject(ctx.app, applicationRoutes.apply, {
      params: { id: offer.offer_id },
      body: { message: 'Hello', traffic_sources: sources },
      headers: applicant.headers,
    });
    expect(applied.status, applied.text).toBe(201);

    const expected = {
      applicant_entity_slug: applicant.entity.slug,
      traffic_sources: sources,
      applicant_trust: { score: 2.5, reviews: 2, warned: true, verified: false },
    };
    // The owner: on the dashboard's received applications and on the offer's own list.
    const received = (
      await inject(ctx.app, applicationRoutes.listReceived, { query: {}, headers: owner.headers })
    ).answer();
    expect(received.applications).toEqual([expect.objectContaining(expected)]);
    const ofOffer = (
      await inject(ctx.app, applicationRoutes.listOfOffer, {
        params: { id: offer.offer_id },
        query: {},
        headers: owner.headers,
      })
    ).answer();
    expect(ofOffer.applications).toEqual([expect.objectContaining(expected)]);
    // The applicant who wrote them, and admins, see them too.
    const mine = (
      await inject(ctx.app, applicationRoutes.listMine, { query: {}, headers: applicant.headers })
    ).answer();
    expect(mine.applications[0]!.traffic_sources).toBe(sources);
    const admin = { authorization: (await adminHeader(db())).authorization };
    const all = (
      await inject(ctx.app, applicationRoutes.listOfOffer, {
        params: { id: offer.offer_id },
        query: {},
        headers: admin,
      })
    ).answer();
    expect(all.applications[0]!.traffic_sources).toBe(sources);

    // Nobody else: another advertiser, another affiliate, a user with no company.
    const other = await buildEntityAccount(db(), 'advertiser');
    const otherAff = await buildEntityAccount(db(), 'affiliate');
    const denied = await inject(ctx.app, applicationRoutes.listOfOffer, {
      params: { id: offer.offer_id },
      query: {},
      headers: other.headers,
    });
    expect(denied.status).toBe(403);
    expect(denied.text).not.toContain(sources);
    for (const viewer of [other, otherAff]) {
      for (const route of [applicationRoutes.listReceived, applicationRoutes.listMine]) {
        const res = await inject(ctx.app, route, { query: {}, headers: viewer.headers });
        expect(res.status).toBe(200);
        expect(res.text).not.toContain(sources);
      }
    }
  });
});
