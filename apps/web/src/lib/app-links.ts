// Addresses of the app's pages that more than one feature links to, each built in one place
// (issue 24): when an address changes (slugs, a renamed page), one line changes here. The API
// builds the same addresses for notifications in apps/api/src/lib/app-links.ts.

export const entityPath = (entityId: string) => `/entity/${encodeURIComponent(entityId)}`;

/** A review's own address: its entity's page, Reviews tab, opened scrolled to the review. */
export const reviewPath = (entityId: string, reviewId: string) =>
  `${entityPath(entityId)}?tab=reviews&review=${encodeURIComponent(reviewId)}`;

/** The same, absolute, to share. */
export const reviewUrl = (entityId: string, reviewId: string) =>
  `${window.location.origin}${reviewPath(entityId, reviewId)}`;

/** Where a user verifies their identity: the company database opens its dialog (issue 24). */
export const verifyIdentityPath = '/affliate-industry?verify=1';
