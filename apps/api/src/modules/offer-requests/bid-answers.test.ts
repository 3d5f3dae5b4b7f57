import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REQUEST_MESSAGES } from '@trustlinks/contract/offer-requests';
import { OFFER_MESSAGES } from '@trustlinks/contract/offers';
import { APPLICATION_MESSAGES } from '@trustlinks/contract/applications';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  buildEntityAccount,
  mailsTo,
  offerRequestPayload,
} from '../../../test/factories';
import { createOffer } from '../../../test/offers';
import { bids, notifications, offerApplications } from '../../db/schema';

// Counter offers that say what they are, and bids that can be answered (decision 030).
const PER_DAY = 2;
const ctx = useTestApp({ config: { APPLICATIONS_PER_OFFER_PER_DAY: String(PER_DAY) } });
const { db, inject } = ctx;
type Headers = Record<string, string>;

async function requestOf(owner: { headers: Headers }) {
  const res = await inject({
    method: 'POST',
    url: '/api/offers/offer-request',
    headers: owner.headers,
    payload: offerRequestPayload(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request.offer_request_id as string;
}
const offerOf = (owner: { headers: Headers }, overrides: Record<string, unknown> = {}) =>
  createOffer(inject, owner, overrides);
const bid = (requestId: string, headers: Headers, payload: Record<string, unknown>) =>
  inject({
    method: 'POST',
    url: `/api/offers/offer-requests/${requestId}/bid`,
    headers,
    payload: { bid_notes: 'Weekly pay', ...payload },
  });
const answer = (bidId: string, headers: Headers, payload: Record<string, unknown>) =>
  inject({ method: 'PUT', url: `/api/offers/bids/${bidId}`, headers, payload });
const notificationsOf = (userId: string, type: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
const applicationsOf = (offerId: string, entityId: string) =>
  db()
    .select()
    .from(offerApplications)
    .where(and(eq(offerApplications.offerId, offerId), eq(offerApplications.entityId, entityId)));

/** An affiliate's request with an advertiser's counter offer naming one of its offers. */
async function bidWithOffer() {
  const aff = await buildEntityAccount(db(), 'affiliate');
  const requestId = await requestOf(aff);
  const adv = await buildEntityAccount(db(), 'advertiser');
  const offer = await offerOf(adv);
  const placed = await bid(requestId, adv.headers, {
    bid_amount: 4.5,
    payout_type: 'CPL',
    offer_id: offer.offer_id,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { aff, adv, requestId, offer, bidId: placed.json().bid.bid_id as string };
}

describe('counter offers with a payout model and an offer', () => {
  it('keeps the amount’s payout model and the bidder’s offer, shown on the request’s bids', async () => {
    const { aff, adv, requestId, offer } = await bidWithOffer();
    const seen = await inject({
      method: 'GET',
      url: `/api/offers/offer-requests/${requestId}/bids`,
      headers: aff.headers,
    });
    expect(seen.json().bids).toEqual([
      expect.objectContaining({
        bid_amount: 4.5,
        payout_type: 'CPL',
        entity_slug: adv.entity.slug,
        offer: { offer_id: offer.offer_id, slug: offer.slug, title: offer.title },
        status: 'open',
        decision_note: null,
        application_id: null,
      }),
    ]);
    // The owner hears of it with the model in the words.
    const [told] = await notificationsOf(aff.user.id, 'bid_received');
    expect(told!.body).toContain('a counter offer of $4.50 CPL with its offer');
    // Its link opens this request's bids, not the dashboard's first tab.
    expect(told!.link).toBe(`/affiliate-dashboard?tab=requests&request=${requestId}`);
    // RevShare is a percentage; without a model the bid is CPA as before.
    const other = await buildEntityAccount(db(), 'network');
    const rev = await bid(requestId, other.headers, { bid_amount: 35, payout_type: 'RevShare' });
    expect(rev.json().bid).toMatchObject({ payout_type: 'RevShare', offer: null });
    const plain = await bid(requestId, other.headers, { bid_amount: 12 });
    expect(plain.json().bid.payout_type).toBe('CPA');
  });

  it('refuses an unknown payout model, a RevShare over 100 %, and an offer that is not the bidder’s running one', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const requestId = await requestOf(aff);
    const adv = await buildEntityAccount(db(), 'advertiser');
    const rival = await buildEntityAccount(db(), 'advertiser');
    const rivalOffer = await offerOf(rival);
    const paused = await offerOf(adv);
    await inject({
      method: 'PUT',
      url: `/api/offers/${paused.offer_id}/status`,
      headers: adv.headers,
      payload: { status: 'paused' },
    });
    const model = await bid(requestId, adv.headers, { bid_amount: 5, payout_type: 'CPM' });
    expect(model.statusCode).toBe(400);
    const rev = await bid(requestId, adv.headers, { bid_amount: 140, payout_type: 'RevShare' });
    expect(rev.statusCode).toBe(400);
    expect(rev.json().details).toContainEqual({
      path: 'bid_amount',
      message: REQUEST_MESSAGES.revSharePercent,
    });
    for (const offerId of [
      rivalOffer.offer_id,
      paused.offer_id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await bid(requestId, adv.headers, { bid_amount: 5, offer_id: offerId });
      expect(res.statusCode, offerId).toBe(400);
      expect(res.json()).toEqual({
        error: REQUEST_MESSAGES.bidOfferNotYours,
        details: [{ path: 'offer_id', message: REQUEST_MESSAGES.bidOfferNotYours }],
      });
    }
    expect((await bid(requestId, adv.headers, { bid_amount: 5, offer_id: 'x' })).statusCode).toBe(
      400,
    );
    expect(await db().select().from(bids).where(eq(bids.offerRequestId, requestId))).toHaveLength(
      0,
    );
  });
});

describe('PUT /api/offers/bids/:id — answering a bid', () => {
  it('accepting a bid with an offer approves the requester’s application to it, tells the bidder, and is final', async () => {
    const { aff, adv, offer, bidId } = await bidWithOffer();
    const res = await answer(bidId, aff.headers, {
      status: 'accepted',
      note: 'Let us start Monday',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: REQUEST_MESSAGES.bidAccepted,
      bid: { status: 'accepted', decision_note: 'Let us start Monday' },
    });
    const [application] = await applicationsOf(offer.offer_id, aff.entity.id);
    expect(application).toMatchObject({ status: 'approved', ownerEntityId: adv.entity.id });
    expect(application!.trackingCode).toBeTruthy();
    expect(res.json().bid.application_id).toBe(application!.id);
    // The requester sees its tracking link at once.
    const mine = await inject({
      method: 'GET',
      url: '/api/offers/applications/mine',
      headers: aff.headers,
    });
    expect(mine.json().applications[0]).toMatchObject({
      status: 'approved',
      tracking_url: expect.stringContaining('/go/'),
    });
    // The bidder is told, in app and by mail.
    const [told] = await notificationsOf(adv.user.id, 'bid_decided');
    expect(told!.title).toContain('was accepted');
    expect(told!.body).toContain('$4.50 CPL');
    expect(told!.body).toContain('tracking has started');
    expect(told!.body).toContain('Let us start Monday');
    expect(
      (await mailsTo(db(), adv.user.email)).filter((m) => m.subject.includes('was accepted')),
    ).toHaveLength(1);
    // A decided bid stays decided.
    const again = await answer(bidId, aff.headers, { status: 'declined' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REQUEST_MESSAGES.bidAlreadyDecided });
  });

  it('links the requester’s open application instead of making a second one', async () => {
    const { aff, offer, bidId } = await bidWithOffer();
    const applied = await inject({
      method: 'POST',
      url: `/api/offers/${offer.offer_id}/click`,
      headers: aff.headers,
    });
    const pendingId = applied.json().application.application_id as string;
    const res = await answer(bidId, aff.headers, { status: 'accepted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bid.application_id).toBe(pendingId);
    const rows = await applicationsOf(offer.offer_id, aff.entity.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('approved');
  });

  it('respects the daily application limit: over it, the acceptance is refused whole (429)', async () => {
    const { aff, offer, bidId } = await bidWithOffer();
    for (let i = 0; i < PER_DAY; i++) {
      const applied = await inject({
        method: 'POST',
        url: `/api/offers/${offer.offer_id}/click`,
        headers: aff.headers,
      });
      await inject({
        method: 'PUT',
        url: `/api/offers/applications/${applied.json().application.application_id}`,
        headers: aff.headers,
        payload: { status: 'withdrawn' },
      });
    }
    const res = await answer(bidId, aff.headers, { status: 'accepted' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(APPLICATION_MESSAGES.tooManyApplications(PER_DAY));
    // One transaction: the bid is still open, and nobody was told.
    const [row] = await db().select().from(bids).where(eq(bids.id, bidId));
    expect(row!.status).toBe('open');
  });

  it('refuses an acceptance whose offer stopped running meanwhile, leaving the bid open', async () => {
    const { aff, adv, offer, bidId } = await bidWithOffer();
    await inject({
      method: 'PUT',
      url: `/api/offers/${offer.offer_id}/status`,
      headers: adv.headers,
      payload: { status: 'closed' },
    });
    const res = await answer(bidId, aff.headers, { status: 'accepted' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: OFFER_MESSAGES.offerUnavailable });
    const [row] = await db().select().from(bids).where(eq(bids.id, bidId));
    expect(row!.status).toBe('open');
    expect(await notificationsOf(adv.user.id, 'bid_decided')).toHaveLength(0);
  });

  it('declining tells the bidder with the note and creates no application', async () => {
    const { aff, adv, offer, bidId } = await bidWithOffer();
    const res = await answer(bidId, aff.headers, { status: 'declined', note: 'Too low' });
    expect(res.statusCode).toBe(200);
    expect(res.json().bid).toMatchObject({ status: 'declined', application_id: null });
    const [told] = await notificationsOf(adv.user.id, 'bid_decided');
    expect(told!.title).toContain('was declined');
    expect(told!.body).toContain('Note: "Too low"');
    expect(await applicationsOf(offer.offer_id, aff.entity.id)).toHaveLength(0);
  });

  it('accepting a bid without an offer only answers it', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const requestId = await requestOf(aff);
    const net = await buildEntityAccount(db(), 'network');
    const placed = await bid(requestId, net.headers, { bid_amount: 30, payout_type: 'RevShare' });
    const res = await answer(placed.json().bid.bid_id, aff.headers, { status: 'accepted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().bid).toMatchObject({ status: 'accepted', application_id: null });
    const [told] = await notificationsOf(net.user.id, 'bid_decided');
    expect(told!.body).toContain('30% RevShare');
    // No offer page to open: the link lands on that request in the bidder's dashboard.
    expect(told!.link).toBe(`/network-dashboard?tab=requests&request=${requestId}`);
  });

  it('only the request’s owner (or an admin) answers: the bidder, others and visitors may not; bad input is 400, unknown 404', async () => {
    const { adv, bidId } = await bidWithOffer();
    for (const headers of [
      adv.headers,
      (await buildEntityAccount(db(), 'affiliate')).headers,
      (await buildEntityAccount(db(), 'network')).headers,
    ]) {
      const res = await answer(bidId, headers, { status: 'accepted' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: REQUEST_MESSAGES.bidsDecidedByOwner });
    }
    expect((await answer(bidId, {}, { status: 'accepted' })).statusCode).toBe(401);
    const owner = await buildEntityAccount(db(), 'affiliate');
    expect((await answer(bidId, owner.headers, { status: 'maybe' })).statusCode).toBe(400);
    expect(
      (await answer(bidId, owner.headers, { status: 'declined', note: 'x'.repeat(2001) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await answer('00000000-0000-4000-8000-000000000000', owner.headers, { status: 'declined' }))
        .statusCode,
    ).toBe(404);
    const [row] = await db().select().from(bids).where(eq(bids.id, bidId));
    expect(row!.status).toBe('open');
    const admin = await adminHeader(db());
    expect((await answer(bidId, admin, { status: 'declined' })).statusCode).toBe(200);
  });
});
