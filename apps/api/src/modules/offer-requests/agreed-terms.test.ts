import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPLICATION_MESSAGES } from '@trustlinks/contract/applications';
import { REQUEST_MESSAGES } from '@trustlinks/contract/offer-requests';
import * as applicationRoutes from '@trustlinks/contract/routes/applications';
import * as requestRoutes from '@trustlinks/contract/routes/offer-requests';
import * as offerRoutes from '@trustlinks/contract/routes/offers';
import { useTestApp } from '../../../test/helpers';
import { inject as call } from '../../../test/inject';
import { adminHeader, buildEntityAccount, offerRequestPayload } from '../../../test/factories';
import { applyToOffer, createOffer, decideApplication } from '../../../test/offers';
import { bids, offerApplications, offerRequests, offers, trackingClicks } from '../../db/schema';

// Agreed terms per partner (docs/decisions/048-agreed-terms.md).
const ctx = useTestApp();
const { db, inject } = ctx;
type Headers = Record<string, string>;
type Account = Awaited<ReturnType<typeof buildEntityAccount>>;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

async function requestOf(owner: { headers: Headers }) {
  const res = await call(ctx.app, requestRoutes.create, {
    headers: owner.headers,
    body: offerRequestPayload() as never,
  });
  return res.answer().request.offer_request_id;
}
async function bid(requestId: string, bidder: { headers: Headers }, body: Record<string, unknown>) {
  const res = await call(ctx.app, requestRoutes.bid, {
    headers: bidder.headers,
    params: { id: requestId },
    body: body as never,
  });
  return res.answer().bid.bid_id;
}
const accept = (bidId: string, headers: Headers) =>
  call(ctx.app, requestRoutes.decideBid, {
    headers,
    params: { id: bidId },
    body: { status: 'accepted' },
  });
const giveOffer = (bidId: string, headers: Headers, body: Record<string, unknown>) =>
  call(ctx.app, requestRoutes.giveBidOffer, { headers, params: { id: bidId }, body });
const setTerms = (id: string, headers: Headers, body: Record<string, unknown>) =>
  call(ctx.app, applicationRoutes.setTerms, { headers, params: { id }, body: body as never });
const reopen = (id: string, headers: Headers) =>
  call(ctx.app, requestRoutes.reopen, { headers, params: { id } });
const myApplication = async (aff: Account, offerId: string) => {
  const res = await call(ctx.app, applicationRoutes.listMine, {
    headers: aff.headers,
    query: { offer_id: offerId },
  });
  return res.answer().applications[0]!;
};
const requestRow = async (id: string) =>
  (await db().select().from(offerRequests).where(eq(offerRequests.id, id)))[0]!;

/** A click on the application's tracking link, converted by a postback (its payout when given). */
async function convert(trackingUrl: string, secret: string, payout?: number) {
  const go = await inject({
    method: 'GET',
    url: new URL(trackingUrl).pathname,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    headers: { 'user-agent': BROWSER },
  });
  expect(go.statusCode, go.body).toBe(302);
  const clickId = new URL(go.headers.location as string).searchParams.get('click_id')!;
  const posted = await call(ctx.app, applicationRoutes.postback, {
    query: {
      click_id: clickId,
      secret,
      ...(payout === undefined ? {} : { payout: String(payout) }),
    },
  });
  expect(posted.status, posted.text).toBe(200);
  const [row] = await db().select().from(trackingClicks).where(eq(trackingClicks.id, clickId));
  return row!.payout;
}

/** An affiliate's request with an advertiser's $39.50 CPL bid naming its $45 CPA offer. */
async function bidOnOffer() {
  const aff = await buildEntityAccount(db(), 'affiliate');
  const adv = await buildEntityAccount(db(), 'advertiser');
  const requestId = await requestOf(aff);
  const offer = await createOffer(inject, adv);
  const bidId = await bid(requestId, adv, {
    bid_amount: 39.5,
    payout_type: 'CPL',
    offer_id: offer.offer_id,
  });
  return { aff, adv, requestId, offer, bidId };
}

