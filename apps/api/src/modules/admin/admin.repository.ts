import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  adminActions,
  contactMessages,
  entities,
  entityChanges,
  identityClaims,
  reviewReports,
  reviews,
  threadMessages,
  users,
  type AdminActionKind,
  type UserRow,
} from '../../db/schema';
import { containsPattern } from '../../lib/sql';

const COUNT_CAP = 10_000;

/** Users for the admin list; the search uses the trigram index on name + email. */
export async function pageUsers(
  db: DbOrTx,
  options: { search?: string; role?: string; status?: string; page: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    options.search
      ? ilike(
          sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`,
          containsPattern(options.search),
        )
      : undefined,
    options.role ? eq(users.role, options.role) : undefined,
    options.status ? eq(users.status, options.status) : undefined,
  );
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(COUNT_CAP)
    .as('c');
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(capped),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Locks the account's row for a status change (two admins deciding at once wait in turn). */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** One entry of the admins' audit list; call it in the transaction of the change. */
export async function insertAdminActions(
  db: DbOrTx,
  rows: {
    actorUserId: string;
    action: AdminActionKind;
    targetUserId?: string | null;
    targetReviewId?: string | null;
    targetThreadMessageId?: string | null;
    reason?: string | null;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(adminActions).values(rows);
}

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/** The audit list, newest first (optionally of one account), with the actor's and target's emails. */
export async function listAdminActions(
  db: DbOrTx,
  options: { userId?: string; limit: number; offset: number },
) {
  return db
    .select({ action: adminActions, actor: actor.email, target: target.email })
    .from(adminActions)
    .leftJoin(actor, eq(actor.id, adminActions.actorUserId))
    .leftJoin(target, eq(target.id, adminActions.targetUserId))
    .where(options.userId ? eq(adminActions.targetUserId, options.userId) : undefined)
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(options.limit)
    .offset(options.offset);
}

/**
 * What waits on each tab, in one round trip: each count reads its partial or leading-column
 * index and stops at `cap` rows (a count over a LIMIT subquery), so a flood costs no more.
 */
export async function workloadCounts(db: DbOrTx, cap: number) {
  const capped = (from: SQL) => sql`(SELECT count(*)::int FROM (SELECT 1 ${from} LIMIT ${cap}) c)`;
  const held = (reason: string) =>
    capped(
      sql`FROM ${reviews} WHERE ${reviews.holdReason} = ${reason} AND ${reviews.status} = 'pending'`,
    );
  const result = await db.execute(sql`SELECT
    ${capped(sql`FROM ${entities} WHERE ${entities.verificationStatus} = 'pending'`)} AS pending_entities,
    ${capped(sql`FROM ${reviews} WHERE ${reviews.status} = 'pending'`)} AS pending_reviews,
    ${held('new_account')} AS held_new_account,
    ${held('burst')} AS held_burst,
    ${held('banned')} AS held_banned,
    ${capped(sql`FROM ${reviews} WHERE ${reviews.status} = 'flagged'`)} AS flagged_reviews,
    ${capped(sql`FROM ${reviewReports} WHERE ${reviewReports.resolvedAt} IS NULL`)} AS open_reports,
    ${capped(
      sql`FROM ${identityClaims} WHERE ${identityClaims.method} = 'linkedin' AND ${identityClaims.status} = 'pending_review'`,
    )} AS identity_claims,
    ${capped(sql`FROM ${entityChanges} WHERE ${entityChanges.status} = 'pending'`)} AS entity_changes,
    ${capped(sql`FROM ${contactMessages} WHERE ${contactMessages.status} = 'new'`)} AS contact_messages,
    ${capped(
      sql`FROM ${threadMessages} WHERE ${threadMessages.reportedAt} IS NOT NULL AND ${threadMessages.reportResolvedAt} IS NULL`,
    )} AS open_thread_reports`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
}
