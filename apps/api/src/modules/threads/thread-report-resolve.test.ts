import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dashboardPath } from '@trustlinks/contract/pages';
import { THREAD_MESSAGES } from '@trustlinks/contract/threads';
import * as adminRoutes from '@trustlinks/contract/routes/admin';
import * as notificationRoutes from '@trustlinks/contract/routes/notifications';
import * as routes from '@trustlinks/contract/routes/threads';
import { inject } from '../../../test/inject';
import { useTestApp } from '../../../test/helpers';
import { adminHeader, buildEntityAccount } from '../../../test/factories';
import { buildApplicationDeal } from '../../../test/offers';
import { adminActions, notifications, threadMessages } from '../../db/schema';

// Admins settle a reported message: dismiss or remove (docs/decisions/050-deal-threads.md).
const ctx = useTestApp();
const db = () => ctx.db();
const app = () => ctx.app;

/** An application's thread where the advertiser wrote and the affiliate reported that message. */
async function reported(text = 'Pay me in gift cards first.') {
  const { advertiser, affiliate, applicationId } = await buildApplicationDeal(db());
  const sent = (
    await inject(app(), routes.writeForSubject, {
      params: { kind: 'application', id: applicationId },
      body: { body: text },
      headers: advertiser.headers,
    })
  ).answer();
  const messageId = sent.sent.message_id;
  const res = await inject(app(), routes.report, {
    params: { id: messageId },
    body: { reason: 'Asks for gift cards' },
    headers: affiliate.headers,
  });
  expect(res.status).toBe(201);
  return { advertiser, affiliate, threadId: sent.thread_id, messageId };
}

type Case = Awaited<ReturnType<typeof reported>>;

function resolve(
  headers: Record<string, string> | undefined,
  id: string,
  body: { action: 'dismiss' | 'remove'; note?: string },
) {
  return inject(app(), routes.resolveReport, {
    params: { id },
    body,
    ...(headers ? { headers } : {}),
  });
}

async function listed(headers: Record<string, string>, status?: 'open' | 'resolved') {
  const res = await inject(app(), routes.reportsForAdmin, {
    query: { limit: 50, ...(status ? { status } : {}) },
    headers,
  });
  expect(res.status).toBe(200);
  return res.answer().reports;
}

async function threadAs(headers: Record<string, string>, threadId: string) {
  return (await inject(app(), routes.get, { params: { id: threadId }, headers })).answer();
}

async function stored(messageId: string) {
  const [row] = await db().select().from(threadMessages).where(eq(threadMessages.id, messageId));
  return row!;
}

async function auditOf(messageId: string) {
  return db().select().from(adminActions).where(eq(adminActions.targetThreadMessageId, messageId));
}

async function notificationsOf(userId: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'thread_report_resolved')));
}