describe('terms carried from an accepted bid', () => {
  it('gives the application the bid’s payout, shown to both parties, and a conversion pays it unless the postback sends one', async () => {
    const { aff, adv, offer, bidId, requestId } = await bidOnOffer();
    expect((await accept(bidId, aff.headers)).status).toBe(200);
    const mine = await myApplication(aff, offer.offer_id);
    expect(mine.status).toBe('approved');
    expect(mine.terms).toEqual({ payout_type: 'CPL', payout_value: 39.5, source: 'bid' });
    const theirs = await call(ctx.app, applicationRoutes.listOfOffer, {
      headers: adv.headers,
      params: { id: offer.offer_id },
    });
    expect(theirs.answer().applications[0]!.terms).toEqual(mine.terms);
    // The request is closed by the acceptance.
    expect((await requestRow(requestId)).requestStatus).toBe('fulfilled');
    // The offer's own $45 CPA is not what this partner earns.
    expect(await convert(mine.tracking_url!, offer.postback_secret)).toBe(39.5);
    expect(await convert(mine.tracking_url!, offer.postback_secret, 12.25)).toBe(12.25);
    const [app] = await db()
      .select()
      .from(offerApplications)
      .where(eq(offerApplications.id, mine.application_id));
    expect(app!.payoutTotal).toBe(51.75);
  });

  it('updates the terms of an application that was approved already', async () => {
    const { aff, adv, offer, bidId } = await bidOnOffer();
    const applied = await applyToOffer(inject, offer.offer_id, aff.headers);
    const id = applied.json().application.application_id as string;
    await decideApplication(inject, id, adv.headers, { status: 'approved' });
    expect((await myApplication(aff, offer.offer_id)).terms.source).toBe('offer');
    expect((await accept(bidId, aff.headers)).status).toBe(200);
    const after = await myApplication(aff, offer.offer_id);
    expect(after.application_id).toBe(id);
    expect(after.terms).toEqual({ payout_type: 'CPL', payout_value: 39.5, source: 'bid' });
  });

  it('a new application carries the offer’s own payout (source offer)', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const adv = await buildEntityAccount(db(), 'advertiser');
    const offer = await createOffer(inject, adv, { payout_type: 'RevShare', payout_value: '40%' });
    const applied = await applyToOffer(inject, offer.offer_id, aff.headers);
    expect(applied.json().application.terms).toEqual({
      payout_type: 'RevShare',
      payout_value: 40,
      source: 'offer',
    });
  });
});

