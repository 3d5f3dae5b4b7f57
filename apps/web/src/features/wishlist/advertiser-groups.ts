import type { EntityType } from '@trustlinks/contract/constants';
import type { PublicEntity } from '@trustlinks/contract/entities';
import type { ExplorerOffer } from '@trustlinks/contract/offers';

export const PUBLISHER_TYPE_FILTERS = ['all', 'advertiser', 'network'] as const;
export type PublisherTypeFilter = (typeof PUBLISHER_TYPE_FILTERS)[number];

export function typeFilterFrom(value: string | null): PublisherTypeFilter {
  return value === 'advertiser' || value === 'network' ? value : 'all';
}

/** One company of the advertisers wishlist: an advertiser or network with active offers. */
export interface AdvertiserGroup {
  entityId: string;
  /** Its page's slug (lib/paths.ts entityPath). */
  entitySlug: string;
  name: string;
  type: EntityType;
  /** From GET /entities/public when available (rating, country, total offer count). */
  entity: PublicEntity | null;
  /** Its offers matching the filters, newest first. */
  offers: ExplorerOffer[];
  /** Categories of those offers, most frequent first. */
  categories: string[];
  /** GEOs of those offers, most frequent first. */
  geos: string[];
}

function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

/**
 * Groups offers (newest first, as the API lists them) by their entity, in the order of each
 * entity's newest offer, so the companies that published most recently come first.
 */
export function groupOffersByEntity(
  offers: readonly ExplorerOffer[],
  entities: ReadonlyMap<string, PublicEntity>,
  type: PublisherTypeFilter,
): AdvertiserGroup[] {
  const groups = new Map<string, AdvertiserGroup>();
  for (const offer of offers) {
    if (offer.entity_type === 'affiliate') continue;
    if (type !== 'all' && offer.entity_type !== type) continue;
    let group = groups.get(offer.entity_id);
    if (!group) {
      const entity = entities.get(offer.entity_id) ?? null;
      group = {
        entityId: offer.entity_id,
        entitySlug: offer.entity_slug,
        name: entity?.name ?? offer.entity_name,
        type: offer.entity_type,
        entity,
        offers: [],
        categories: [],
        geos: [],
      };
      groups.set(offer.entity_id, group);
    }
    if (!group.offers.some((o) => o.offer_id === offer.offer_id)) group.offers.push(offer);
  }
  return [...groups.values()].map((group) => ({
    ...group,
    categories: byFrequency(group.offers.map((o) => o.category).filter(Boolean)),
    geos: byFrequency(group.offers.flatMap((o) => o.target_geo)),
  }));
}
