import type { EntityType } from '@trustlinks/contract/constants';

/** How an entity type reads on every page (docs/product/entities.md). */
export const ENTITY_TYPE_LABELS: Readonly<Record<EntityType, string>> = {
  advertiser: 'Advertiser',
  affiliate: 'Affiliate',
  network: 'Network',
};
