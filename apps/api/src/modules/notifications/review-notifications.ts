import { dashboardPath } from '@trustlinks/contract/pages';
import type { DbOrTx } from '../../db/client';
import type { EntityRow } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { entityPath, reviewPath } from '@trustlinks/contract/paths';
import { notify } from './notifications.service';

// The review events of docs/decisions/014, written here so the reviews service calls one line each (in the
// transaction of the event). Reviewers stay unnamed: an anonymous review must not leak through a
// notification to the reviewed company.

type Entity = Pick<EntityRow, 'id' | 'slug' | 'name' | 'entityType'>;
interface ReviewFacts {
  id: string;
  title: string;
  overallRating: number;
  reviewerUserId: string;
}

/** A review of the entity was published (at once, or by a moderator): its accounts are told. */
export function notifyReviewPublished(
  tx: DbOrTx,
  deps: Pick<Deps, 'config'>,
  review: ReviewFacts,
  entity: Entity,
) {
  return notify(tx, deps, {
    type: 'review_received',
    to: { entityId: entity.id },
    actorUserId: review.reviewerUserId,
    title: `New review of ${entity.name}`,
    body: `"${review.title}" rated ${entity.name} ${review.overallRating} out of 5.`,
    link: reviewPath(entity.slug, review.id),
  });
}

/**
 * Reviews of one entity published together (a moderator's bulk decision, docs/decisions/032):
 * one notification and one mail for the lot, not one each. One review is told as above.
 */
export function notifyReviewsPublished(
  tx: DbOrTx,
  deps: Pick<Deps, 'config'>,
  published: readonly ReviewFacts[],
  entity: Entity,
) {
  const [first] = published;
  if (!first) return Promise.resolve();
  if (published.length === 1) return notifyReviewPublished(tx, deps, first, entity);
  const lines = published.map((r) => `"${r.title}" (${r.overallRating} out of 5)`);
  return notify(tx, deps, {
    type: 'review_received',
    to: { entityId: entity.id },
    title: `${published.length} new reviews of ${entity.name}`,
    body: `${published.length} reviews of ${entity.name} were published: ${lines.join('; ')}.`,
    link: `${entityPath(entity.slug)}?tab=reviews`,
  });
}

const VERDICT: Record<string, string> = {
  approved: 'was published',
  rejected: 'was rejected',
  flagged: 'was flagged for a closer look',
  pending: 'is waiting for moderation',
};

/** A moderator decided on a review: its author is told. */
export function notifyReviewModerated(
  tx: DbOrTx,
  deps: Pick<Deps, 'config'>,
  review: ReviewFacts,
  entity: Entity,
  status: string,
  actorUserId: string,
) {
  return notify(tx, deps, {
    type: 'review_moderated',
    to: { userIds: [review.reviewerUserId] },
    actorUserId,
    title: `Your review of ${entity.name} ${VERDICT[status] ?? `is now ${status}`}`,
    body: `A moderator decided on your review "${review.title}": it ${VERDICT[status] ?? `is now ${status}`}.`,
    link: status === 'approved' ? reviewPath(entity.slug, review.id) : dashboardPath('user'),
  });
}

/** The reviewed company replied to, or disputed, a review: its author is told. */
export function notifyReviewReply(
  tx: DbOrTx,
  deps: Pick<Deps, 'config'>,
  review: ReviewFacts,
  entity: Entity,
  replyType: string,
  actorUserId: string,
) {
  const dispute = replyType === 'dispute';
  return notify(tx, deps, {
    type: 'review_reply',
    to: { userIds: [review.reviewerUserId] },
    actorUserId,
    title: dispute
      ? `${entity.name} disputed your review`
      : `${entity.name} replied to your review`,
    body: dispute
      ? `${entity.name} disputed your review "${review.title}"; a moderator will look at it. It stays online meanwhile.`
      : `${entity.name} answered your review "${review.title}".`,
    link: reviewPath(entity.slug, review.id),
  });
}
