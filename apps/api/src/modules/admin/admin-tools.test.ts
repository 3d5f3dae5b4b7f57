import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, BAN_REASON_LIMITS } from '@trustlinks/contract/admin';
import { BULK_MODERATION_MAX, REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import { useTestApp } from '../../../test/helpers';
import {
  authHeader,
  buildEntity,
  buildEntityAccount,
  buildReview,
  buildUser,
  countRows,
  mailsTo,
  readEntity,
  readReview,
} from '../../../test/factories';
import {
  adminActions,
  contactMessages,
  entityChanges,
  entityWarnings,
  identityClaims,
  notifications,
  reviewReports,
  users,
} from '../../db/schema';
import { recomputeEntityReviewStats } from '../reviews/reviews.service';

// Decision 032: the admin panel's tools — ban reasons (stored, audited, mailed), the workload counts,
// bulk moderation with the hold-reason filter, the list of active warnings.

const ctx = useTestApp();
const { db, inject } = ctx;
let adminId: string;
let admin: { authorization: string };
beforeAll(async () => {
  const row = await buildUser(ctx.database.db, { role: 'admin' });
  adminId = row.id;
  admin = await authHeader(ctx.database.db, row);
});

const nonAdminRoles = ['user', 'advertiser', 'affiliate', 'network'] as const;
const setStatus = (id: string, payload: Record<string, unknown>, headers = admin) =>
  inject({ method: 'PUT', url: `/api/admin/users/${id}/status`, headers, payload });

describe('ban and unban with a reason', () => {
  it('stores the reason on the user and in the audit list, mails it, and holds the reviews', async () => {
    const person = await buildUser(db(), { firstName: 'Mallory' });
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const other = await buildUser(db());
    await buildReview(db(), { entityId: entity.id, reviewerUserId: other.id, overallRating: 5 });
    const held = await buildReview(db(), {
      entityId: entity.id,
      reviewerUserId: person.id,
      overallRating: 1,
    });
    await recomputeEntityReviewStats(db(), entity.id, 0);
    expect((await readEntity(db(), entity.id)).totalReviews).toBe(2);

    const reason = 'Posted <b>fake</b> reviews & spam';
    const ban = await setStatus(person.id, { status: 'banned', reason: `  ${reason} ` });
    expect(ban.statusCode).toBe(200);
    expect(ban.json()).toMatchObject({
      message: ADMIN_MESSAGES.userBanned,
      user: { status: 'banned', status_reason: reason, status_changed_at: expect.any(String) },
    });
    // The ban's effects in the same call: review held, score recomputed.
    expect(await readReview(db(), held.id)).toMatchObject({
      status: 'pending',
      holdReason: 'banned',
    });
    expect((await readEntity(db(), entity.id)).totalReviews).toBe(1);

    // In the user's row.
    const list = await inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(person.email)}`,
      headers: admin,
    });
    expect(list.json().users[0]).toMatchObject({ status: 'banned', status_reason: reason });

    // In the audit list, with who did it.
    const audit = await inject({
      method: 'GET',
      url: `/api/admin/audit?user_id=${person.id}`,
      headers: admin,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().entries).toEqual([
      expect.objectContaining({
        action: 'user_banned',
        reason,
        target_user_id: person.id,
        target_user: person.email,
        actor: expect.stringContaining('@'),
      }),
    ]);

    // Mailed, the reason as plain text (escaped in the HTML part).
    const [mail] = await mailsTo(db(), person.email);
    expect(mail).toMatchObject({ template: 'account_banned', recipientUserId: person.id });
    expect(mail!.textBody).toContain(`Reason: ${reason}`);
    expect(mail!.htmlBody).toContain('Posted &lt;b&gt;fake&lt;/b&gt; reviews &amp; spam');
    expect(mail!.htmlBody).not.toContain('<b>fake</b>');

    // Unban likewise: reason stored, audited, mailed; the held review published again.
    const unban = await setStatus(person.id, { status: 'active', reason: 'Appeal accepted' });
    expect(unban.statusCode).toBe(200);
    expect(unban.json().user).toMatchObject({
      status: 'active',
      status_reason: 'Appeal accepted',
    });
    expect((await readReview(db(), held.id)).status).toBe('approved');
    expect((await readEntity(db(), entity.id)).totalReviews).toBe(2);
    const after = await inject({
      method: 'GET',
      url: `/api/admin/audit?user_id=${person.id}`,
      headers: admin,
    });
    expect(
      after.json().entries.map((e: { action: string; reason: string }) => [e.action, e.reason]),
    ).toEqual([
      ['user_unbanned', 'Appeal accepted'],
      ['user_banned', reason],
    ]);
    const mails = await mailsTo(db(), person.email);
    expect(mails.map((m) => m.template).sort()).toEqual(['account_banned', 'account_unbanned']);
  });

  it('answers 400 without a reason, with a blank or too long one, and writes nothing', async () => {
    const person = await buildUser(db());
    for (const payload of [
      { status: 'banned' },
      { status: 'banned', reason: '    ' },
      { status: 'banned', reason: 'x'.repeat(BAN_REASON_LIMITS.min - 1) },
      { status: 'banned', reason: 'x'.repeat(BAN_REASON_LIMITS.max + 1) },
      { status: 'active' },
    ]) {
      const res = await setStatus(person.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const [row] = await db().select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ status: 'active', statusReason: null });
    expect(await countRows(db(), adminActions, eq(adminActions.targetUserId, person.id))).toBe(0);
    expect(await mailsTo(db(), person.email)).toHaveLength(0);
  });

  it('is for admins only; an admin can ban neither themself nor another admin', async () => {
    const person = await buildUser(db());
    for (const role of nonAdminRoles) {
      const caller = await authHeader(db(), await buildUser(db(), { role }));
      const res = await setStatus(person.id, { status: 'banned', reason: 'Not my call' }, caller);
      expect(res.statusCode, role).toBe(403);
      const audit = await inject({ method: 'GET', url: '/api/admin/audit', headers: caller });
      expect(audit.statusCode, role).toBe(403);
    }
    const self = await setStatus(adminId, { status: 'banned', reason: 'Testing myself' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: ADMIN_MESSAGES.cannotBanSelf });
    const other = await buildUser(db(), { role: 'admin' });
    const res = await setStatus(other.id, { status: 'banned', reason: 'Rival admin' });
    expect(res.statusCode).toBe(403);
    expect(await countRows(db(), adminActions, eq(adminActions.targetUserId, other.id))).toBe(0);
  });
});

async function workload() {
  const res = await inject({ method: 'GET', url: '/api/admin/workload', headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/admin/workload', () => {
  it('counts what waits on each tab: one more of each kind is one more in its count', async () => {
    const before = await workload();
    const approved = await buildEntity(db(), { verificationStatus: 'approved' });
    await buildEntity(db(), { verificationStatus: 'pending' });
    const reviewer = await buildUser(db());
    for (const holdReason of ['new_account', 'burst', 'banned'] as const) {
      await buildReview(db(), {
        entityId: approved.id,
        reviewerUserId: (await buildUser(db())).id,
        status: 'pending',
        holdReason,
      });
    }
    await buildReview(db(), {
      entityId: approved.id,
      reviewerUserId: reviewer.id,
      status: 'flagged',
    });
    const published = await buildReview(db(), {
      entityId: approved.id,
      reviewerUserId: (await buildUser(db())).id,
    });
    await db()
      .insert(reviewReports)
      .values({ reviewId: published.id, reporterUserId: reviewer.id, reason: 'fake' });
    await db()
      .insert(identityClaims)
      .values({
        userId: reviewer.id,
        method: 'linkedin',
        value: `https://www.linkedin.com/in/counted-${reviewer.id.slice(0, 8)}`,
        status: 'pending_review',
      });
    await db().insert(entityChanges).values({ entityId: approved.id, name: 'New Name Ltd' });
    await db().insert(contactMessages).values({
      name: 'Visitor',
      email: 'visitor@example.com',
      subject: 'Hello',
      message: 'A question for the admins.',
    });
    // Decided or read items do not wait.
    await db().insert(contactMessages).values({
      name: 'Visitor',
      email: 'visitor@example.com',
      subject: 'Old',
      message: 'Already read.',
      status: 'read',
    });

    const after = await workload();
    expect(after).toEqual({
      pending_entities: before.pending_entities + 1,
      pending_reviews: before.pending_reviews + 3,
      held_reviews: {
        new_account: before.held_reviews.new_account + 1,
        burst: before.held_reviews.burst + 1,
        banned: before.held_reviews.banned + 1,
      },
      flagged_reviews: before.flagged_reviews + 1,
      open_reports: before.open_reports + 1,
      identity_claims: before.identity_claims + 1,
      entity_changes: before.entity_changes + 1,
      contact_messages: before.contact_messages + 1,
      // Counted in threads/thread-report-resolve.test.ts (a thread needs its two parties).
      open_thread_reports: before.open_thread_reports,
      cap: 1000,
    });
  });

  it('is for admins only', async () => {
    expect((await inject({ method: 'GET', url: '/api/admin/workload' })).statusCode).toBe(401);
    for (const role of nonAdminRoles) {
      const caller = await authHeader(db(), await buildUser(db(), { role }));
      const res = await inject({ method: 'GET', url: '/api/admin/workload', headers: caller });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe('bulk moderation and the hold-reason filter', () => {
  async function heldReviews(entityId: string, n: number, holdReason: string, rating = 1) {
    const rows = [];
    for (let i = 0; i < n; i++) {
      rows.push(
        await buildReview(db(), {
          entityId,
          reviewerUserId: (await buildUser(db())).id,
          status: 'pending',
          holdReason,
          overallRating: rating,
        }),
      );
    }
    return rows;
  }
  const bulk = (payload: Record<string, unknown>, headers = admin) =>
    inject({ method: 'POST', url: '/api/reviews/admin/moderate-bulk', headers, payload });

  it('filters the queue by hold reason', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const burst = await heldReviews(entity.id, 2, 'burst');
    const fresh = await heldReviews(entity.id, 1, 'new_account');
    const ids = async (query: string) =>
      (
        await inject({
          method: 'GET',
          url: `/api/reviews/admin/moderation?status=pending&limit=100${query}`,
          headers: admin,
        })
      )
        .json()
        .reviews.map((r: { review_id: string }) => r.review_id);
    const onlyBurst = await ids('&hold_reason=burst');
    expect(onlyBurst).toEqual(expect.arrayContaining(burst.map((r) => r.id)));
    expect(onlyBurst).not.toContain(fresh[0]!.id);
    const onlyNew = await ids('&hold_reason=new_account');
    expect(onlyNew).toContain(fresh[0]!.id);
    expect(onlyNew).not.toContain(burst[0]!.id);
    const bad = await inject({
      method: 'GET',
      url: '/api/reviews/admin/moderation?hold_reason=whatever',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('tells each company once of its reviews published by one bulk call: one notification, one mail', async () => {
    const company = await buildEntityAccount(db(), 'advertiser');
    const single = await buildEntityAccount(db(), 'network');
    const held = await heldReviews(company.entity.id, 3, 'burst', 4);
    const heldSingle = await heldReviews(single.entity.id, 1, 'burst', 5);
    const res = await bulk({
      review_ids: [...held, ...heldSingle].map((r) => r.id),
      action: 'approve',
    });
    expect(res.statusCode).toBe(200);
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, company.user.id), eq(notifications.type, 'review_received')),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`3 new reviews of ${company.entity.name}`);
    expect(told[0]!.link).toBe(`/entity/${company.entity.slug}?tab=reviews`);
    const mails = (await mailsTo(db(), company.user.email)).filter((m) =>
      m.subject.includes('new reviews of'),
    );
    expect(mails).toHaveLength(1);
    // One review alone is told as one review, with its own address.
    const [one] = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, single.user.id), eq(notifications.type, 'review_received')),
      );
    expect(one!.title).toBe(`New review of ${single.entity.name}`);
    expect(one!.link).toContain(`review=${heldSingle[0]!.id}`);
  });

  it('approves a selection across entities in one call: audited, scores recomputed once each', async () => {
    const a = await buildEntity(db(), { verificationStatus: 'approved' });
    const b = await buildEntity(db(), { verificationStatus: 'approved' });
    const heldA = await heldReviews(a.id, 3, 'burst', 2);
    const heldB = await heldReviews(b.id, 1, 'new_account', 4);
    const res = await bulk({
      review_ids: [...heldA, ...heldB].map((r) => r.id),
      action: 'approve',
      admin_notes: 'Checked the accounts',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: REVIEW_MESSAGES.bulkModerated('approve', 4),
      decided: 4,
    });
    for (const r of [...heldA, ...heldB]) {
      expect(await readReview(db(), r.id)).toMatchObject({
        status: 'approved',
        moderatedByUserId: adminId,
        adminNotes: 'Checked the accounts',
      });
    }
    // Each entity's counters and score are those of a fresh recompute over the decided reviews.
    for (const [entity, total] of [
      [a, 3],
      [b, 1],
    ] as const) {
      const stored = await readEntity(db(), entity.id);
      expect(stored.totalReviews).toBe(total);
      expect(stored.reputationScore).toBeGreaterThan(0);
      await recomputeEntityReviewStats(
        db(),
        entity.id,
        ctx.app.deps.config.TRUSTSCORE_PRIOR_REVIEWS,
      );
      expect((await readEntity(db(), entity.id)).reputationScore).toBe(stored.reputationScore);
    }
    for (const r of [...heldA, ...heldB]) {
      const rows = await db()
        .select()
        .from(adminActions)
        .where(eq(adminActions.targetReviewId, r.id));
      expect(rows).toEqual([
        expect.objectContaining({
          action: 'review_approved',
          actorUserId: adminId,
          reason: 'Checked the accounts',
        }),
      ]);
    }
  });

  it('rejects a selection; an unknown id refuses the whole call and changes nothing', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const held = await heldReviews(entity.id, 2, 'banned');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refused = await bulk({ review_ids: [held[0]!.id, unknown], action: 'reject' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: REVIEW_MESSAGES.bulkUnknown(1) });
    expect((await readReview(db(), held[0]!.id)).status).toBe('pending');
    expect(await countRows(db(), adminActions, eq(adminActions.targetReviewId, held[0]!.id))).toBe(
      0,
    );

    const ok = await bulk({ review_ids: held.map((r) => r.id), action: 'reject' });
    expect(ok.statusCode).toBe(200);
    for (const r of held) expect((await readReview(db(), r.id)).status).toBe('rejected');
    expect(
      await countRows(
        db(),
        adminActions,
        and(
          eq(adminActions.targetReviewId, held[1]!.id),
          eq(adminActions.action, 'review_rejected'),
        ),
      ),
    ).toBe(1);
  });

  it('is bounded and validated: no ids, too many, repeats, not ids, other actions', async () => {
    const ids = Array.from(
      { length: BULK_MODERATION_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const payload of [
      { review_ids: [], action: 'approve' },
      { review_ids: ids, action: 'approve' },
      { review_ids: [ids[0], ids[0]], action: 'approve' },
      { review_ids: ['nope'], action: 'approve' },
      { review_ids: [ids[0]], action: 'flag' },
      { action: 'approve' },
    ]) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('is for admins only', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const [held] = await heldReviews(entity.id, 1, 'burst');
    for (const role of nonAdminRoles) {
      const caller = await authHeader(db(), await buildUser(db(), { role }));
      const res = await bulk({ review_ids: [held!.id], action: 'approve' }, caller);
      expect(res.statusCode, role).toBe(403);
    }
    expect((await readReview(db(), held!.id)).status).toBe('pending');
  });

  it('a single decision is audited too', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const [held] = await heldReviews(entity.id, 1, 'burst');
    const res = await inject({
      method: 'PUT',
      url: `/api/reviews/${held!.id}/moderate`,
      headers: admin,
      payload: { action: 'flag', admin_notes: null },
    });
    expect(res.statusCode).toBe(200);
    const audit = await inject({ method: 'GET', url: '/api/admin/audit?limit=5', headers: admin });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'review_flagged',
      target_review_id: held!.id,
    });
  });
});

