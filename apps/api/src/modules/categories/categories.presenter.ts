import type { CompanyFacets } from '@trustlinks/contract/categories';
import { PAYOUT_TYPES } from '@trustlinks/contract/constants';

/**
 * A company's facets (docs/decisions/055-categories-and-compare.md): what its live offers and its
 * own fields say it works in. THE list of the fields each facet reads: the repository filters by
 * them (categories.repository facetMatches) and the pages show them (companyFacets), so a company
 * is listed under exactly the verticals, GEOs and payout models its row shows.
 */
export const FACET_METADATA_KEYS = {
  /** Networks' and affiliates' verticals, advertisers' industries. */
  vertical: ['verticals', 'industries'],
  /** Affiliates' traffic GEOs. */
  geo: ['traffic_provided_geos'],
  /** Networks' payment models, advertisers' payout types. */
  payout: ['supported_models', 'payout_types'],
} as const;
export type FacetKind = keyof typeof FACET_METADATA_KEYS;

/** What the company's live offers carry (categories.repository offerFacets). */
export interface OfferFacets {
  categories: readonly string[];
  geos: readonly string[];
  payoutTypes: readonly string[];
}

function listOf(metadata: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.flatMap((key) => {
    const value = metadata[key];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  });
}

/** Distinct by the lower-cased value (the filters compare so), the first spelling kept. */
function distinct(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of values) {
    const value = raw.trim();
    if (value && !seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  }
  return [...seen.values()];
}

/** A payout model as the offers spell it ('revshare' → 'RevShare'), else as written. */
const payoutName = (value: string) =>
  PAYOUT_TYPES.find((p) => p.toLowerCase() === value.trim().toLowerCase()) ?? value;

export function companyFacets(
  metadata: Record<string, unknown>,
  offers: OfferFacets | undefined,
): CompanyFacets {
  return {
    verticals: distinct([
      ...(offers?.categories ?? []),
      ...listOf(metadata, FACET_METADATA_KEYS.vertical),
    ]),
    geos: distinct(
      [...(offers?.geos ?? []), ...listOf(metadata, FACET_METADATA_KEYS.geo)].map((g) =>
        g.toUpperCase(),
      ),
    ).sort(),
    payout_models: distinct(
      [...(offers?.payoutTypes ?? []), ...listOf(metadata, FACET_METADATA_KEYS.payout)].map(
        payoutName,
      ),
    ),
  };
}
