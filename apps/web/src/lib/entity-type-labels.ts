import type { EntityType, Role } from '@trustlinks/contract/constants';

/** How an entity type reads on every page (docs/product/entities.md). */
export const ENTITY_TYPE_LABELS: Readonly<Record<EntityType, string>> = {
  advertiser: 'Advertiser',
  affiliate: 'Affiliate',
  network: 'Network',
};

/** How a reviewer's role reads beside their name (the entity page's reviews, the landing). */
export const REVIEWER_ROLE_LABELS: Readonly<Record<Role, string>> = {
  user: 'User', // (ours)
  ...ENTITY_TYPE_LABELS,
  admin: 'Admin', // (ours)
};
