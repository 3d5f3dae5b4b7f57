import {
  ALL_VERTICALS,
  CATEGORY_LIMITS,
  CATEGORY_MESSAGES,
  verticalLabel,
  type CategoryQuery,
  type CategoryResponse,
  type CompareResponse,
} from '@trustlinks/contract/categories';
import type { EntityType } from '@trustlinks/contract/constants';
import type { EntityRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isSlug } from '../../lib/ids';
import { toPublicEntity } from '../entities/entities.presenter';
import { findEntityBySlug, withOfferCounts } from '../entities/entities.service';
import { trustSummary } from '../reviews/trust/trust.service';
import { isUnderWarning, publicWarningsOf } from '../warnings/warnings.service';
import { companyFacets } from './categories.presenter';
import { offerFacets, pageCategory, topRanked } from './categories.repository';

// Categories and comparison: docs/decisions/055-categories-and-compare.md.

/**
 * GET /categories/{type}/{vertical}: one page of the type's approved companies in the vertical
 * (`all`: every vertical), ranked by TrustScore, each marked when under a public warning.
 */
export async function listCategory(
  deps: Deps,
  type: EntityType,
  vertical: string,
  query: CategoryQuery,
): Promise<CategoryResponse> {
  const label = verticalLabel(vertical);
  if (vertical !== ALL_VERTICALS && !label) throw notFound(CATEGORY_MESSAGES.unknownVertical);
  const rows = await pageCategory(
    deps.db,
    {
      type,
      vertical: label,
      geo: query.geo,
      payout: query.payout,
      minReviews: query.min_reviews,
    },
    query.page,
    query.limit,
  );
  const shown = rows.slice(0, query.limit);
  const [entities, facets, warned] = await Promise.all([
    withOfferCounts(deps, shown, toPublicEntity),
    offerFacets(
      deps.db,
      shown.map((r) => r.id),
    ),
    Promise.all(shown.map((r) => isUnderWarning(deps.db, r.id))),
  ]);
  return {
    type,
    vertical,
    vertical_label: label,
    companies: entities.map((entity, i) => ({
      rank: (query.page - 1) * query.limit + i + 1,
      entity,
      under_warning: warned[i]!,
      facets: companyFacets(entity.entity_metadata, facets.get(entity.entity_id)),
    })),
    page: query.page,
    limit: query.limit,
    has_next_page: rows.length > query.limit,
  };
}

/** The slugs of `?c=`: 1 to 3, distinct, in the order given. */
function comparedSlugs(c: string): string[] {
  const slugs = [
    ...new Set(
      c
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (slugs.length === 0) throw badRequest(CATEGORY_MESSAGES.compareNone);
  if (slugs.length > CATEGORY_LIMITS.compareMax) throw badRequest(CATEGORY_MESSAGES.compareTooMany);
  return slugs;
}

/** An approved entity at the slug (current or old), or a 404: the public sees nothing else. */
async function approvedBySlug(deps: Deps, slug: string): Promise<EntityRow> {
  const row = isSlug(slug) ? await findEntityBySlug(deps.db, slug) : undefined;
  if (!row || row.verificationStatus !== 'approved') {
    throw notFound(CATEGORY_MESSAGES.compareUnknown);
  }
  return row;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
const amount = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * GET /compare?c=slug,slug,slug: the companies side by side, with the TrustScore summary of their
 * pages (trustSummary) and their active public warnings; without `c`, the top-ranked networks.
 */
export async function compareCompanies(
  deps: Deps,
  c: string | undefined,
): Promise<CompareResponse> {
  const rows =
    c === undefined
      ? await topRanked(deps.db, 'network', CATEGORY_LIMITS.compareMax)
      : await Promise.all(comparedSlugs(c).map((slug) => approvedBySlug(deps, slug)));
  const [entities, facets, trust, warnings] = await Promise.all([
    withOfferCounts(deps, rows, toPublicEntity),
    offerFacets(
      deps.db,
      rows.map((r) => r.id),
    ),
    Promise.all(rows.map((r) => trustSummary(deps, null, r.id))),
    Promise.all(rows.map((r) => publicWarningsOf(deps.db, r.id))),
  ]);
  return {
    companies: rows.map((row, i) => {
      const entity = entities[i]!;
      const metadata = entity.entity_metadata;
      return {
        entity: { ...entity, public_warnings: warnings[i]! },
        trust: trust[i]!,
        rating_counts: row.ratingCounts,
        payment_terms: text(metadata.payment_terms),
        minimum_payout: amount(metadata.minimum_payout),
        facets: companyFacets(metadata, facets.get(row.id)),
        live_offers: entity.offer_count,
      };
    }),
  };
}
