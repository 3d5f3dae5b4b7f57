import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { useTestApp } from '../../test/helpers';
import {
  buildEntityAccount,
  buildReview,
  buildUser,
  offerPayload,
  offerRequestPayload,
  useAdminHeader,
} from '../../test/factories';
import { entities, offers } from '../db/schema';
import { readCounter } from '../lib/counters.repository';
import {
  actingEntityId,
  canSeeEntity,
  isEntityInsider,
  isLinkedToEntity,
  requireApprovedEntity,
  requireEntityInsider,
  requireFound,
  requireFoundById,
  requireWithinRate,
  speaksForEntity,
} from './policies';

const ctx = useTestApp();
const { db, inject } = ctx;
const admin = useAdminHeader(ctx);

describe('the policy', () => {
  const id = '11111111-1111-4111-8111-111111111111';
  it('grants the entity only while it is approved', () => {
    expect(actingEntityId({ entityId: id, entityStatus: 'approved' })).toBe(id);
    for (const entityStatus of ['pending', 'rejected', null] as const) {
      expect(actingEntityId({ entityId: id, entityStatus })).toBeNull();
      expect(speaksForEntity({ entityId: id, entityStatus }, id)).toBe(false);
    }
    expect(speaksForEntity({ entityId: id, entityStatus: 'approved' }, id)).toBe(true);
    expect(speaksForEntity({ entityId: id, entityStatus: 'approved' }, `${id.slice(0, -1)}2`)).toBe(
      false,
    );
    expect(actingEntityId(null)).toBeNull();
  });

  it('names why it refuses', () => {
    const messages = { noEntity: 'none', notApproved: 'not approved' };
    expect(() => requireApprovedEntity({ entityId: null, entityStatus: null }, messages)).toThrow(
      'none',
    );
    expect(() =>
      requireApprovedEntity({ entityId: id, entityStatus: 'rejected' }, messages),
    ).toThrow('not approved');
    expect(requireApprovedEntity({ entityId: id, entityStatus: 'approved' }, messages)).toBe(id);
  });
});

/**
 * A network (it may publish offers, post requests and bid) with something in every area: a paused
 * offer only its owners see, an offer request with a bid, a published review of it; and another
 * network's open request to bid on.
 */
async function ownerWithEverything() {
  const owner = await buildEntityAccount(db(), 'network');
  const other = await buildEntityAccount(db(), 'network');
  const offerId = (
    await inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload(),
    })
  ).json().offer.offer_id as string;
  await inject({
    method: 'PUT',
    url: `/api/offers/${offerId}/status`,
    headers: owner.headers,
    payload: { status: 'paused' },
  });
  const requestId = (
    await inject({
      method: 'POST',
      url: '/api/offers/offer-request',
      headers: owner.headers,
      payload: offerRequestPayload(),
    })
  ).json().request.offer_request_id as string;
  await inject({
    method: 'POST',
    url: `/api/offers/offer-requests/${requestId}/bid`,
    headers: other.headers,
    payload: { bid_amount: 10 },
  });
  const otherRequestId = (
    await inject({
      method: 'POST',
      url: '/api/offers/offer-request',
      headers: other.headers,
      payload: offerRequestPayload(),
    })
  ).json().request.offer_request_id as string;
  const reviewer = await buildUser(db());
  const review = await buildReview(db(), {
    entityId: owner.entity.id,
    reviewerUserId: reviewer.id,
  });
  return { ...owner, offerId, requestId, otherRequestId, reviewId: review.id };
}

type Owner = Awaited<ReturnType<typeof ownerWithEverything>>;