describe('one accepted bid per request until its owner reopens it', () => {
  it('refuses a second acceptance (409), also when two race; the owner reopens and may accept another', async () => {
    const { aff, requestId, bidId } = await bidOnOffer();
    const other = await buildEntityAccount(db(), 'network');
    const third = await buildEntityAccount(db(), 'advertiser');
    const second = await bid(requestId, other, { bid_amount: 20, payout_type: 'CPA' });
    const thirdBid = await bid(requestId, third, { bid_amount: 21, payout_type: 'CPA' });
    expect((await accept(bidId, aff.headers)).status).toBe(200);
    const refused = await accept(second, aff.headers);
    expect(refused.status).toBe(409);
    expect(refused.error().error).toBe(REQUEST_MESSAGES.alreadyAccepted);
    // Still open: not answered by the refusal.
    const [still] = await db().select().from(bids).where(eq(bids.id, second));
    expect(still!.status).toBe('open');

    // Only the request's owner reopens.
    expect((await reopen(requestId, other.headers)).status).toBe(403);
    expect((await reopen(requestId, {})).status).toBe(401);
    expect((await reopen(requestId, aff.headers)).answer().message).toBe(REQUEST_MESSAGES.reopened);
    expect((await requestRow(requestId)).requestStatus).toBe('active');
    expect((await reopen(requestId, aff.headers)).status).toBe(409);

    // Reopened: two acceptances racing make exactly one.
    const raced = await Promise.all([accept(second, aff.headers), accept(thirdBid, aff.headers)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const accepted = await db()
      .select()
      .from(bids)
      .where(and(eq(bids.offerRequestId, requestId), eq(bids.status, 'accepted')));
    expect(accepted).toHaveLength(2); // the first, before the reopening, and one of the race
  });
});

describe('a bid without an offer', () => {
  async function acceptedWithoutOffer(payout: Record<string, unknown> = {}) {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const adv = await buildEntityAccount(db(), 'advertiser');
    const requestId = await requestOf(aff);
    const bidId = await bid(requestId, adv, { bid_amount: 7.25, payout_type: 'CPI', ...payout });
    const res = await accept(bidId, aff.headers);
    expect(res.answer().message).toBe(REQUEST_MESSAGES.bidAcceptedNeedsOffer);
    return { aff, adv, requestId, bidId };
  }

  it('asks the bidder, who links one of its running offers: the requester runs it at the bid’s terms', async () => {
    const { aff, adv, bidId } = await acceptedWithoutOffer();
    const waiting = await call(ctx.app, requestRoutes.awaitingOffer, { headers: adv.headers });
    expect(waiting.answer().bids.map((b) => b.bid_id)).toEqual([bidId]);
    expect(waiting.answer().bids[0]!.request_title).toBe(offerRequestPayload().title);
    // The requester sees none of the bidder's list.
    expect(
      (await call(ctx.app, requestRoutes.awaitingOffer, { headers: aff.headers })).status,
    ).toBe(403);

    const rival = await buildEntityAccount(db(), 'advertiser');
    const rivalOffer = await createOffer(inject, rival);
    const notYours = await giveOffer(bidId, adv.headers, { offer_id: rivalOffer.offer_id });
    expect(notYours.status).toBe(400);
    expect((await giveOffer(bidId, rival.headers, { offer_id: rivalOffer.offer_id })).status).toBe(
      403,
    );
    expect(
      (await giveOffer(bidId, aff.headers, { landing_page_url: 'https://x.example.com' })).status,
    ).toBe(403);
    expect((await giveOffer(bidId, adv.headers, {})).status).toBe(400);

    const offer = await createOffer(inject, adv);
    const linked = await giveOffer(bidId, adv.headers, { offer_id: offer.offer_id });
    expect(linked.answer().bid.application_id).toBeTruthy();
    const mine = await myApplication(aff, offer.offer_id);
    expect(mine).toMatchObject({
      status: 'approved',
      terms: { payout_type: 'CPI', payout_value: 7.25, source: 'bid' },
    });
    expect(mine.tracking_url).toBeTruthy();
    // Answered once; gone from the bidder's list.
    expect((await giveOffer(bidId, adv.headers, { offer_id: offer.offer_id })).status).toBe(409);
    const after = await call(ctx.app, requestRoutes.awaitingOffer, { headers: adv.headers });
    expect(after.answer().bids).toEqual([]);
  });

  it('or creates a private offer from the bid’s terms: listed nowhere, seen and run by its partner only', async () => {
    const { aff, adv, bidId } = await acceptedWithoutOffer({
      payout_type: 'RevShare',
      bid_amount: 35,
    });
    const bad = await giveOffer(bidId, adv.headers, { landing_page_url: 'not a url' });
    expect(bad.status).toBe(400);
    expect(await db().select().from(offers).where(eq(offers.entityId, adv.entity.id))).toEqual([]);

    const made = await giveOffer(bidId, adv.headers, {
      landing_page_url: 'https://private.example.com/lp',
    });
    expect(made.answer().message).toBe(REQUEST_MESSAGES.bidPrivateOfferCreated);
    const [row] = await db().select().from(offers).where(eq(offers.entityId, adv.entity.id));
    expect(row).toMatchObject({
      offerStatus: 'private',
      payoutType: 'RevShare',
      payoutPercent: '35%',
      title: offerRequestPayload().title,
    });
    const mine = await myApplication(aff, row!.id);
    expect(mine.terms).toEqual({ payout_type: 'RevShare', payout_value: 35, source: 'bid' });

    // Listed nowhere: not in the explorer, not on the company's page.
    const explorer = await call(ctx.app, offerRoutes.list, { query: {} });
    expect(explorer.answer().offers.map((o) => o.offer_id)).not.toContain(row!.id);
    const company = await call(ctx.app, offerRoutes.listPublicOfEntity, {
      params: { entityId: adv.entity.id },
    });
    expect(company.answer().offers).toEqual([]);
    // Its page: the owner and the partner, nobody else.
    const page = (headers: Headers) =>
      call(ctx.app, offerRoutes.get, { headers, params: { id: row!.slug } });
    expect((await page(aff.headers)).status).toBe(200);
    expect((await page(adv.headers)).status).toBe(200);
    const stranger = await buildEntityAccount(db(), 'affiliate');
    expect((await page(stranger.headers)).status).toBe(404);
    expect((await page({})).status).toBe(404);
    // A stranger cannot apply to it; the partner's link runs (a RevShare conversion records none).
    expect((await applyToOffer(inject, row!.id, stranger.headers)).statusCode).toBe(400);
    expect(await convert(mine.tracking_url!, row!.postbackSecret)).toBeNull();
  });
});

describe('a per-partner override by the offer’s owner', () => {
  it('sets this partner’s payout, which conversions pay; every other role is refused', async () => {
    const { aff, adv, offer, bidId } = await bidOnOffer();
    await accept(bidId, aff.headers);
    const mine = await myApplication(aff, offer.offer_id);
    const body = { payout_type: 'CPA', payout_value: 50 };

    const admin = await adminHeader(db());
    const colleague = await buildEntityAccount(db(), 'advertiser');
    const network = await buildEntityAccount(db(), 'network');
    for (const headers of [aff.headers, admin, colleague.headers, network.headers]) {
      const res = await setTerms(mine.application_id, headers, body);
      expect(res.status).toBe(403);
      expect(res.error().error).toBe(APPLICATION_MESSAGES.termsByOwnerOnly);
    }
    expect((await setTerms(mine.application_id, {}, body)).status).toBe(401);
    expect(
      (
        await setTerms(mine.application_id, adv.headers, {
          payout_type: 'RevShare',
          payout_value: 140,
        })
      ).status,
    ).toBe(400);
    expect((await setTerms('00000000-0000-4000-8000-000000000000', adv.headers, body)).status).toBe(
      404,
    );
    expect((await myApplication(aff, offer.offer_id)).terms.source).toBe('bid');

    const set = await setTerms(mine.application_id, adv.headers, body);
    expect(set.answer().application.terms).toEqual({
      payout_type: 'CPA',
      payout_value: 50,
      source: 'override',
    });
    expect(await convert(mine.tracking_url!, offer.postback_secret)).toBe(50);
  });

  it('only on an approved application (a pending one is 409)', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const adv = await buildEntityAccount(db(), 'advertiser');
    const offer = await createOffer(inject, adv);
    const applied = await applyToOffer(inject, offer.offer_id, aff.headers);
    const id = applied.json().application.application_id as string;
    const res = await setTerms(id, adv.headers, { payout_type: 'CPA', payout_value: 5 });
    expect(res.status).toBe(409);
    expect(res.error().error).toBe(APPLICATION_MESSAGES.termsNeedApproved);
  });
});
