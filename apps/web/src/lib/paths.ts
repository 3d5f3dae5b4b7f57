/**
 * Every link to an entity or offer page goes through here (issue 25): built from the slug the
 * API sends with each entity, offer, review and application, never from a uuid. The rule is the
 * contract's, shared with the API's redirects, mails and sitemap.
 */
export { badgePath, entityPath, offerPath } from '@trustlinks/contract/paths';
