import { expect } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { offerApplications } from '../src/db/schema';
import { buildEntityAccount, insertOffer, offerPayload } from './factories';
import type { FileApp } from './helpers';

/** A test file's request to the real app (useTestApp's `inject`). */
type Inject = FileApp['inject'];
type Headers = Record<string, string>;

/** An offer as POST /api/offers/create answers it (the fields the tests read). */
export interface CreatedOffer {
  offer_id: string;
  slug: string;
  title: string;
  postback_secret: string;
}

/** POST /api/offers/create as `owner` with offerPayload(overrides); expects 201. */
export async function createOffer(
  inject: Inject,
  owner: { headers: Headers },
  overrides: Record<string, unknown> = {},
): Promise<CreatedOffer> {
  const res = await inject({
    method: 'POST',
    url: '/api/offers/create',
    headers: owner.headers,
    payload: offerPayload(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().offer as CreatedOffer;
}

/** POST /api/offers/{id}/click: the account of `headers` applies (with `payload` when given). */
export function applyToOffer(
  inject: Inject,
  offerId: string,
  headers: Headers,
  payload?: Record<string, unknown>,
) {
  return inject({
    method: 'POST',
    url: `/api/offers/${offerId}/click`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

/** PUT /api/offers/applications/{id}: the offer's owner decides an application. */
export function decideApplication(
  inject: Inject,
  id: string,
  headers: Headers,
  payload: Record<string, unknown>,
) {
  return inject({ method: 'PUT', url: `/api/offers/applications/${id}`, headers, payload });
}

/**
 * An offer of a new `ownerType` account (offerPayload(overrides)) with one approved affiliate:
 * both accounts, the offer's id and postback secret, the application and its tracking path.
 */
export async function approvedTrackingLink(
  db: DbOrTx,
  inject: Inject,
  ownerType: 'advertiser' | 'network',
  overrides: Record<string, unknown> = {},
) {
  const owner = await buildEntityAccount(db, ownerType);
  const offer = await createOffer(inject, owner, overrides);
  const aff = await buildEntityAccount(db, 'affiliate');
  const applied = await applyToOffer(inject, offer.offer_id, aff.headers);
  const applicationId = applied.json().application.application_id as string;
  const approved = await decideApplication(inject, applicationId, owner.headers, {
    status: 'approved',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const mine = await inject({
    method: 'GET',
    url: '/api/offers/applications/mine',
    headers: aff.headers,
  });
  const url = mine.json().applications[0].tracking_url as string;
  return {
    owner,
    aff,
    offerId: offer.offer_id,
    secret: offer.postback_secret,
    applicationId,
    path: new URL(url).pathname,
  };
}

/** What the explorer tests read of a page: the offers' titles and the pagination. */
export interface ExplorerPageSeen {
  offers: { title: string }[];
  pagination: { total: number; totalIsCapped: boolean; hasNextPage: boolean };
}

/** GET /api/offers/fetch_all?{query}: a page of the offer explorer, as the test's `Page` type; expects 200. */
export async function fetchOffersPage<Page>(inject: Inject, query: string): Promise<Page> {
  const res = await inject({ method: 'GET', url: `/api/offers/fetch_all?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/**
 * An advertiser's offer and an affiliate's pending application to it, written straight to the
 * database (a deal with its two parties, for tests of what happens around a deal).
 */
export async function buildApplicationDeal(db: DbOrTx, title = 'Keto Trial US') {
  const advertiser = await buildEntityAccount(db, 'advertiser');
  const affiliate = await buildEntityAccount(db, 'affiliate');
  const offerId = await insertOffer(db, advertiser.entity.id, { title });
  const [application] = await db
    .insert(offerApplications)
    .values({
      offerId,
      ownerEntityId: advertiser.entity.id,
      entityId: affiliate.entity.id,
      userId: affiliate.user.id,
    })
    .returning();
  return { advertiser, affiliate, offerId, applicationId: application!.id };
}
