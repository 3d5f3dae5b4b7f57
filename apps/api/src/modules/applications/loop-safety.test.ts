import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { APPLICATION_MESSAGES, POSTBACK_MESSAGES } from '@trustlinks/contract/applications';
import { OFFER_MESSAGES } from '@trustlinks/contract/offers';
import { isPublicWebUrl, PUBLIC_URL_MESSAGE } from '@trustlinks/contract/public-url';
import { useTestApp } from '../../../test/helpers';
import { adminHeader, buildEntityAccount, mailsTo, offerPayload } from '../../../test/factories';
import {
  applyToOffer,
  approvedTrackingLink,
  createOffer,
  decideApplication,
} from '../../../test/offers';
import { notifications, offerApplications, offerChanges, offers } from '../../db/schema';
import { TRACKING_MESSAGES } from './tracking.service';

// Decision 025, "The marketplace loop": each test below is an attack that worked before the fix.
const PER_DAY = 2;
const ctx = useTestApp({ config: { APPLICATIONS_PER_OFFER_PER_DAY: String(PER_DAY) } });
const { db, inject } = ctx;
type Headers = Record<string, string>;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

const offerOf = (owner: { headers: Headers }, overrides: Record<string, unknown> = {}) =>
  createOffer(inject, owner, { landing_page_url: 'https://land.example.com/lp', ...overrides });
const apply = (offerId: string, headers: Headers, payload?: Record<string, unknown>) =>
  applyToOffer(inject, offerId, headers, payload);
const decide = (id: string, headers: Headers, payload: Record<string, unknown>) =>
  decideApplication(inject, id, headers, payload);
const follow = (path: string, ua = BROWSER, ip = '203.0.113.7') =>
  inject({ method: 'GET', url: path, remoteAddress: ip, headers: { 'user-agent': ua } });
const offerRow = async (id: string) =>
  (await db().select().from(offers).where(eq(offers.id, id)))[0]!;
const notificationsOf = (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));

/** An approved application with its tracking path. */
const approvedLink = () =>
  approvedTrackingLink(db(), inject, 'advertiser', {
    landing_page_url: 'https://land.example.com/lp',
  });

describe('applying: a few times a day per offer, and no free text in the owner’s mail', () => {
  it('refuses the apply-withdraw-apply loop beyond APPLICATIONS_PER_OFFER_PER_DAY (429), one mail per application', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const { offer_id: offerId } = await offerOf(owner);
    const aff = await buildEntityAccount(db(), 'affiliate');
    for (let i = 0; i < PER_DAY; i++) {
      const res = await apply(offerId, aff.headers);
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().application.application_id as string;
      expect((await decide(id, aff.headers, { status: 'withdrawn' })).statusCode).toBe(200);
    }
    const refused = await apply(offerId, aff.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(APPLICATION_MESSAGES.tooManyApplications(PER_DAY));
    const rows = await db()
      .select()
      .from(offerApplications)
      .where(eq(offerApplications.offerId, offerId));
    expect(rows).toHaveLength(PER_DAY);
    expect(
      (await mailsTo(db(), owner.user.email)).filter((m) => m.template === 'notification'),
    ).toHaveLength(PER_DAY);
    // Another offer of the same owner is counted apart.
    const { offer_id: other } = await offerOf(owner, { title: 'Other offer' });
    expect((await apply(other, aff.headers)).statusCode).toBe(201);
  });

  it('mails the owner without the applicant’s message; the message stays on the application', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const { offer_id: offerId } = await offerOf(owner);
    const aff = await buildEntityAccount(db(), 'affiliate');
    const text = 'Urgent: verify your payout at https://phish.example.net/login';
    const res = await apply(offerId, aff.headers, { message: text });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().application.message).toBe(text);
    const mails = await mailsTo(db(), owner.user.email);
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).not.toContain('phish.example.net');
    const [note] = await notificationsOf(owner.user.id);
    expect(note!.body).not.toContain('phish.example.net');
    const received = await inject({
      method: 'GET',
      url: `/api/offers/${offerId}/applications`,
      headers: owner.headers,
    });
    expect(received.json().applications[0].message).toBe(text);
  });
});

