import { expect, type APIRequestContext } from '@playwright/test';
import {
  bearer,
  createApprovedEntityAccount,
  type EntityAccount,
  type EntityType,
} from './entities';

/** What POST /api/offers/create answers with, as far as the journeys read it. */
export interface CreatedOffer {
  offer_id: string;
  slug: string;
  entity_slug: string;
  postback_secret: string;
}

/** Publishes an offer as its owner through the API (body: e.g. `ketoOfferBody(title, suffix)`). */
export async function createOffer(
  request: APIRequestContext,
  owner: { token: string },
  body: Record<string, unknown>,
): Promise<CreatedOffer> {
  const created = await request.post('/api/offers/create', { headers: bearer(owner), data: body });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { offer: CreatedOffer }).offer;
}

/** The affiliate applies to the offer ('Run This Offer' through the API); the pending application. */
export async function applyToOffer(
  request: APIRequestContext,
  affiliate: { token: string },
  offerId: string,
): Promise<{ application_id: string }> {
  const applied = await request.post(`/api/offers/${offerId}/click`, {
    headers: bearer(affiliate),
  });
  expect(applied.status(), await applied.text()).toBe(201);
  return ((await applied.json()) as { application: { application_id: string } }).application;
}

/**
 * Decides the application: its offer's owner approves or rejects it (the note is sent to the
 * applicant), or the affiliate withdraws it.
 */
export async function decideApplication(
  request: APIRequestContext,
  actor: { token: string },
  applicationId: string,
  status: 'approved' | 'rejected' | 'withdrawn',
  note?: string,
): Promise<void> {
  const decided = await request.put(`/api/offers/applications/${applicationId}`, {
    headers: bearer(actor),
    data: note === undefined ? { status } : { status, note },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
}

/** The affiliate's application to the offer, the first My Applications lists for it. */
export async function myApplicationTo(
  request: APIRequestContext,
  affiliate: { token: string },
  offerId: string,
): Promise<{ application_id: string; tracking_url?: string }> {
  const mine = await request.get(`/api/offers/applications/mine?offer_id=${offerId}`, {
    headers: bearer(affiliate),
  });
  expect(mine.ok(), await mine.text()).toBe(true);
  const { applications } = (await mine.json()) as {
    applications: { application_id: string; tracking_url?: string }[];
  };
  return applications[0]!;
}

/** An offer of a new approved owner and the pending application of a new approved affiliate. */
export async function offerWithApplicant(
  request: APIRequestContext,
  ownerType: Exclude<EntityType, 'affiliate'>,
  body: Record<string, unknown>,
): Promise<{
  owner: EntityAccount;
  offer: CreatedOffer;
  affiliate: EntityAccount;
  application: { application_id: string };
}> {
  const owner = await createApprovedEntityAccount(request, ownerType);
  const offer = await createOffer(request, owner, body);
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const application = await applyToOffer(request, affiliate, offer.offer_id);
  return { owner, offer, affiliate, application };
}

/**
 * An offer of a new approved owner with an approved partner: a new affiliate applied, the owner
 * approved it, and its tracking link (which redirects to the offer's landing page).
 */
export async function offerWithApprovedPartner(
  request: APIRequestContext,
  ownerType: Exclude<EntityType, 'affiliate'>,
  body: Record<string, unknown>,
) {
  const made = await offerWithApplicant(request, ownerType, body);
  await decideApplication(request, made.owner, made.application.application_id, 'approved');
  const { tracking_url } = await myApplicationTo(request, made.affiliate, made.offer.offer_id);
  return { ...made, trackingUrl: tracking_url! };
}

/**
 * One visitor follows the tracking link (with a browser's user agent: a bot's click is never counted) and the
 * advertiser's tracker reports the sale by postback. Returns the click's id.
 */
export async function recordConversion(
  request: APIRequestContext,
  trackingUrl: string,
  postbackSecret: string,
  payout: number,
): Promise<string> {
  const click = await request.get(trackingUrl, {
    maxRedirects: 0,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
  });
  expect(click.status()).toBe(302);
  const clickId = new URL(click.headers().location!).searchParams.get('click_id')!;
  const postback = await request.post('/api/postback', {
    data: { click_id: clickId, secret: postbackSecret, payout },
  });
  expect(postback.status(), await postback.text()).toBe(200);
  return clickId;
}

/**
 * The affiliate posts an offer request (the traffic it has, the payout it wants); its id. By
 * default native Nutra traffic from Taboola in the US and Canada, CPL wanted; `fields` override.
 */
export async function createOfferRequest(
  request: APIRequestContext,
  affiliate: { token: string },
  fields: { title: string } & Record<string, unknown>,
): Promise<string> {
  const made = await request.post('/api/offers/offer-request', {
    headers: bearer(affiliate),
    data: {
      vertical: 'Nutra',
      geos_targeting: 'US, CA',
      traffic_type: 'Native',
      platforms_used: 'Taboola',
      traffic_volume: 20000,
      desired_payout_type: 'CPL',
      ...fields,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { request: { offer_request_id: string } }).request
    .offer_request_id;
}

/** An advertiser or network bids on the offer request (a counter offer). */
export async function placeBid(
  request: APIRequestContext,
  bidder: { token: string },
  offerRequestId: string,
  body: Record<string, unknown>,
): Promise<void> {
  const bid = await request.post(`/api/offers/offer-requests/${offerRequestId}/bid`, {
    headers: bearer(bidder),
    data: body,
  });
  expect(bid.status(), await bid.text()).toBe(201);
}
