import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPLICATION_MESSAGES } from '@trustlinks/contract/applications';
import { OFFER_MESSAGES } from '@trustlinks/contract/offers';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  authHeader,
  buildEntityAccount,
  buildUser,
  mailsTo,
} from '../../../test/factories';
import { applyToOffer, createOffer, decideApplication } from '../../../test/offers';
import { notifications, offerApplications } from '../../db/schema';

const ctx = useTestApp();
const { db, inject } = ctx;
type Headers = Record<string, string>;

const offerOf = async (owner: { headers: Headers }, overrides: Record<string, unknown> = {}) =>
  (await createOffer(inject, owner, overrides)).offer_id;
const apply = (offerId: string, headers: Headers, payload?: Record<string, unknown>) =>
  applyToOffer(inject, offerId, headers, payload);
const decide = (id: string, headers: Headers, payload: Record<string, unknown>) =>
  decideApplication(inject, id, headers, payload);
const notificationsOf = (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));

describe('POST /api/offers/:id/click (apply)', () => {
  it('creates a pending application and notifies the offer’s owner in app and by mail', async () => {
    const owner = await buildEntityAccount(db(), 'network', { name: 'BlockReach Media' });
    const offerId = await offerOf(owner, { title: 'CryptoVault Signup' });
    const aff = await buildEntityAccount(db(), 'affiliate', { name: 'Northwind Traffic' });
    const res = await apply(offerId, aff.headers, { message: 'US push traffic, 20k/day.' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(APPLICATION_MESSAGES.applied('BlockReach Media'));
    expect(body.message).not.toMatch(/has been notified/);
    expect(body.application).toMatchObject({
      offer_id: offerId,
      offer_title: 'CryptoVault Signup',
      applicant_entity_id: aff.entity.id,
      applicant_name: 'Northwind Traffic',
      applicant_type: 'affiliate',
      message: 'US push traffic, 20k/day.',
      status: 'pending',
      tracking_url: null,
      click_count: 0,
    });
    const [note] = await notificationsOf(owner.user.id);
    expect(note).toMatchObject({
      type: 'application_received',
      title: 'New application to "CryptoVault Signup"',
      link: '/network-dashboard?tab=applications',
      readAt: null,
    });
    expect(note!.body).toContain('Northwind Traffic');
    const [mail] = await mailsTo(db(), owner.user.email);
    expect(mail).toMatchObject({ template: 'notification', subject: note!.title });
    expect(mail!.textBody).toContain('http://localhost:3000/network-dashboard?tab=applications');
    expect(mail!.textBody).toMatch(
      /http:\/\/localhost:3000\/unsubscribe\?token=[0-9a-f]{64}&type=application_received/,
    );
    // The applicant is not notified of its own action.
    expect(await notificationsOf(aff.user.id)).toHaveLength(0);
  });

  it('allows one open application per offer and entity, also under parallel requests', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const offerId = await offerOf(owner);
    const aff = await buildEntityAccount(db(), 'affiliate');
    const results = await Promise.all(Array.from({ length: 6 }, () => apply(offerId, aff.headers)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json()).toEqual({ error: APPLICATION_MESSAGES.alreadyOpen });
    const again = await apply(offerId, aff.headers);
    expect(again.statusCode).toBe(409);
    const rows = await db()
      .select()
      .from(offerApplications)
      .where(eq(offerApplications.offerId, offerId));
    expect(rows).toHaveLength(1);
    // Exactly one notification for the one application.
    expect(await notificationsOf(owner.user.id)).toHaveLength(1);
  });

  it('refuses visitors, plain users, advertisers, admins, unapproved companies and bad input', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const offerId = await offerOf(owner);
    expect((await apply(offerId, {})).statusCode).toBe(401);
    const plain = await authHeader(db(), await buildUser(db()));
    const plainRes = await apply(offerId, plain);
    expect(plainRes.statusCode).toBe(403);
    expect(plainRes.json()).toEqual({ error: APPLICATION_MESSAGES.onlyRunners });
    const advertiser = await buildEntityAccount(db(), 'advertiser');
    expect((await apply(offerId, advertiser.headers)).statusCode).toBe(403);
    const admin = await adminHeader(db());
    expect((await apply(offerId, admin)).statusCode).toBe(403);
    const pending = await buildEntityAccount(db(), 'affiliate', { verificationStatus: 'pending' });
    expect((await apply(offerId, pending.headers)).json()).toEqual({
      error: APPLICATION_MESSAGES.entityNotApproved,
    });
    const aff = await buildEntityAccount(db(), 'affiliate');
    const long = await apply(offerId, aff.headers, { message: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect((await apply('not-an-id', aff.headers)).statusCode).toBe(404);
    expect((await apply('00000000-0000-0000-0000-000000000000', aff.headers)).statusCode).toBe(404);
    expect(
      await db().select().from(offerApplications).where(eq(offerApplications.offerId, offerId)),
    ).toHaveLength(0);
  });

  it('refuses a network applying to its own offer, and offers that are not running', async () => {
    const net = await buildEntityAccount(db(), 'network');
    const offerId = await offerOf(net);
    const own = await apply(offerId, net.headers);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: OFFER_MESSAGES.ownOffer });
    await inject({
      method: 'PUT',
      url: `/api/offers/${offerId}/status`,
      headers: net.headers,
      payload: { status: 'paused' },
    });
    const aff = await buildEntityAccount(db(), 'affiliate');
    const paused = await apply(offerId, aff.headers);
    expect(paused.statusCode).toBe(400);
    expect(paused.json()).toEqual({ error: OFFER_MESSAGES.offerUnavailable });
  });
});

describe('reading applications', () => {
  it('shows an offer’s applications to its owner and admins only; each side its own list', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const offerA = await offerOf(owner, { title: 'Offer A' });
    const offerB = await offerOf(owner, { title: 'Offer B' });
    const aff = await buildEntityAccount(db(), 'affiliate', {
      reputationScore: 4.5,
      totalReviews: 12,
    });
    const net = await buildEntityAccount(db(), 'network');
    await apply(offerA, aff.headers);
    await apply(offerB, aff.headers);
    await apply(offerA, net.headers);

    const perOffer = await inject({
      method: 'GET',
      url: `/api/offers/${offerA}/applications`,
      headers: owner.headers,
    });
    expect(perOffer.statusCode).toBe(200);
    expect(perOffer.json().applications).toHaveLength(2);
    expect(perOffer.json().pagination).toMatchObject({ total: 2, page: 1 });
    const fromAff = perOffer
      .json()
      .applications.find(
        (a: { applicant_entity_id: string }) => a.applicant_entity_id === aff.entity.id,
      );
    expect(fromAff.applicant_trust).toEqual({
      score: 4.5,
      reviews: 12,
      warned: false,
      verified: true,
    });

    const other = await buildEntityAccount(db(), 'advertiser');
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/offers/${offerA}/applications`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/offers/${offerA}/applications`,
          headers: aff.headers,
        })
      ).statusCode,
    ).toBe(403);
    const admin = await adminHeader(db());
    expect(
      (
        await inject({ method: 'GET', url: `/api/offers/${offerA}/applications`, headers: admin })
      ).json().applications,
    ).toHaveLength(2);

    const received = await inject({
      method: 'GET',
      url: '/api/offers/applications?limit=2',
      headers: owner.headers,
    });
    expect(received.json().applications).toHaveLength(2);
    expect(received.json().pagination).toMatchObject({ total: 3, hasNextPage: true });
    const pendingOnly = await inject({
      method: 'GET',
      url: '/api/offers/applications?status=approved',
      headers: owner.headers,
    });
    expect(pendingOnly.json().applications).toHaveLength(0);
    expect(
      (
        await inject({
          method: 'GET',
          url: '/api/offers/applications?status=nope',
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(400);

    const mine = await inject({
      method: 'GET',
      url: '/api/offers/applications/mine',
      headers: aff.headers,
    });
    expect(
      mine
        .json()
        .applications.map((a: { offer_title: string }) => a.offer_title)
        .sort(),
    ).toEqual(['Offer A', 'Offer B']);
    const plain = await authHeader(db(), await buildUser(db()));
    expect(
      (await inject({ method: 'GET', url: '/api/offers/applications/mine', headers: plain }))
        .statusCode,
    ).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/offers/applications/mine' })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/offers/applications/:id', () => {
  async function pendingApplication() {
    const owner = await buildEntityAccount(db(), 'network', { name: `Owner Net ${Math.random()}` });
    const offerId = await offerOf(owner, {
      title: 'Decided Offer',
      landing_page_url: 'https://land.example.com/page?src=tl',
    });
    const aff = await buildEntityAccount(db(), 'affiliate');
    const res = await apply(offerId, aff.headers);
    return { owner, offerId, aff, id: res.json().application.application_id as string };
  }

  it('lets the owner approve with a note: a tracking link for the applicant, who is notified', async () => {
    const { owner, aff, id } = await pendingApplication();
    const res = await decide(id, owner.headers, { status: 'approved', note: 'Welcome aboard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: APPLICATION_MESSAGES.approved,
      application: { status: 'approved', decision_note: 'Welcome aboard', tracking_url: null },
    });
    const mine = await inject({
      method: 'GET',
      url: '/api/offers/applications/mine',
      headers: aff.headers,
    });
    const [app] = mine.json().applications;
    expect(app.tracking_url).toMatch(/^http:\/\/localhost:3000\/go\/[A-Za-z0-9_-]{24}$/);
    const [note] = await notificationsOf(aff.user.id);
    expect(note).toMatchObject({
      type: 'application_decided',
      title: 'Your application to "Decided Offer" was approved',
      // Decision 027: the offer page, which shows the application with its tracking link.
      link: `/offer/${app.offer_slug}`,
    });
    expect(note!.body).toContain('Welcome aboard');
    // Decided once: a second decision is a conflict and changes nothing.
    const again = await decide(id, owner.headers, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: APPLICATION_MESSAGES.notPending });
  });

  it('lets the owner reject; the entity may apply again afterwards', async () => {
    const { owner, offerId, aff, id } = await pendingApplication();
    const res = await decide(id, owner.headers, { status: 'rejected' });
    expect(res.json().application).toMatchObject({ status: 'rejected', tracking_url: null });
    expect((await notificationsOf(aff.user.id))[0]!.title).toBe(
      'Your application to "Decided Offer" was rejected',
    );
    expect((await apply(offerId, aff.headers)).statusCode).toBe(201);
  });

  it('refuses deciding someone else’s application (403), the applicant approving itself and bad input', async () => {
    const { aff, id } = await pendingApplication();
    const other = await buildEntityAccount(db(), 'network');
    const res = await decide(id, other.headers, { status: 'approved' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: APPLICATION_MESSAGES.notOwner });
    expect((await decide(id, aff.headers, { status: 'approved' })).statusCode).toBe(403);
    expect((await decide(id, {}, { status: 'approved' })).statusCode).toBe(401);
    const owner = (
      await db().select().from(offerApplications).where(eq(offerApplications.id, id))
    )[0]!;
    expect(owner.status).toBe('pending');
    const adminHeaders = await adminHeader(db());
    expect((await decide(id, adminHeaders, { status: 'maybe' })).statusCode).toBe(400);
    expect(
      (await decide(id, adminHeaders, { status: 'approved', note: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    expect(
      (await decide('00000000-0000-0000-0000-000000000000', adminHeaders, { status: 'approved' }))
        .statusCode,
    ).toBe(404);
    // Admins may decide.
    expect((await decide(id, adminHeaders, { status: 'approved' })).statusCode).toBe(200);
  });

  it('lets the applicant withdraw while pending, nobody else, and not after a decision', async () => {
    const { owner, aff, id } = await pendingApplication();
    expect((await decide(id, owner.headers, { status: 'withdrawn' })).statusCode).toBe(403);
    const res = await decide(id, aff.headers, { status: 'withdrawn' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: APPLICATION_MESSAGES.withdrawn,
      application: { status: 'withdrawn' },
    });
    expect((await decide(id, aff.headers, { status: 'withdrawn' })).statusCode).toBe(409);
    expect((await decide(id, owner.headers, { status: 'approved' })).statusCode).toBe(409);

    const second = await pendingApplication();
    await decide(second.id, second.owner.headers, { status: 'approved' });
    expect((await decide(second.id, second.aff.headers, { status: 'withdrawn' })).statusCode).toBe(
      409,
    );
    const rows = await db()
      .select()
      .from(offerApplications)
      .where(and(eq(offerApplications.id, second.id), eq(offerApplications.status, 'approved')));
    expect(rows).toHaveLength(1);
  });
});

describe('the offer page’s own application (decision 027)', () => {
  it('reads the caller’s applications to one offer, newest first, with the traffic sources', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const offerId = await offerOf(owner, { title: 'Offer page status' });
    const otherOffer = await offerOf(owner, { title: 'Another offer' });
    const aff = await buildEntityAccount(db(), 'affiliate');
    const first = await apply(offerId, aff.headers, {
      message: 'Hello',
      traffic_sources: '  Native, push  ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().application.traffic_sources).toBe('Native, push');
    expect((await apply(otherOffer, aff.headers)).statusCode).toBe(201);
    const id = first.json().application.application_id as string;
    expect((await decide(id, aff.headers, { status: 'withdrawn' })).statusCode).toBe(200);
    const again = await apply(offerId, aff.headers, { message: 'Second try' });
    expect(again.statusCode, again.body).toBe(201);

    const mine = await inject({
      method: 'GET',
      url: `/api/offers/applications/mine?offer_id=${offerId}&limit=1`,
      headers: aff.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().applications).toHaveLength(1);
    expect(mine.json().applications[0]).toMatchObject({
      offer_id: offerId,
      message: 'Second try',
      status: 'pending',
    });
    expect(mine.json().pagination.total).toBe(2);
    // A dashboard asks about the offers it shows at once.
    const both = await inject({
      method: 'GET',
      url: `/api/offers/applications/mine?offer_ids=${offerId},${otherOffer}&status=pending`,
      headers: aff.headers,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(
      both
        .json()
        .applications.map((a: { offer_id: string }) => a.offer_id)
        .sort(),
    ).toEqual([offerId, otherOffer].sort());
    // Another company's applicant sees only its own.
    const other = await buildEntityAccount(db(), 'affiliate');
    const theirs = await inject({
      method: 'GET',
      url: `/api/offers/applications/mine?offer_id=${offerId}`,
      headers: other.headers,
    });
    expect(theirs.json().applications).toEqual([]);
  });

  it('refuses a malformed offer_id (400) and overlong traffic sources (400, nothing stored)', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const bad = await inject({
      method: 'GET',
      url: '/api/offers/applications/mine?offer_id=nope',
      headers: aff.headers,
    });
    expect(bad.statusCode).toBe(400);
    const badList = await inject({
      method: 'GET',
      url: '/api/offers/applications/mine?offer_ids=nope,also-not',
      headers: aff.headers,
    });
    expect(badList.statusCode).toBe(400);
    expect(badList.json().error).toMatch(/offer_ids/);
    const owner = await buildEntityAccount(db(), 'advertiser');
    const offerId = await offerOf(owner);
    const long = await apply(offerId, aff.headers, { traffic_sources: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/Traffic sources/);
    expect(
      await db().select().from(offerApplications).where(eq(offerApplications.offerId, offerId)),
    ).toHaveLength(0);
  });
});
