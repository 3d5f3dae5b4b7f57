import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  notificationTypesFor,
} from '@trustlinks/contract/notifications';
import { useTestApp } from '../../../test/helpers';
import { authHeader, buildEntityAccount, buildUser, mailsTo } from '../../../test/factories';
import { notifications, notificationSettings, users } from '../../db/schema';
import { findRecipients } from './notifications.repository';
import { notify, UNREAD_COUNT_CAP } from './notifications.service';

const ctx = useTestApp();
const { db, inject } = ctx;

async function send(
  userId: string,
  n: number,
  type: (typeof NOTIFICATION_TYPES)[number] = 'bid_received',
) {
  for (let i = 0; i < n; i += 1) {
    await db().transaction((tx) =>
      notify(tx, ctx.app.deps, {
        type,
        to: { userIds: [userId] },
        title: `Event ${i}`,
        body: `Something happened (${i}).`,
        link: '/affiliate-dashboard',
      }),
    );
  }
}

describe('GET /api/notifications', () => {
  it('pages newest first with the unread count; only the caller’s own', async () => {
    const user = await buildUser(db());
    const other = await buildUser(db());
    await send(user.id, 5);
    await send(other.id, 1);
    const headers = await authHeader(db(), user);
    const first = await inject({ method: 'GET', url: '/api/notifications?limit=3', headers });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.unread_count).toBe(5);
    expect(page1.has_more).toBe(true);
    expect(page1.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Event 4',
      'Event 3',
      'Event 2',
    ]);
    expect(page1.notifications[0]).toMatchObject({
      type: 'bid_received',
      link: '/affiliate-dashboard',
      read: false,
    });
    const last = page1.notifications[2].notification_id;
    const second = await inject({
      method: 'GET',
      url: `/api/notifications?limit=3&before=${last}`,
      headers,
    });
    expect(second.json().notifications.map((n: { title: string }) => n.title)).toEqual([
      'Event 1',
      'Event 0',
    ]);
    expect(second.json().has_more).toBe(false);
    expect((await inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect(
      (await inject({ method: 'GET', url: '/api/notifications?limit=500', headers })).statusCode,
    ).toBe(400);
    // Another user's notification id is not a cursor of yours.
    const [othersNote] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, other.id));
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/notifications?before=${othersNote!.id}`,
          headers,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('caps the unread count', async () => {
    const user = await buildUser(db());
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: UNREAD_COUNT_CAP + 5 }, (_, i) => ({
          userId: user.id,
          type: 'bid_received',
          title: `n${i}`,
          body: 'b',
        })),
      );
    const res = await inject({
      method: 'GET',
      url: '/api/notifications?limit=1',
      headers: await authHeader(db(), user),
    });
    expect(res.json().unread_count).toBe(UNREAD_COUNT_CAP);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks some or all of the caller’s notifications, never another user’s', async () => {
    const user = await buildUser(db());
    const other = await buildUser(db());
    await send(user.id, 3);
    await send(other.id, 1);
    const headers = await authHeader(db(), user);
    const list = (await inject({ method: 'GET', url: '/api/notifications', headers })).json();
    const [othersNote] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, other.id));
    const some = await inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers,
      payload: { ids: [list.notifications[0].notification_id, othersNote!.id] },
    });
    expect(some.json()).toEqual({
      message: NOTIFICATION_MESSAGES.marked,
      marked: 1,
      unread_count: 2,
    });
    const [stillUnread] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.id, othersNote!.id));
    expect(stillUnread!.readAt).toBeNull();
    const all = await inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers,
      payload: { all: true },
    });
    expect(all.json()).toMatchObject({ marked: 2, unread_count: 0 });
    for (const payload of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }]) {
      const res = await inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await inject({ method: 'POST', url: '/api/notifications/read', payload: { all: true } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('email preferences and unsubscribe', () => {
  it('mails every type by default; a type switched to in-app only is not mailed', async () => {
    // A network can receive every event.
    const user = await buildUser(db(), { role: 'network' });
    const headers = await authHeader(db(), user);
    const prefs = await inject({ method: 'GET', url: '/api/notifications/preferences', headers });
    expect(prefs.json()).toEqual({ email: [...NOTIFICATION_TYPES] });
    const save = await inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: { email: ['review_received'] },
    });
    expect(save.json()).toEqual({
      message: NOTIFICATION_MESSAGES.preferencesSaved,
      email: ['review_received'],
    });
    await send(user.id, 1, 'bid_received');
    await send(user.id, 1, 'review_received');
    const mails = await mailsTo(db(), user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Event 0']);
    expect(mails).toHaveLength(1);
    // Both are still in the app.
    const list = (await inject({ method: 'GET', url: '/api/notifications', headers })).json();
    expect(list.notifications).toHaveLength(2);
    const bad = await inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: { email: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows and sets only the events the role can receive, keeping the others (docs/decisions/027)', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const prefs = await inject({ method: 'GET', url: '/api/notifications/preferences', headers });
    expect(prefs.json().email).toEqual([
      'review_reply',
      'review_moderated',
      'entity_decision',
      'identity_decision',
      'saved_search_alert',
      'thread_message',
      'thread_report_resolved',
    ]);
    const save = await inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: { email: ['review_reply', 'application_received'] },
    });
    expect(save.json().email).toEqual(['review_reply']);
    // Approved as an advertiser later: its company's events are mailed, its own choices kept.
    await db().update(users).set({ role: 'advertiser' }).where(eq(users.id, user.id));
    const later = await inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: await authHeader(db(), { ...user, role: 'advertiser' }),
    });
    // (An advertiser bids on requests, so the answer to its bid is mailed too: docs/decisions/030.)
    expect(later.json().email).toEqual([
      'review_received',
      'review_reply',
      'bid_decided',
      'application_received',
      'company_message',
    ]);
  });

  it('turns one type off with the link of the mail, without logging in', async () => {
    const { user } = await buildEntityAccount(db(), 'affiliate');
    await send(user.id, 1, 'application_decided');
    const [mail] = await mailsTo(db(), user.email);
    expect(mail!.textBody).toContain(NOTIFICATION_TYPE_LABELS.application_decided);
    const link = /(http:\/\/localhost:3000\/unsubscribe\?\S+)/.exec(mail!.textBody)![1]!;
    const params = new URL(link).searchParams;
    const res = await inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: params.get('token'), type: params.get('type') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      NOTIFICATION_MESSAGES.unsubscribed(NOTIFICATION_TYPE_LABELS.application_decided),
    );
    // Twice is fine (the link may be clicked again).
    expect(
      (
        await inject({
          method: 'POST',
          url: '/api/notifications/unsubscribe',
          payload: { token: params.get('token'), type: params.get('type') },
        })
      ).statusCode,
    ).toBe(200);
    const prefs = await inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: await authHeader(db(), user),
    });
    expect(prefs.json().email).not.toContain('application_decided');
    expect(prefs.json().email).toHaveLength(notificationTypesFor('affiliate').length - 1);
    await send(user.id, 1, 'application_decided');
    expect(await mailsTo(db(), user.email)).toHaveLength(1);

    const wrong = await inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: 'f'.repeat(64), type: 'bid_received' },
    });
    expect(wrong.statusCode).toBe(404);
    const badType = await inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: params.get('token'), type: 'everything' },
    });
    expect(badType.statusCode).toBe(400);
  });

  it('notifies every account of an entity, skips the actor and banned users', async () => {
    const { entity, user } = await buildEntityAccount(db(), 'advertiser');
    const second = await buildUser(db(), { role: 'advertiser', entityId: entity.id });
    const banned = await buildUser(db(), {
      role: 'advertiser',
      entityId: entity.id,
      status: 'banned',
    });
    await db().transaction((tx) =>
      notify(tx, ctx.app.deps, {
        type: 'review_received',
        to: { entityId: entity.id },
        actorUserId: second.id,
        title: 'New review',
        body: 'Someone reviewed you.',
        link: null,
      }),
    );
    const rows = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'New review'));
    expect(rows.map((r) => r.userId)).toEqual([user.id]);
    expect(await mailsTo(db(), banned.email)).toHaveLength(0);
  });
});

describe('the recipients of a notification (findRecipients)', () => {
  const settingsOf = async (userId: string) =>
    (
      await db().select().from(notificationSettings).where(eq(notificationSettings.userId, userId))
    )[0];

  it('makes a missing settings row on the way and keeps an existing one, in one statement', async () => {
    const fresh = await buildUser(db());
    const kept = await buildUser(db());
    await db()
      .insert(notificationSettings)
      .values({ userId: kept.id, emailOff: ['bid_received'], unsubscribeToken: `kept${kept.id}` });
    const found = await findRecipients(db(), { userIds: [fresh.id, kept.id] });
    const byId = new Map(found.map((r) => [r.id, r]));
    const made = await settingsOf(fresh.id);
    expect(made).toBeDefined();
    expect(byId.get(fresh.id)).toEqual({
      id: fresh.id,
      email: fresh.email,
      firstName: fresh.firstName,
      emailOff: [],
      unsubscribeToken: made!.unsubscribeToken,
    });
    expect(byId.get(kept.id)).toMatchObject({
      emailOff: ['bid_received'],
      unsubscribeToken: `kept${kept.id}`,
    });
    // Asked again, the same rows: nothing is made twice.
    expect(await findRecipients(db(), { userIds: [fresh.id, kept.id] })).toEqual(
      expect.arrayContaining(found),
    );
  });

  it('leaves out accounts that are not active', async () => {
    const banned = await buildUser(db(), { status: 'banned' });
    expect(await findRecipients(db(), { userIds: [banned.id] })).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'real PostgreSQL: a settings row another transaction commits meanwhile is read, not lost',
    async () => {
      const user = await buildUser(db());
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const ready = new Promise<void>((resolve) => (inserted = resolve));
      // Another transaction makes the row and holds it uncommitted...
      const other = db().transaction(async (tx) => {
        await tx
          .insert(notificationSettings)
          .values({ userId: user.id, unsubscribeToken: `other${user.id}` });
        inserted();
        await held;
      });
      await ready;
      // ...while the recipients' statement, its snapshot taken, waits on that row to insert.
      const finding = findRecipients(db(), { userIds: [user.id] });
      await vi.waitFor(
        async () => {
          const { rows } = await ctx.database.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          expect(Number(rows[0]!.n)).toBeGreaterThan(0);
        },
        { timeout: 10_000 },
      );
      release();
      await other;
      expect(await finding).toEqual([
        expect.objectContaining({ id: user.id, unsubscribeToken: `other${user.id}` }),
      ]);
    },
  );
});
