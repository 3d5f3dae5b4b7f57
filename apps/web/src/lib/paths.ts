/**
 * Every link to an entity, offer or review page goes through here (docs/decisions/022, 027): built from the
 * slug the API sends with each entity, offer, review and application, never from a uuid. The rule
 * is the contract's, shared with the API's redirects, mails, notifications and sitemap.
 */
import { reviewPath } from '@trustlinks/contract/paths';

export {
  badgePath,
  entityPath,
  offerPath,
  reviewPath,
  reviewerPath,
} from '@trustlinks/contract/paths';

/** A review's own address, absolute, to share. */
export const reviewUrl = (entitySlug: string, reviewId: string) =>
  `${window.location.origin}${reviewPath(entitySlug, reviewId)}`;

/** Where a user verifies their identity: the company database opens its dialog (docs/decisions/013). */
export const verifyIdentityPath = '/affliate-industry?verify=1';
