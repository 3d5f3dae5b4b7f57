import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { entities, reviewReports, reviews, users } from '../../db/schema';
import { reviewerColumns, reviewerEntity } from './reviews.sql';

// Reports of published reviews to the moderators.

/** A report, unless this user already reported the review (undefined then). */
export async function insertReport(
  db: DbOrTx,
  values: typeof reviewReports.$inferInsert,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .insert(reviewReports)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  return row;
}

/** Reports one account made since then (reviews_reports_reporter_created_idx). */
export async function countReportsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewReports)
    .where(and(eq(reviewReports.reporterUserId, userId), gt(reviewReports.createdAt, since)));
  return row?.n ?? 0;
}

const reporter = alias(users, 'reporter');

/** Open reports, oldest first (review_reports_open_idx), each with its review in context. */
export async function listOpenReports(db: DbOrTx, limit: number, offset: number) {
  return db
    .select({
      report: reviewReports,
      reporter: {
        firstName: reporter.firstName,
        lastName: reporter.lastName,
        email: reporter.email,
      },
      review: reviews,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      reviewer: reviewerColumns,
    })
    .from(reviewReports)
    .innerJoin(reporter, eq(reporter.id, reviewReports.reporterUserId))
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(entities, eq(entities.id, reviews.entityId))
    .innerJoin(users, eq(users.id, reviews.reviewerUserId))
    .leftJoin(reviewerEntity, eq(reviewerEntity.id, users.entityId))
    .where(sql`${reviewReports.resolvedAt} IS NULL`)
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id))
    .limit(limit)
    .offset(offset);
}

/** A moderator decided on the review: its open reports leave the admins' list. */
export async function resolveReports(db: DbOrTx, reviewId: string): Promise<void> {
  await db
    .update(reviewReports)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(reviewReports.reviewId, reviewId), sql`${reviewReports.resolvedAt} IS NULL`));
}
