import { describe, expect, it } from 'vitest';
import * as reviewRoutes from '@trustlinks/contract/routes/reviews';
import * as transparency from '@trustlinks/contract/routes/transparency';
import type { TransparencyMonth } from '@trustlinks/contract/transparency';
import { useTestApp } from '../../../test/helpers';
import { inject } from '../../../test/inject';
import {
  buildEntity,
  buildReview,
  buildSignedInUser,
  buildUser,
  useAdminHeader,
} from '../../../test/factories';
import { adminActions, entityWarningEvents, entityWarnings, reviewReports } from '../../db/schema';

// The transparency report (docs/decisions/054-reviewer-profiles-and-transparency.md): its counts
// are the audit trail's.

const ctx = useTestApp();
const { db } = ctx;
const admin = useAdminHeader(ctx);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date();
/** The test month: three months before this one (inside the report's twelve), UTC. */
const M = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1));
const MONTH = M.toISOString().slice(0, 7);
const at = (days: number, hours = 0) => new Date(M.getTime() + days * DAY + hours * HOUR);

const report = async () => (await inject(ctx.app, transparency.report)).answer();
const monthOf = async (month: string): Promise<TransparencyMonth> => {
  const found = (await report()).months.find((m) => m.month === month);
  if (!found) throw new Error(`no ${month} in the report`);
  return found;
};

/**
 * A known month of moderation, written as the app writes its audit trail: reviews with their
 * times and hold reasons, the admins' decisions, reports and warning events.
 */
async function seedTestMonth() {
  const entity = await buildEntity(db(), { verificationStatus: 'approved' });
  const moderator = await buildUser(db(), { role: 'admin' });
  const author = await buildUser(db());
  const review = (values: Parameters<typeof buildReview>[1] extends infer V ? Partial<V> : never) =>
    buildReview(db(), { entityId: entity.id, reviewerUserId: author.id, ...values });
  const decide = (reviewId: string, action: string, when: Date, reason: string | null = null) =>
    db().insert(adminActions).values({
      actorUserId: moderator.id,
      action,
      targetUserId: author.id,
      targetReviewId: reviewId,
      reason,
      createdAt: when,
    });

  // Published in the month: one written the month before, two written in it (one anonymous).
  await review({ createdAt: new Date(M.getTime() - 2 * DAY), publishedAt: at(0, 1) });
  const published = await review({ createdAt: at(1), publishedAt: at(1) });
  await review({ createdAt: at(1), publishedAt: at(1), isAnonymous: true });
  // Held by the swarm guard: a new account's (still waiting), a burst's (then removed).
  await review({ createdAt: at(1), status: 'pending', holdReason: 'new_account' });
  const burst = await review({
    createdAt: at(1),
    status: 'rejected',
    holdReason: 'burst',
    publishedAt: null,
  });
  // Reported (2 × fake, 1 × offensive) then removed; removed on the moderators' own review.
  const reported = await review({ createdAt: at(1), status: 'rejected', publishedAt: null });
  const own = await review({ createdAt: at(1), status: 'rejected', publishedAt: null });
  // Flagged by the spam filter, approved ten days later.
  const flagged = await review({ createdAt: at(1), publishedAt: at(11) });

  const reporters = await Promise.all([1, 2, 3, 4].map(() => buildUser(db())));
  const reasons = ['fake', 'fake', 'offensive'] as const;
  for (const [i, reason] of reasons.entries()) {
    await db()
      .insert(reviewReports)
      .values({
        reviewId: reported.id,
        reporterUserId: reporters[i]!.id,
        reason,
        details: 'SECRET report details',
        createdAt: at(2),
        resolvedAt: at(3),
      });
  }
  // A report still open.
  await db()
    .insert(reviewReports)
    .values({
      reviewId: published.id,
      reporterUserId: reporters[3]!.id,
      reason: 'other',
      createdAt: at(4),
    });

  await decide(burst.id, 'review_rejected', at(2), 'burst'); // 24 h after it was written
  await decide(burst.id, 'review_rejected', at(9)); // decided again: counted once
  await decide(reported.id, 'review_rejected', at(3)); // 48 h
  await decide(own.id, 'review_rejected', at(5), 'SECRET moderator note'); // 96 h
  await decide(flagged.id, 'review_approved', at(11)); // 240 h

  // Warnings: two placed, one of them lifted.
  for (const lifted of [true, false]) {
    const [warning] = await db()
      .insert(entityWarnings)
      .values({
        entityId: entity.id,
        kind: 'non_payment',
        publicText: 'Unpaid commissions.',
        warningDate: MONTH + '-02',
        createdAt: at(2),
        ...(lifted ? { liftedAt: at(6) } : {}),
      })
      .returning();
    const event = {
      warningId: warning!.id,
      entityId: entity.id,
      kind: 'non_payment',
      publicText: 'x',
      warningDate: MONTH + '-02',
    };
    await db()
      .insert(entityWarningEvents)
      .values({ ...event, action: 'placed', createdAt: at(2) });
    if (lifted) {
      await db()
        .insert(entityWarningEvents)
        .values({ ...event, action: 'lifted', createdAt: at(6) });
    }
  }
  return { entity, reported, own };
}

