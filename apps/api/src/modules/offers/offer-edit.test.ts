import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OFFER_MESSAGES } from '@trustlinks/contract/offers';
import { useTestApp } from '../../../test/helpers';
import { adminHeader, buildEntityAccount, mailsTo } from '../../../test/factories';
import { createOffer } from '../../../test/offers';
import {
  mailOutbox,
  notifications,
  offerApplications,
  offerChanges,
  offers,
} from '../../db/schema';
import { HOUR_MS } from '../../lib/time';

// Editing an offer: decision 030.
const ctx = useTestApp();
const { db, inject } = ctx;
type Headers = Record<string, string>;

const offerOf = (owner: { headers: Headers }, overrides: Record<string, unknown> = {}) =>
  createOffer(inject, owner, { landing_page_url: 'https://land.example.com/lp', ...overrides });
const edit = (offerId: string, headers: Headers, payload: Record<string, unknown>) =>
  inject({ method: 'PUT', url: `/api/offers/${offerId}`, headers, payload });
const offerChangedOf = async (userId: string) =>
  (await db().select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.type === 'offer_changed',
  );
const changesOf = (offerId: string) =>
  db().select().from(offerChanges).where(eq(offerChanges.offerId, offerId));

/** An offer with one approved affiliate (and its stats) and one pending. */
async function runningOffer() {
  const owner = await buildEntityAccount(db(), 'advertiser');
  const { offer_id: offerId } = await offerOf(owner);
  const running = await buildEntityAccount(db(), 'affiliate');
  const pending = await buildEntityAccount(db(), 'affiliate');
  const applied = await inject({
    method: 'POST',
    url: `/api/offers/${offerId}/click`,
    headers: running.headers,
  });
  const applicationId = applied.json().application.application_id as string;
  const approved = await inject({
    method: 'PUT',
    url: `/api/offers/applications/${applicationId}`,
    headers: owner.headers,
    payload: { status: 'approved' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  await inject({ method: 'POST', url: `/api/offers/${offerId}/click`, headers: pending.headers });
  // Stats the edit must keep.
  await db()
    .update(offers)
    .set({ clickCount: 120, conversionCount: 7, payoutTotal: 315 })
    .where(eq(offers.id, offerId));
  return { owner, running, pending, offerId, applicationId };
}

describe('PUT /api/offers/:id — editing an offer', () => {
  it('the owner edits every field; stats, applications and the tracking link are kept', async () => {
    const { owner, offerId, applicationId } = await runningOffer();
    const before = (
      await db().select().from(offerApplications).where(eq(offerApplications.id, applicationId))
    )[0]!;
    const res = await edit(offerId, owner.headers, {
      title: 'KetoSlim Pro — Trial v2',
      description: 'New copy',
      requirements: 'Email and native only',
      daily_cap: 50,
      monthly_cap: 1200,
      traffic_allowed: ['Email', 'Native', 'Email'],
      traffic_forbidden: ['Incentivized'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: OFFER_MESSAGES.updated,
      offer: {
        title: 'KetoSlim Pro — Trial v2',
        description: 'New copy',
        daily_cap: 50,
        monthly_cap: 1200,
        traffic_allowed: ['Email', 'Native'],
        traffic_forbidden: ['Incentivized'],
        click_count: 120,
        conversion_count: 7,
        payout_total: 315,
      },
    });
    const after = (
      await db().select().from(offerApplications).where(eq(offerApplications.id, applicationId))
    )[0]!;
    expect(after.status).toBe('approved');
    expect(after.trackingCode).toBe(before.trackingCode);
    // A cap is cleared with null; absent fields are left as they are.
    const cleared = await edit(offerId, owner.headers, { daily_cap: null });
    expect(cleared.json().offer).toMatchObject({ daily_cap: null, monthly_cap: 1200 });
  });

  it('an edit of some fields keeps the others: the requirements and the expiry stay unless cleared', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { offer_id: offerId } = await offerOf(owner, {
      requirements: 'Native and email only',
      expires_at: expiresAt,
    });
    const res = await edit(offerId, owner.headers, { description: 'A corrected description' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer).toMatchObject({
      description: 'A corrected description',
      requirements: 'Native and email only',
    });
    expect(new Date(res.json().offer.expires_at).toISOString()).toBe(expiresAt);
    // Null or an empty value clears them.
    const cleared = await edit(offerId, owner.headers, { requirements: '', expires_at: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().offer).toMatchObject({ requirements: null, expires_at: null });
  });

  it('an admin may edit; another company, an affiliate and a visitor may not; unknown is 404', async () => {
    const { offerId } = await runningOffer();
    const admin = await adminHeader(db());
    expect((await edit(offerId, admin, { title: 'Fixed by support' })).statusCode).toBe(200);
    const other = await buildEntityAccount(db(), 'advertiser');
    const refused = await edit(offerId, other.headers, { title: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: OFFER_MESSAGES.notOwner });
    const aff = await buildEntityAccount(db(), 'affiliate');
    expect((await edit(offerId, aff.headers, { title: 'Hijacked' })).statusCode).toBe(403);
    expect((await edit(offerId, {}, { title: 'Hijacked' })).statusCode).toBe(401);
    const unknown = await edit('00000000-0000-4000-8000-000000000000', admin, { title: 'X' });
    expect(unknown.statusCode).toBe(404);
    const row = (await db().select().from(offers).where(eq(offers.id, offerId)))[0]!;
    expect(row.title).toBe('Fixed by support');
  });

  it('a payout, landing page and GEO change tells each approved affiliate once, listing all three', async () => {
    const { owner, running, pending, offerId } = await runningOffer();
    const res = await edit(offerId, owner.headers, {
      payout_value: 52.5,
      landing_page_url: 'https://land.example.com/v2',
      target_geo: ['US', 'CA', 'GB'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const told = await offerChangedOf(running.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain('payout, landing page, GEOs');
    expect(told[0]!.body).toContain('payout: $52.50 CPA (was $45 CPA)');
    expect(told[0]!.body).toContain('https://land.example.com/v2');
    expect(told[0]!.body).toContain('GEOs: US, CA, GB (was US, CA)');
    // By mail too (preferences allow it by default), and never to the pending applicant.
    expect(
      (await mailsTo(db(), running.user.email)).filter((m) => m.subject.includes('payout')),
    ).toHaveLength(1);
    expect(await offerChangedOf(pending.user.id)).toHaveLength(0);
    const changes = await changesOf(offerId);
    expect(changes.map((c) => c.field).sort()).toEqual([
      'landing_page_url',
      'payout',
      'target_geo',
    ]);
    expect(changes.find((c) => c.field === 'payout')).toMatchObject({
      oldValue: '$45 CPA',
      newValue: '$52.50 CPA',
      changedByUserId: owner.user.id,
      notifiedEntities: 1,
    });
  });

  it('eight quick edits mail each approved affiliate once now and once after the hour, listing the other seven', async () => {
    const { owner, running, offerId } = await runningOffer();
    // A second approved affiliate: each gets its own mails.
    const second = await buildEntityAccount(db(), 'affiliate');
    const applied = await inject({
      method: 'POST',
      url: `/api/offers/${offerId}/click`,
      headers: second.headers,
    });
    await inject({
      method: 'PUT',
      url: `/api/offers/applications/${applied.json().application.application_id}`,
      headers: owner.headers,
      payload: { status: 'approved' },
    });
    const editedAt = Date.now();
    for (let i = 1; i <= 8; i++) {
      const res = await edit(offerId, owner.headers, { payout_value: 45 + i });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The bell has every edit.
    expect(await offerChangedOf(running.user.id)).toHaveLength(8);
    for (const affiliate of [running, second]) {
      const mails = (await mailsTo(db(), affiliate.user.email))
        .filter((m) => m.template === 'offer_changed')
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
      expect(mails).toHaveLength(2);
      const [now, later] = mails as [(typeof mails)[0], (typeof mails)[0]];
      expect(now.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(now.textBody).toContain('payout: $46 CPA (was $45 CPA)');
      expect(now.textBody).not.toContain('$47.00');
      // The other seven wait for the end of the hour, in one mail that lists them all.
      expect(later.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(editedAt + HOUR_MS - 1000);
      expect(later.status).toBe('pending');
      expect(later.subject).toContain('payout');
      expect(later.textBody).toContain('changed 7 times');
      for (let i = 2; i <= 8; i++) {
        expect(later.textBody).toContain(`payout: $${45 + i} CPA (was $${44 + i} CPA)`);
      }
      expect(later.textBody).not.toContain('(was $45 CPA)');
    }
    // Two hours later both went out; the next edit is mailed at once again.
    await db()
      .update(mailOutbox)
      .set({
        status: 'sent',
        createdAt: sql`created_at - interval '3 hours'`,
        nextAttemptAt: sql`next_attempt_at - interval '3 hours'`,
        sentAt: sql`next_attempt_at - interval '3 hours'`,
      })
      .where(eq(mailOutbox.toAddress, running.user.email));
    expect((await edit(offerId, owner.headers, { payout_value: 60 })).statusCode).toBe(200);
    const next = (await mailsTo(db(), running.user.email)).filter(
      (m) => m.template === 'offer_changed' && m.status === 'pending',
    );
    expect(next).toHaveLength(1);
    expect(next[0]!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(next[0]!.textBody).toContain('payout: $60 CPA (was $53 CPA)');
  });

  it('an affiliate who turned offer-change mails off gets none, however many edits', async () => {
    const { owner, running, offerId } = await runningOffer();
    const off = await inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: running.headers,
      payload: { email: [] },
    });
    expect(off.statusCode, off.body).toBe(200);
    for (let i = 1; i <= 3; i++) await edit(offerId, owner.headers, { payout_value: 45 + i });
    expect(await offerChangedOf(running.user.id)).toHaveLength(3);
    expect(
      (await mailsTo(db(), running.user.email)).filter((m) => m.template === 'offer_changed'),
    ).toHaveLength(0);
  });

  it('a payout model change alone is a payout change; title, description, caps and traffic types tell nobody', async () => {
    const { owner, running, offerId } = await runningOffer();
    await edit(offerId, owner.headers, {
      title: 'Renamed',
      description: 'Typo fixed',
      category: 'Health',
      daily_cap: 10,
      traffic_forbidden: ['Adult'],
      // The same values again are no change either.
      payout_value: 45,
      target_geo: ['ca', 'us'].reverse().map((g) => g.toUpperCase()),
      landing_page_url: 'https://land.example.com/lp',
    });
    expect(await offerChangedOf(running.user.id)).toHaveLength(0);
    expect(await changesOf(offerId)).toHaveLength(0);
    const model = await edit(offerId, owner.headers, { payout_type: 'CPL' });
    expect(model.statusCode).toBe(200);
    expect(await offerChangedOf(running.user.id)).toHaveLength(1);
    expect((await changesOf(offerId))[0]).toMatchObject({
      field: 'payout',
      oldValue: '$45 CPA',
      newValue: '$45 CPL',
    });
  });

  it('bad values are a 400 with field errors, and nothing is written', async () => {
    const { owner, running, offerId } = await runningOffer();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ payout_value: -1 }, 'payout_value'],
      [{ payout_value: '40%' }, 'payout_value'],
      [{ target_geo: [] }, 'target_geo'],
      [{ target_geo: ['USA'] }, 'target_geo.0'],
      [{ landing_page_url: 'http://localhost/x' }, 'landing_page_url'],
      [{ daily_cap: 0 }, 'daily_cap'],
      [{ daily_cap: 1.5 }, 'daily_cap'],
      [{ monthly_cap: 'many' }, 'monthly_cap'],
      [{ traffic_allowed: 'Email' }, 'traffic_allowed'],
      [{ traffic_allowed: ['x'.repeat(61)] }, 'traffic_allowed.0'],
      [{ traffic_allowed: ['Email'], traffic_forbidden: ['email'] }, 'traffic_forbidden'],
      [{ daily_cap: 500, monthly_cap: 100 }, 'daily_cap'],
    ];
    for (const [payload, path] of cases) {
      const res = await edit(offerId, owner.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const details = (res.json().details ?? []) as { path: string }[];
      expect(
        details.map((d) => d.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
    const row = (await db().select().from(offers).where(eq(offers.id, offerId)))[0]!;
    expect(row).toMatchObject({ title: 'KetoSlim Pro Trial', dailyCap: null, payoutAmount: 45 });
    expect(await offerChangedOf(running.user.id)).toHaveLength(0);
  });
});