describe('an admin settles a reported thread message', () => {
  let admin: Record<string, string>;
  let c: Case;
  beforeEach(async () => {
    admin = await adminHeader(db());
    c = await reported();
  });

  it('dismiss: the message stays, the report leaves the open list, stamped, audited, reporter told', async () => {
    expect((await listed(admin)).map((r) => r.message_id)).toContain(c.messageId);

    const res = await resolve(admin, c.messageId, { action: 'dismiss', note: 'Banter, no scam' });
    expect(res.status).toBe(200);
    const answer = res.answer();
    expect(answer.message).toBe(THREAD_MESSAGES.dismissed);
    expect(answer.report).toMatchObject({
      message_id: c.messageId,
      resolution: { resolution: 'dismissed', note: 'Banter, no scam' },
    });

    // Open (the default) no longer lists it; Resolved does, with how it was settled.
    expect((await listed(admin)).map((r) => r.message_id)).not.toContain(c.messageId);
    expect((await listed(admin, 'open')).map((r) => r.message_id)).not.toContain(c.messageId);
    const done = (await listed(admin, 'resolved')).find((r) => r.message_id === c.messageId);
    expect(done).toMatchObject({
      body: 'Pay me in gift cards first.',
      reason: 'Asks for gift cards',
      resolution: { resolution: 'dismissed', note: 'Banter, no scam' },
    });
    expect(done!.resolution!.resolved_by).toMatch(/@/);

    // The message stays, as written, for both parties.
    for (const headers of [c.advertiser.headers, c.affiliate.headers]) {
      const msg = (await threadAs(headers, c.threadId)).messages[0]!;
      expect(msg).toMatchObject({ body: 'Pay me in gift cards first.', removed: false });
    }

    const row = await stored(c.messageId);
    expect(row.reportResolution).toBe('dismissed');
    expect(row.reportResolvedAt).not.toBeNull();
    expect(row.reportResolutionNote).toBe('Banter, no scam');

    const audit = await auditOf(c.messageId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'thread_report_dismissed',
      targetUserId: c.advertiser.user.id,
      reason: 'Banter, no scam',
    });
    expect(audit[0]!.actorUserId).toBe(row.reportResolvedByUserId);

    // The reporter is told, on the bell, with a link to the conversation; the author is not.
    const told = await notificationsOf(c.affiliate.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toBe(THREAD_MESSAGES.resolvedDismissed);
    expect(told[0]!.link).toBe(
      dashboardPath('affiliate', 'messages', { kind: 'thread', id: c.threadId }),
    );
    const bell = (
      await inject(app(), notificationRoutes.list, { query: {}, headers: c.affiliate.headers })
    ).answer();
    expect(bell.notifications.map((n) => n.type)).toContain('thread_report_resolved');
    expect(await notificationsOf(c.advertiser.user.id)).toHaveLength(0);

    // The admins' audit list shows it.
    const entries = (
      await inject(app(), adminRoutes.audit, { query: { limit: 100 }, headers: admin })
    ).answer().entries;
    expect(entries.map((e) => e.action)).toContain('thread_report_dismissed');
  });

  it('remove: nobody is served the text any more (a fixed text instead); the audit keeps it', async () => {
    const res = await resolve(admin, c.messageId, { action: 'remove' });
    expect(res.status).toBe(200);
    expect(res.answer().message).toBe(THREAD_MESSAGES.removedDone);
    expect(res.answer().report.resolution).toMatchObject({ resolution: 'removed', note: null });

    // Both parties, and the admin reading the thread (still allowed), see the fixed text.
    for (const headers of [c.advertiser.headers, c.affiliate.headers, admin]) {
      const thread = await threadAs(headers, c.threadId);
      expect(thread.messages[0]).toMatchObject({
        message_id: c.messageId,
        body: THREAD_MESSAGES.removedBody,
        removed: true,
      });
      expect(JSON.stringify(thread)).not.toContain('gift cards first');
    }
    // The stored text stays for the admins' audit: the resolved list shows what was removed.
    expect((await stored(c.messageId)).body).toBe('Pay me in gift cards first.');
    const done = (await listed(admin, 'resolved')).find((r) => r.message_id === c.messageId);
    expect(done).toMatchObject({
      body: 'Pay me in gift cards first.',
      resolution: { resolution: 'removed' },
    });

    const audit = await auditOf(c.messageId);
    expect(audit.map((a) => a.action)).toEqual(['thread_message_removed']);
    const told = await notificationsOf(c.affiliate.user.id);
    expect(told.map((n) => n.body)).toEqual([THREAD_MESSAGES.resolvedRemoved]);
  });

  it('the admin panel counts open reports: a report is one more, a decision one less', async () => {
    const workload = async () =>
      (await inject(app(), adminRoutes.workload, { headers: admin })).answer().open_thread_reports;
    const before = await workload();
    expect(before).toBeGreaterThanOrEqual(1);
    const another = await reported('Another rude message.');
    expect(await workload()).toBe(before + 1);
    expect((await resolve(admin, another.messageId, { action: 'dismiss' })).status).toBe(200);
    expect((await resolve(admin, c.messageId, { action: 'remove' })).status).toBe(200);
    expect(await workload()).toBe(before - 1);
  });

  it('refuses a second decision (409 with a human message), and writes nothing more', async () => {
    expect((await resolve(admin, c.messageId, { action: 'dismiss' })).status).toBe(200);
    const other = await adminHeader(db());
    for (const action of ['dismiss', 'remove'] as const) {
      const again = await resolve(other, c.messageId, { action });
      expect(again.status).toBe(409);
      expect(again.error().error).toBe(THREAD_MESSAGES.alreadyResolved);
    }
    expect((await stored(c.messageId)).reportResolution).toBe('dismissed');
    expect(await auditOf(c.messageId)).toHaveLength(1);
    expect(await notificationsOf(c.affiliate.user.id)).toHaveLength(1);
  });

  it('two admins at once: one decides, the other gets 409', async () => {
    const other = await adminHeader(db());
    const results = await Promise.all([
      resolve(admin, c.messageId, { action: 'dismiss' }),
      resolve(other, c.messageId, { action: 'remove' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditOf(c.messageId)).toHaveLength(1);
    expect(await notificationsOf(c.affiliate.user.id)).toHaveLength(1);
  });

  it('404 for an unknown id, a malformed id, and a message nobody reported', async () => {
    const unknown = await resolve(admin, '00000000-0000-4000-8000-000000000000', {
      action: 'dismiss',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error().error).toBe(THREAD_MESSAGES.reportNotFound);
    expect((await resolve(admin, 'nope', { action: 'dismiss' })).status).toBe(404);

    // The affiliate's own answer in the same thread was never reported.
    const answer = (
      await inject(app(), routes.write, {
        params: { id: c.threadId },
        body: { body: 'No gift cards, sorry.' },
        headers: c.affiliate.headers,
      })
    ).answer();
    const never = await resolve(admin, answer.sent.message_id, { action: 'remove' });
    expect(never.status).toBe(404);
    expect(never.error().error).toBe(THREAD_MESSAGES.reportNotFound);
    expect((await stored(answer.sent.message_id)).reportResolution).toBeNull();
  });

  it('401 for a visitor, 403 for every other role, the parties included', async () => {
    expect((await resolve(undefined, c.messageId, { action: 'remove' })).status).toBe(401);
    const network = await buildEntityAccount(db(), 'network');
    for (const headers of [c.affiliate.headers, c.advertiser.headers, network.headers]) {
      expect((await resolve(headers, c.messageId, { action: 'remove' })).status).toBe(403);
      const list = await inject(app(), routes.reportsForAdmin, { query: {}, headers });
      expect(list.status).toBe(403);
    }
    expect((await stored(c.messageId)).reportResolvedAt).toBeNull();
    expect(await auditOf(c.messageId)).toHaveLength(0);
  });

  it('400 with a field error for a bad action, a too long note, or a bad status filter', async () => {
    const bad = await inject(app(), routes.resolveReport, {
      params: { id: c.messageId },
      body: { action: 'delete' } as never,
      headers: admin,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error())).toContain('action must be one of dismiss, remove');
    const long = await resolve(admin, c.messageId, { action: 'dismiss', note: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.error())).toContain('Note must be at most 500 characters');
    const status = await inject(app(), routes.reportsForAdmin, {
      query: { status: 'closed' } as never,
      headers: admin,
    });
    expect(status.status).toBe(400);
    expect((await stored(c.messageId)).reportResolvedAt).toBeNull();
  });

  it('writes nothing when a step of the decision fails (one transaction)', async () => {
    // The notification's insert fails: the stamp and the audit entry must not stay behind.
    await db().execute(
      sql`ALTER TABLE notifications ADD CONSTRAINT test_no_resolved CHECK (type <> 'thread_report_resolved') NOT VALID`,
    );
    try {
      const res = await resolve(admin, c.messageId, { action: 'remove' });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await db().execute(sql`ALTER TABLE notifications DROP CONSTRAINT test_no_resolved`);
    }
    const row = await stored(c.messageId);
    expect(row.reportResolvedAt).toBeNull();
    expect(row.reportResolution).toBeNull();
    expect(await auditOf(c.messageId)).toHaveLength(0);
    expect((await threadAs(c.affiliate.headers, c.threadId)).messages[0]!.removed).toBe(false);
    // Still open, and it can be settled now.
    expect((await listed(admin)).map((r) => r.message_id)).toContain(c.messageId);
    expect((await resolve(admin, c.messageId, { action: 'remove' })).status).toBe(200);
  });
});
