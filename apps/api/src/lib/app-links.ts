// The web app's addresses the API writes into notifications and mails, each built in one place
// (issue 24): when an address changes (slugs, a renamed page), one line changes here.

export const offerPath = (offerId: string) => `/offer/${offerId}`;

export const entityPath = (entityId: string) => `/entity/${entityId}`;

/** A review's own address: its entity's page, Reviews tab, scrolled to the review. */
export const reviewPath = (entityId: string, reviewId: string) =>
  `${entityPath(entityId)}?tab=reviews&review=${reviewId}`;