describe('GET /api/admin/warnings', () => {
  it('lists the active warnings across entities, newest first, with the entity and who placed them', async () => {
    const first = await buildEntity(db(), {
      verificationStatus: 'approved',
      name: 'Slowpay Media',
    });
    const second = await buildEntity(db(), { verificationStatus: 'approved', name: 'Clone Ads' });
    const place = (id: string, kind: string, text: string) =>
      inject({
        method: 'POST',
        url: `/api/admin/entities/${id}/warnings`,
        headers: admin,
        payload: { kind, public_text: text, warning_date: '2026-01-15' },
      });
    const w1 = (await place(first.id, 'non_payment', 'Affiliates report unpaid invoices.')).json()
      .warning;
    const w2 = (await place(second.id, 'impersonation', 'Pretends to be another network.')).json()
      .warning;
    const w3 = (await place(second.id, 'fake_reviews', 'Bought reviews found by our team.')).json()
      .warning;
    await inject({
      method: 'POST',
      url: `/api/admin/warnings/${w3.warning_id}/lift`,
      headers: admin,
      payload: { note: 'Resolved' },
    });
    const res = await inject({
      method: 'GET',
      url: '/api/admin/warnings?limit=100',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const listed = res.json().warnings as { warning_id: string }[];
    const ids = listed.map((w) => w.warning_id);
    expect(ids).not.toContain(w3.warning_id);
    expect(ids.indexOf(w2.warning_id)).toBeLessThan(ids.indexOf(w1.warning_id));
    expect(listed.find((w) => w.warning_id === w1.warning_id)).toMatchObject({
      kind: 'non_payment',
      public_text: 'Affiliates report unpaid invoices.',
      entity_id: first.id,
      entity_name: 'Slowpay Media',
      entity_type: 'advertiser',
      entity_slug: expect.any(String),
      placed_by: expect.stringContaining('@'),
      created_at: expect.any(String),
    });
    expect(await countRows(db(), entityWarnings)).toBeGreaterThanOrEqual(3);
    // Bounded pages.
    const page = await inject({
      method: 'GET',
      url: '/api/admin/warnings?limit=1',
      headers: admin,
    });
    expect(page.json()).toMatchObject({ has_more: true });
    expect(page.json().warnings).toHaveLength(1);
    expect(
      (await inject({ method: 'GET', url: '/api/admin/warnings?limit=101', headers: admin }))
        .statusCode,
    ).toBe(400);
  });

  it('is for admins only', async () => {
    for (const role of nonAdminRoles) {
      const caller = await authHeader(db(), await buildUser(db(), { role }));
      const res = await inject({ method: 'GET', url: '/api/admin/warnings', headers: caller });
      expect(res.statusCode, role).toBe(403);
    }
  });
});