/** Every owner right, as [what, request]; run before (all succeed) and after (all refused). */
function ownerActions(o: Owner): [string, InjectOptions][] {
  const h = o.headers;
  const e = o.entity.id;
  return [
    ['entity: view', { method: 'GET', url: `/api/entities/${e}`, headers: h }],
    [
      'entity: edit',
      { method: 'PUT', url: `/api/entities/${e}`, headers: h, payload: { description: 'Mine' } },
    ],
    ['offers: own list', { method: 'GET', url: `/api/offers/entity/${e}`, headers: h }],
    ['offers: paused offer', { method: 'GET', url: `/api/offers/${o.offerId}`, headers: h }],
    ['applications: received', { method: 'GET', url: '/api/offers/applications', headers: h }],
    ['applications: made', { method: 'GET', url: '/api/offers/applications/mine', headers: h }],
    [
      'applications: of an offer',
      { method: 'GET', url: `/api/offers/${o.offerId}/applications`, headers: h },
    ],
    [
      'offers: create',
      { method: 'POST', url: '/api/offers/create', headers: h, payload: offerPayload() },
    ],
    [
      'offers: edit',
      { method: 'PUT', url: `/api/offers/${o.offerId}`, headers: h, payload: { title: 'Mine' } },
    ],
    [
      'offers: status',
      {
        method: 'PUT',
        url: `/api/offers/${o.offerId}/status`,
        headers: h,
        payload: { status: 'active' },
      },
    ],
    [
      'requests: create',
      {
        method: 'POST',
        url: '/api/offers/offer-request',
        headers: h,
        payload: offerRequestPayload(),
      },
    ],
    [
      'bids: see',
      { method: 'GET', url: `/api/offers/offer-requests/${o.requestId}/bids`, headers: h },
    ],
    [
      'bids: place',
      {
        method: 'POST',
        url: `/api/offers/offer-requests/${o.otherRequestId}/bid`,
        headers: h,
        payload: { bid_amount: 12 },
      },
    ],
    [
      'requests: contact',
      {
        method: 'POST',
        url: `/api/offers/offer-requests/${o.otherRequestId}/contact`,
        headers: h,
        payload: { message: 'Hello' },
      },
    ],
    [
      'reviews: dashboard',
      { method: 'GET', url: `/api/reviews/entity/${e}/dashboard?status=approved`, headers: h },
    ],
    [
      'reviews: reply',
      {
        method: 'POST',
        url: `/api/reviews/${o.reviewId}/reply`,
        headers: h,
        payload: { reply_type: 'clarification', reply_text: 'We are on it.' },
      },
    ],
  ];
}

async function expectAllowed(o: Owner) {
  for (const [what, request] of ownerActions(o)) {
    const res = await inject(request);
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
  }
}

/** Refused; `gone` lists what deletion removed with the entity (404 is then the honest answer). */
async function expectRefused(o: Owner, gone: string[] = []) {
  for (const [what, request] of ownerActions(o)) {
    const res = await inject(request);
    const expected = gone.includes(what) ? 404 : what === 'offers: paused offer' ? 404 : 403;
    expect(res.statusCode, `${what}: ${res.body}`).toBe(expected);
  }
  const own = await inject({
    method: 'GET',
    url: `/api/offers/offer-requests/user/${o.user.id}`,
    headers: o.headers,
  });
  expect(own.statusCode).toBe(200);
  expect(own.json().requests).toEqual([]);
}

