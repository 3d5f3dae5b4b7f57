import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  mailOutbox,
  notifications,
  notificationSettings,
  users,
  type NotificationRow,
} from '../../db/schema';

export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  emailOff: string[];
  unsubscribeToken: string;
}

/**
 * The active users among `userIds` and the accounts of `entityId`, with their mail settings.
 * A settings row (and so an unsubscribe token) is created on the way for whoever has none yet.
 * One statement: the rows it makes come back from its insert (its own snapshot does not show
 * them), the others from the table. Only if another transaction made a user's row meanwhile (after
 * this statement's snapshot, before its insert) is that row read again, by a second statement.
 */
export async function findRecipients(
  db: DbOrTx,
  target: { userIds?: string[]; entityId?: string | null },
): Promise<Recipient[]> {
  const who = or(
    target.userIds?.length ? inArray(users.id, target.userIds) : undefined,
    target.entityId ? eq(users.entityId, target.entityId) : undefined,
  );
  if (!who) return [];
  const matching = and(who, eq(users.status, 'active'));
  const s = notificationSettings;
  const result = (await db.execute(sql`
    WITH who AS (
      SELECT ${users.id} AS id, ${users.email} AS email, ${users.firstName} AS first_name
      FROM ${users} WHERE ${matching}
    ), made AS (
      INSERT INTO ${s} (user_id) SELECT id FROM who ON CONFLICT DO NOTHING
      RETURNING user_id, email_off, unsubscribe_token
    )
    SELECT who.id, who.email, who.first_name,
           coalesce(made.email_off, ${s.emailOff}) AS email_off,
           coalesce(made.unsubscribe_token, ${s.unsubscribeToken}) AS unsubscribe_token
    FROM who
    LEFT JOIN made ON made.user_id = who.id
    LEFT JOIN ${s} ON ${s.userId} = who.id`)) as unknown as { rows: RecipientRow[] };
  const rows = result.rows;
  const unseen = rows.filter((r) => r.unsubscribe_token === null).map((r) => r.id);
  const late = unseen.length
    ? new Map(
        (
          await db
            .select({ id: s.userId, emailOff: s.emailOff, unsubscribeToken: s.unsubscribeToken })
            .from(s)
            .where(inArray(s.userId, unseen))
        ).map((r) => [r.id, r]),
      )
    : null;
  const recipients: Recipient[] = [];
  for (const r of rows) {
    const settings =
      r.unsubscribe_token === null
        ? late?.get(r.id)
        : { emailOff: r.email_off ?? [], unsubscribeToken: r.unsubscribe_token };
    if (!settings) continue; // the user was deleted meanwhile
    recipients.push({ id: r.id, email: r.email, firstName: r.first_name, ...settings });
  }
  return recipients;
}

interface RecipientRow {
  id: string;
  email: string;
  first_name: string;
  email_off: string[] | null;
  unsubscribe_token: string | null;
}

/**
 * Records notifications and queues their mails (outboxRow) in one statement: one round trip of
 * the event's transaction, however many recipients.
 */
export async function insertNotifications(
  db: DbOrTx,
  rows: (typeof notifications.$inferInsert)[],
  mails: (typeof mailOutbox.$inferInsert)[] = [],
): Promise<void> {
  const notes = rows.length ? db.insert(notifications).values(rows) : null;
  const queued = mails.length ? db.insert(mailOutbox).values(mails) : null;
  if (notes && queued) await db.execute(sql`WITH notes AS (${notes.getSQL()}) ${queued.getSQL()}`);
  else await (notes ?? queued);
}

/** Newest first, keyset-paged by (created_at, id) along notifications_user_idx. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  before: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        before
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function findNotification(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({ createdAt: notifications.createdAt, id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

/** Unread count, capped: read through the partial index of unread rows. */
export async function countUnread(db: DbOrTx, userId: string, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/** Marks the user's own notifications read (others' ids match nothing); returns how many. */
export async function markRead(db: DbOrTx, userId: string, ids: string[] | 'all'): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findSettings(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row;
}

export async function saveEmailOff(db: DbOrTx, userId: string, emailOff: string[]) {
  await db
    .insert(notificationSettings)
    .values({ userId, emailOff })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { emailOff, updatedAt: sql`now()` },
    });
}

/** Adds `type` to the mail-off list of the token's user; false for an unknown token. */
export async function unsubscribeByToken(db: DbOrTx, token: string, type: string) {
  const rows = await db
    .update(notificationSettings)
    .set({
      emailOff: sql`(SELECT array_agg(DISTINCT t) FROM unnest(array_append(${notificationSettings.emailOff}, ${type}::text)) AS t)`,
      updatedAt: sql`now()`,
    })
    .where(eq(notificationSettings.unsubscribeToken, token))
    .returning({ userId: notificationSettings.userId });
  return rows.length > 0;
}