describe('GET /api/transparency', () => {
  it('counts a known month of moderation exactly as the audit trail has it', async () => {
    await seedTestMonth();
    const month = await monthOf(MONTH);
    expect(month).toEqual({
      month: MONTH,
      // Every review written in the month, anonymous ones too.
      submitted: 7,
      // First published in the month (one of them written the month before).
      published: 4,
      held: [
        { reason: 'new_account', count: 1 },
        { reason: 'burst', count: 1 },
      ],
      held_total: 2,
      removed: [
        { reason: 'report_fake', count: 1 },
        { reason: 'hold_burst', count: 1 },
        { reason: 'moderation', count: 1 },
      ],
      removed_total: 3,
      reports_submitted: 4,
      reports_decided: 3,
      warnings_placed: 2,
      warnings_lifted: 1,
      decisions: 4,
      // The median of 24, 48, 96 and 240 hours.
      median_decision_hours: 72,
    });
    // Never a text: no note, no report details.
    const body = JSON.stringify(await report());
    expect(body).not.toContain('SECRET');
  });

  it('answers the last twelve months, newest first, empty months as zeros', async () => {
    const months = (await report()).months;
    expect(months).toHaveLength(12);
    expect(months[0]!.month).toBe(now.toISOString().slice(0, 7));
    expect(
      [...months]
        .map((m) => m.month)
        .sort()
        .reverse(),
    ).toEqual(months.map((m) => m.month));
    const empty = months.find((m) => m.month !== MONTH && m.submitted === 0 && m.decisions === 0);
    expect(empty?.median_decision_hours ?? null).toBeNull();
  });

  it('counts this month’s decisions made through the app (a report, then a removal)', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const author = await buildUser(db());
    const review = await buildReview(db(), { entityId: entity.id, reviewerUserId: author.id });
    const before = (await report()).months[0]!;
    const reporter = await buildSignedInUser(db());
    const reported = await inject(ctx.app, reviewRoutes.report, {
      params: { id: review.id },
      body: { reason: 'offensive' },
      headers: reporter.headers,
    });
    expect(reported.status).toBe(201);
    const removed = await inject(ctx.app, reviewRoutes.moderate, {
      params: { id: review.id },
      body: { action: 'reject', admin_notes: null },
      headers: admin,
    });
    expect(removed.status).toBe(200);
    const after = (await report()).months[0]!;
    expect(after.reports_submitted - before.reports_submitted).toBe(1);
    expect(after.reports_decided - before.reports_decided).toBe(1);
    expect(after.removed_total - before.removed_total).toBe(1);
    const offensive = (m: TransparencyMonth) =>
      m.removed.find((r) => r.reason === 'report_offensive')?.count ?? 0;
    expect(offensive(after) - offensive(before)).toBe(1);
    expect(after.decisions - before.decisions).toBe(1);
  });
});

describe('GET /api/transparency/entities/:id', () => {
  it('counts a company’s removed reviews by reason, never their texts', async () => {
    const { entity, reported, own } = await seedTestMonth();
    const answer = (
      await inject(ctx.app, transparency.entityRemovals, { params: { id: entity.id } })
    ).answer();
    expect(answer).toEqual({
      entity_id: entity.id,
      removed_total: 3,
      removed: [
        { reason: 'report_fake', count: 1 },
        { reason: 'hold_burst', count: 1 },
        { reason: 'moderation', count: 1 },
      ],
    });
    const body = JSON.stringify(answer);
    for (const review of [reported, own]) {
      expect(body).not.toContain(review.id);
      expect(body).not.toContain(review.title);
      expect(body).not.toContain(review.reviewText);
    }
    expect(body).not.toContain('SECRET');
  });

  it('a company without removals has none; unknown, malformed or unapproved: 404', async () => {
    const clean = await buildEntity(db(), { verificationStatus: 'approved' });
    const none = await inject(ctx.app, transparency.entityRemovals, { params: { id: clean.id } });
    expect(none.answer()).toEqual({ entity_id: clean.id, removed_total: 0, removed: [] });
    const pending = await buildEntity(db());
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await inject(ctx.app, transparency.entityRemovals, { params: { id } });
      expect(res.status, id).toBe(404);
    }
  });
});