describe("a user's entity_id grants nothing unless the entity is approved", () => {
  it('rejection takes every owner right away at once, and re-approval gives them back', async () => {
    const o = await ownerWithEverything();
    await expectAllowed(o);
    const offerRow = async () =>
      (await db().select().from(offers).where(eq(offers.id, o.offerId)))[0];
    const before = await offerRow();
    const rejected = await inject({
      method: 'PUT',
      url: `/api/entities/${o.entity.id}/verification`,
      payload: { verification_status: 'rejected' },
      headers: admin,
    });
    expect(rejected.statusCode).toBe(200);
    await expectRefused(o);
    // The refused edits changed nothing; the offer's copy of the approval followed the entity
    // (docs/decisions/035).
    expect(await offerRow()).toEqual({ ...before, ownerApproved: false });

    await inject({
      method: 'PUT',
      url: `/api/entities/${o.entity.id}/verification`,
      payload: { verification_status: 'approved' },
      headers: admin,
    });
    const back = await inject({
      method: 'GET',
      url: `/api/entities/${o.entity.id}`,
      headers: o.headers,
    });
    expect(back.statusCode).toBe(200);
  });

  it('deletion takes every owner right away at once', async () => {
    const o = await ownerWithEverything();
    const res = await inject({
      method: 'DELETE',
      url: `/api/entities/${o.entity.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    // Entity, offers and requests are gone with it; the rest is refused.
    await expectRefused(o, [
      'offers: paused offer',
      'applications: of an offer',
      'offers: edit',
      'offers: status',
      'bids: see',
      'reviews: reply',
    ]);
  });

  it('follows the entity, not the role column: a rejected entity grants nothing even to an "advertiser"', async () => {
    const o = await ownerWithEverything();
    // As if a role had been left behind: only the entity's status changes.
    await db()
      .update(entities)
      .set({ verificationStatus: 'rejected' })
      .where(eq(entities.id, o.entity.id));
    await expectRefused(o);
  });

  it('a pending entity grants nothing either', async () => {
    const o = await buildEntityAccount(db(), 'network', { verificationStatus: 'pending' });
    for (const request of [
      { method: 'GET', url: `/api/entities/${o.entity.id}` },
      { method: 'PUT', url: `/api/entities/${o.entity.id}`, payload: { description: 'x' } },
      { method: 'GET', url: `/api/offers/entity/${o.entity.id}` },
      { method: 'GET', url: `/api/reviews/entity/${o.entity.id}/dashboard` },
    ] as InjectOptions[]) {
      const res = await inject({ ...request, headers: o.headers });
      expect(res.statusCode, String(request.url)).toBe(403);
    }
  });
});

describe('the shared rules (one function each)', () => {
  const id = '22222222-2222-4222-8222-222222222222';
  const other = '33333333-3333-4333-8333-333333333333';
  const member = { role: 'advertiser' as const, entityId: id, entityStatus: 'approved' as const };

  it('an insider is an admin or a user acting for the approved entity; nobody else', () => {
    expect(isEntityInsider(member, id)).toBe(true);
    expect(isEntityInsider(member, other)).toBe(false);
    expect(isEntityInsider({ ...member, entityStatus: 'rejected' }, id)).toBe(false);
    expect(isEntityInsider({ role: 'admin', entityId: null, entityStatus: null }, id)).toBe(true);
    expect(isEntityInsider(null, id)).toBe(false);
    expect(() => requireEntityInsider(member, other, 'Not yours')).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'Not yours' }),
    );
    expect(() => requireEntityInsider(member, id)).not.toThrow();
  });

  it('an entity that is not approved is seen by its insiders only', () => {
    const pending = { id, verificationStatus: 'pending' };
    expect(canSeeEntity(null, { id, verificationStatus: 'approved' })).toBe(true);
    expect(canSeeEntity(null, pending)).toBe(false);
    expect(canSeeEntity({ ...member, entityId: other }, pending)).toBe(false);
    expect(canSeeEntity({ ...member, entityStatus: 'pending' }, pending)).toBe(false);
    expect(canSeeEntity({ role: 'admin', entityId: null, entityStatus: null }, pending)).toBe(true);
  });

  it("the stored link restricts whatever the entity's status (own-entity reviews and votes)", () => {
    expect(isLinkedToEntity({ entityId: id, entityStatus: 'rejected' }, id)).toBe(true);
    expect(isLinkedToEntity({ entityId: null, entityStatus: null }, id)).toBe(false);
    expect(isLinkedToEntity({ entityId: other, entityStatus: 'approved' }, id)).toBe(false);
  });

  it('a missing row is a 404 with the message; a non-UUID id never reaches the query', async () => {
    expect(requireFound({ a: 1 }, 'Gone')).toEqual({ a: 1 });
    expect(() => requireFound(undefined, 'Gone')).toThrow(
      expect.objectContaining({ statusCode: 404, message: 'Gone' }),
    );
    const asked: string[] = [];
    const find = async (key: string) => {
      asked.push(key);
      return key === id ? { key } : undefined;
    };
    await expect(requireFoundById(id, find, 'Gone')).resolves.toEqual({ key: id });
    await expect(requireFoundById(other, find, 'Gone')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Gone',
    });
    await expect(requireFoundById("1' or 1=1", find, 'Gone')).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(asked).toEqual([id, other]);
  });

  it('a counted limit lets `max` uses through per window and answers 429 after, counting each try', async () => {
    const key = `policy-test:${randomUUID()}`;
    const limit = { max: 2, windowMs: 3_600_000 };
    await expect(requireWithinRate(db(), key, limit, 'Slow down')).resolves.toBe(1);
    await expect(requireWithinRate(db(), key, limit, 'Slow down')).resolves.toBe(2);
    await expect(requireWithinRate(db(), key, limit, 'Slow down')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Slow down',
    });
    expect(await readCounter(db(), key, limit.windowMs)).toBe(3);
  });
});
