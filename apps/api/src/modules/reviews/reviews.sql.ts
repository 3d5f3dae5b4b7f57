import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { entities, reviews, users, type EntityRow, type ReviewRow } from '../../db/schema';

// The SQL pieces that the reviews' repositories share (a review in context, the newest-first
// order). Repositories import them; services and the presenter take only the ReviewWithContext
// type.

/** A review with what every presenter needs: its entity and its reviewer. */
export interface ReviewWithContext {
  review: ReviewRow;
  entity: Pick<EntityRow, 'name' | 'slug' | 'entityType'>;
  reviewer: {
    firstName: string;
    lastName: string;
    email: string;
    identityVerified: boolean;
    /** The reviewer speaks for an approved entity ('Verified company member'). */
    approvedMember: boolean;
    /** The author's reviewer page and whether they hid it (docs/decisions/054). */
    profileSlug: string;
    profileHidden: boolean;
  };
  disputeText?: string | null;
}

/** The reviewer's own entity, for the 'Verified company member' label. */
export const reviewerEntity = alias(entities, 'reviewer_entity');
export const reviewerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  identityVerified: users.identityVerified,
  approvedMember: sql<boolean>`coalesce(${reviewerEntity.verificationStatus} = 'approved', false)`,
  profileSlug: users.profileSlug,
  profileHidden: users.profileHidden,
};

// The indexes are declared DESC NULLS LAST; the ORDER BY must say so to use them.
export const newestFirst = (column: AnyColumn): SQL => sql`${column} desc nulls last`;

export const withContext = (db: DbOrTx) =>
  db
    .select({
      review: reviews,
      entity: { name: entities.name, slug: entities.slug, entityType: entities.entityType },
      reviewer: reviewerColumns,
    })
    .from(reviews)
    .innerJoin(entities, eq(entities.id, reviews.entityId))
    .innerJoin(users, eq(users.id, reviews.reviewerUserId))
    .leftJoin(reviewerEntity, eq(reviewerEntity.id, users.entityId));