describe('revoking an approved application', () => {
  it('the owner revokes with a note: the applicant is told, the link answers 410 and counts nothing', async () => {
    const link = await approvedLink();
    expect((await follow(link.path)).statusCode).toBe(302);
    const res = await decide(link.applicationId, link.owner.headers, {
      status: 'revoked',
      note: 'Incentivised traffic seen in your clicks.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: APPLICATION_MESSAGES.revoked,
      application: {
        status: 'revoked',
        decision_note: 'Incentivised traffic seen in your clicks.',
      },
    });
    const gone = await follow(link.path, BROWSER, '198.51.100.99');
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toBe(TRACKING_MESSAGES.revoked);
    expect((await offerRow(link.offerId)).clickCount).toBe(1);
    const notes = await notificationsOf(link.aff.user.id);
    const revoked = notes.find((n) => n.title.endsWith('was revoked'));
    expect(revoked).toMatchObject({ type: 'application_decided' });
    expect(revoked!.body).toContain('Incentivised traffic seen in your clicks.');
    // Revoked is not open: a second revoke is a 409, and the applicant may apply again.
    const again = await decide(link.applicationId, link.owner.headers, {
      status: 'revoked',
      note: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(APPLICATION_MESSAGES.notApproved);
  });

  it('an admin may revoke; a note is required; the applicant, other companies and pending applications may not', async () => {
    const link = await approvedLink();
    const noNote = await decide(link.applicationId, link.owner.headers, { status: 'revoked' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toContain(APPLICATION_MESSAGES.revokeNoteRequired);
    const byApplicant = await decide(link.applicationId, link.aff.headers, {
      status: 'revoked',
      note: 'x',
    });
    expect(byApplicant.statusCode).toBe(403);
    const stranger = await buildEntityAccount(db(), 'advertiser');
    const byStranger = await decide(link.applicationId, stranger.headers, {
      status: 'revoked',
      note: 'x',
    });
    expect(byStranger.statusCode).toBe(403);
    expect((await follow(link.path)).statusCode).toBe(302);
    const byAdmin = await decide(link.applicationId, await adminHeader(db()), {
      status: 'revoked',
      note: 'Terms breach.',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await follow(link.path)).statusCode).toBe(410);

    const owner = await buildEntityAccount(db(), 'advertiser');
    const { offer_id: offerId } = await offerOf(owner);
    const aff = await buildEntityAccount(db(), 'affiliate');
    const pending = (await apply(offerId, aff.headers)).json().application.application_id;
    const res = await decide(pending, owner.headers, { status: 'revoked', note: 'x' });
    expect(res.statusCode).toBe(409);
  });
});

describe('a tracking link stops with its offer or its applicant', () => {
  it('answers 404 and counts nothing once the applicant’s company is rejected', async () => {
    const link = await approvedLink();
    const res = await inject({
      method: 'PUT',
      url: `/api/entities/${link.aff.entity.id}/verification`,
      headers: await adminHeader(db()),
      payload: { verification_status: 'rejected' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await follow(link.path);
    expect(after.statusCode).toBe(404);
    expect((await offerRow(link.offerId)).clickCount).toBe(0);
  });

  it('answers 404 and counts nothing once the offer’s company is rejected, and works again once approved', async () => {
    const link = await approvedLink();
    expect((await follow(link.path)).statusCode).toBe(302);
    const setStatus = async (status: string) => {
      const res = await inject({
        method: 'PUT',
        url: `/api/entities/${link.owner.entity.id}/verification`,
        headers: await adminHeader(db()),
        payload: { verification_status: status },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setStatus('rejected');
    const after = await follow(link.path, BROWSER, '203.0.113.8');
    expect(after.statusCode).toBe(404);
    expect(after.body).toBe(TRACKING_MESSAGES.notRunning);
    expect((await offerRow(link.offerId)).clickCount).toBe(1);
    await setStatus('approved');
    expect((await follow(link.path, BROWSER, '203.0.113.8')).statusCode).toBe(302);
    expect((await offerRow(link.offerId)).clickCount).toBe(2);
  });

  it('answers 404 once the applicant’s company is removed', async () => {
    const link = await approvedLink();
    const res = await inject({
      method: 'DELETE',
      url: `/api/entities/${link.aff.entity.id}`,
      headers: await adminHeader(db()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await follow(link.path)).statusCode).toBe(404);
    expect((await offerRow(link.offerId)).clickCount).toBe(0);
  });

  it('answers 404 once the offer expired, closed or was deleted', async () => {
    const expired = await approvedLink();
    await db()
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(offers.id, expired.offerId));
    expect((await follow(expired.path)).statusCode).toBe(404);
    expect((await offerRow(expired.offerId)).clickCount).toBe(0);

    const closed = await approvedLink();
    await inject({
      method: 'PUT',
      url: `/api/offers/${closed.offerId}/status`,
      headers: closed.owner.headers,
      payload: { status: 'closed' },
    });
    expect((await follow(closed.path)).statusCode).toBe(404);

    const deleted = await approvedLink();
    await inject({
      method: 'DELETE',
      url: `/api/offers/${deleted.offerId}`,
      headers: deleted.owner.headers,
    });
    expect((await follow(deleted.path)).statusCode).toBe(404);
  });
});

describe('clicks: one visitor is one client address', () => {
  it('counts 20 user agents from one address as one click', async () => {
    const link = await approvedLink();
    for (let i = 0; i < 20; i++) {
      const res = await follow(link.path, `${BROWSER} Build/${i}`);
      expect(res.statusCode).toBe(302);
    }
    expect((await offerRow(link.offerId)).clickCount).toBe(1);
  });

  it('counts the addresses of one IPv6 /64 as one visitor, and two /64s as two', async () => {
    const link = await approvedLink();
    for (let i = 1; i <= 10; i++)
      await follow(link.path, BROWSER, `2001:db8:1:2::${i.toString(16)}`);
    expect((await offerRow(link.offerId)).clickCount).toBe(1);
    await follow(link.path, BROWSER, '2001:db8:1:3::1');
    expect((await offerRow(link.offerId)).clickCount).toBe(2);
  });
});

describe('landing pages on the public web only', () => {
  const refused = [
    'http://localhost/lp',
    'http://LOCALHOST.:8080/lp',
    'http://app.localhost/',
    'http://printer.local/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://intranet/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.20.0.1/',
    'http://192.168.1.1/admin',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fe80::1]/',
    'http://[fd00:ec2::254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    // IPv6 forms carrying a private IPv4: SIIT, 6to4; Teredo and local-use NAT64 outright.
    'http://[::ffff:0:a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[64:ff9b:1::5db8:d70e]/',
  ];
  const allowed = [
    'https://land.example.com/lp?x=1',
    'http://93.184.215.14/',
    'https://[2606:4700::1111]/',
    'https://offers.localhost-deals.com/',
    'http://[2002:5db8:d70e::1]/',
  ];

  it('one rule (contract/public-url.ts) refuses each private form and keeps public ones', () => {
    for (const url of refused) expect(isPublicWebUrl(url), url).toBe(false);
    for (const url of allowed) expect(isPublicWebUrl(url), url).toBe(true);
  });

  it('refuses them on create and on update (400, nothing written)', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const { offer_id: offerId } = await offerOf(owner);
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/',
      'http://[::1]/',
      'http://[2002:a9fe:a9fe::1]/',
    ]) {
      const created = await inject({
        method: 'POST',
        url: '/api/offers/create',
        headers: owner.headers,
        payload: offerPayload({ landing_page_url: url, title: 'Evil' }),
      });
      expect(created.statusCode, url).toBe(400);
      expect(created.json().error).toContain(PUBLIC_URL_MESSAGE);
      const updated = await inject({
        method: 'PUT',
        url: `/api/offers/${offerId}`,
        headers: owner.headers,
        payload: { landing_page_url: url },
      });
      expect(updated.statusCode, url).toBe(400);
    }
    expect((await offerRow(offerId)).landingPageUrl).toBe('https://land.example.com/lp');
    const evil = await db().select().from(offers).where(eq(offers.title, 'Evil'));
    expect(evil).toHaveLength(0);
  });

  it('a changed landing page notifies each approved affiliate and is logged in offer_changes', async () => {
    const link = await approvedLink();
    const pendingAff = await buildEntityAccount(db(), 'affiliate');
    expect((await apply(link.offerId, pendingAff.headers)).statusCode).toBe(201);
    const res = await inject({
      method: 'PUT',
      url: `/api/offers/${link.offerId}`,
      headers: link.owner.headers,
      payload: { landing_page_url: 'https://new-land.example.com/v2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const told = (await notificationsOf(link.aff.user.id)).filter(
      (n) => n.type === 'offer_changed',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('https://new-land.example.com/v2');
    expect(
      (await notificationsOf(pendingAff.user.id)).filter((n) => n.type === 'offer_changed'),
    ).toHaveLength(0);
    const [change] = await db()
      .select()
      .from(offerChanges)
      .where(eq(offerChanges.offerId, link.offerId));
    expect(change).toMatchObject({
      field: 'landing_page_url',
      oldValue: 'https://land.example.com/lp',
      newValue: 'https://new-land.example.com/v2',
      changedByUserId: link.owner.user.id,
      notifiedEntities: 1,
    });
    // The same URL again, or another field, is no change of landing page.
    await inject({
      method: 'PUT',
      url: `/api/offers/${link.offerId}`,
      headers: link.owner.headers,
      payload: { landing_page_url: 'https://new-land.example.com/v2', title: 'Renamed' },
    });
    const changes = await db()
      .select()
      .from(offerChanges)
      .where(and(eq(offerChanges.offerId, link.offerId)));
    expect(changes).toHaveLength(1);
  });
});

describe('rotating the postback secret', () => {
  const postback = (query: Record<string, string>) =>
    inject({ method: 'GET', url: `/api/postback?${new URLSearchParams(query).toString()}` });
  const rotate = (offerId: string, headers: Headers = {}) =>
    inject({ method: 'POST', url: `/api/offers/${offerId}/postback-secret`, headers });

  it('the owner gets a new secret; the old one is refused at once', async () => {
    const link = await approvedLink();
    const location = (await follow(link.path)).headers.location as string;
    const clickId = new URL(location).searchParams.get('click_id')!;
    const res = await rotate(link.offerId, link.owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { message, postback_secret: secret } = res.json();
    expect(message).toBe(OFFER_MESSAGES.secretRotated);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(link.secret);
    const old = await postback({ click_id: clickId, secret: link.secret });
    expect(old.statusCode).toBe(403);
    expect(old.json().error).toBe(POSTBACK_MESSAGES.wrongSecret);
    expect((await postback({ click_id: clickId, secret })).statusCode).toBe(200);
    const card = await inject({
      method: 'GET',
      url: `/api/offers/${link.offerId}`,
      headers: link.owner.headers,
    });
    expect(card.json().offer.postback_secret).toBe(secret);
  });

  it('only the owner or an admin may rotate (401, 403, 404)', async () => {
    const link = await approvedLink();
    expect((await rotate(link.offerId)).statusCode).toBe(401);
    expect((await rotate(link.offerId, link.aff.headers)).statusCode).toBe(403);
    const stranger = await buildEntityAccount(db(), 'advertiser');
    expect((await rotate(link.offerId, stranger.headers)).statusCode).toBe(403);
    expect((await rotate(link.offerId, await adminHeader(db()))).statusCode).toBe(200);
    expect(
      (await rotate('00000000-0000-4000-8000-000000000000', link.owner.headers)).statusCode,
    ).toBe(404);
    expect((await offerRow(link.offerId)).postbackSecret).not.toBe(link.secret);
  });
});

describe('indexes', () => {
  it('the per-offer daily count reads offer_applications_entity_offer_idx', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = (
        (await tx.execute(
          sql.raw(
            `EXPLAIN SELECT count(*) FROM offer_applications WHERE offer_id = '${id}' AND entity_id = '${id}' AND created_at > now() - interval '24 hours'`,
          ),
        )) as unknown as { rows: Record<string, string>[] }
      ).rows;
      return rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(plan).toContain('offer_applications_entity_offer_idx');
  });
});
