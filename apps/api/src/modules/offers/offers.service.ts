import type { z } from 'zod';
import {
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type Offer,
  type offerCreateSchema,
  type offersQuerySchema,
  type offerUpdateSchema,
  type OfferStatus,
} from '@trustlinks/contract/offers';
import { isEntityInsider, requireEntityInsider, requireFoundById } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { cachedEstimate, knownEstimate } from '../../lib/planner-estimates';
import { paginate } from '../../lib/pagination';
import { requireActingEntity } from '../entities/entities.service';
import { toOffer } from './offers.presenter';
import {
  countVisibleOffersCapped,
  deleteOfferRow,
  estimateMatchingOffers,
  findOfferWithEntity,
  insertOffer,
  listEntityOffers,
  listVisibleOffers,
  OFFER_COUNT_CAP,
  OFFER_ESTIMATE_TRUSTED_FROM,
  publiclyVisible,
  updateOfferRow,
  type OfferFilters,
  type OfferWithEntity,
} from './offers.repository';

export const PUBLISHER_ROLES = ['advertiser', 'network'] as const;
const ENTITY_OFFERS_LIMIT = 200;

type Query = z.output<typeof offersQuerySchema>;
type CreateInput = z.output<typeof offerCreateSchema>;
type UpdateInput = z.output<typeof offerUpdateSchema>;

function payoutColumns(value: number | string | undefined) {
  if (value === undefined) return {};
  return typeof value === 'string'
    ? { payoutPercent: value, payoutAmount: null }
    : { payoutAmount: value, payoutPercent: null };
}

export function isPubliclyVisible(
  offerStatus: string,
  expiresAt: Date | null,
  entityStatus: string,
) {
  return (
    offerStatus === 'active' &&
    (!expiresAt || expiresAt.getTime() > Date.now()) &&
    entityStatus === 'approved'
  );
}

/** ASCII letters in lower case: what ILIKE and lower() surely treat as the same text. */
const asciiLower = (value: string) => value.replace(/[A-Z]+/g, (m) => m.toLowerCase());
const sortedSet = (values: string[] | undefined) => [...new Set(values ?? [])].sort();

/**
 * One key per set of filters that selects the same offers, whatever the URL's order, repeats or
 * case: the title matches case-insensitively, GEOs and categories are "any of" sets (categories
 * compared in lower case, GEOs upper-cased by the query schema).
 */
export function offerFiltersKey(filters: OfferFilters): string {
  return JSON.stringify([
    asciiLower(filters.title ?? ''),
    sortedSet(filters.geo),
    sortedSet(filters.category?.map(asciiLower)),
  ]);
}

/** The read-cache key of an explorer page (lib/read-cache.ts): its filters' key and the page. */
export function offersPageKey(query: Query): string {
  return `offers:${offerFiltersKey(query)}:${query.page}:${query.limit}`;
}

const estimateKey = (filters: OfferFilters) => `offers:${offerFiltersKey(filters)}`;

/** The planner's estimate for these filters (reused for a minute, see cachedEstimate). */
function estimateOffers(deps: Deps, filters: OfferFilters): Promise<number> {
  return cachedEstimate(deps.db, estimateKey(filters), () =>
    estimateMatchingOffers(deps.db, filters),
  );
}

/**
 * The explorer's total (docs/decisions/006-capped-totals.md): exact and free on the last page;
 * else "1,000+" when the planner expects well over the cap; else counted, stopping past the cap.
 * `inline` is the count that came with the page (listOffers), if it was asked for.
 */
async function offerTotal(
  deps: Deps,
  filters: OfferFilters,
  page: { offset: number; shown: number; lastPage: boolean; inline: number | null | undefined },
): Promise<{ total: number; capped: boolean }> {
  const { offset, shown } = page;
  if (page.lastPage) return { total: offset + shown, capped: false };
  let counted: number;
  if (page.inline === null || page.inline === undefined) {
    const estimate = await estimateOffers(deps, filters);
    counted =
      estimate >= OFFER_ESTIMATE_TRUSTED_FROM
        ? OFFER_COUNT_CAP + 1
        : await countVisibleOffersCapped(deps.db, filters, OFFER_COUNT_CAP + 1);
  } else {
    counted = page.inline;
    // A long list counted without a kept estimate: ask the planner now, so that the next pages
    // of these filters skip counting (a short list keeps being counted inline: ≤ cap rows).
    if (counted > OFFER_COUNT_CAP) await estimateOffers(deps, filters);
  }
  if (counted > OFFER_COUNT_CAP) {
    return { total: Math.max(OFFER_COUNT_CAP, offset + shown), capped: true };
  }
  return { total: Math.max(counted, offset + shown), capped: false };
}

export async function listOffers(deps: Deps, query: Query) {
  const filters = { title: query.title, geo: query.geo, category: query.category };
  const offset = (query.page - 1) * query.limit;
  // The count rides in the page's statement (one round trip) unless a kept planner estimate
  // already says "1,000+"; on the last page it goes unused (it stops at the cap anyway).
  const known = knownEstimate(deps.db, estimateKey(filters));
  const countInline = known === undefined || known < OFFER_ESTIMATE_TRUSTED_FROM;
  // One row more than the page says whether another page follows, without counting.
  const rows = await listVisibleOffers(
    deps.db,
    filters,
    query.limit + 1,
    offset,
    countInline ? OFFER_COUNT_CAP + 1 : undefined,
  );
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  const { total, capped } = await offerTotal(deps, filters, {
    offset,
    shown: page.length,
    lastPage: !more && (page.length > 0 || query.page === 1),
    inline: rows[0]?.matches,
  });
  return {
    offers: page.map((r) => toOffer(r)),
    pagination: {
      ...paginate(query.page, query.limit, total),
      hasNextPage: more && query.page < OFFER_LIMITS.pageNumberMax,
      totalIsCapped: capped,
    },
  };
}

/** Public when visible; owners and admins also see their paused, closed or expired offers. */
export async function getOffer(
  deps: Deps,
  viewer: AuthUser | null,
  id: string,
): Promise<{ offer: Offer }> {
  const row = await requireOffer(deps, id);
  const owner = isEntityInsider(viewer, row.offer.entityId);
  if (!owner && !isPubliclyVisible(row.offer.offerStatus, row.offer.expiresAt, row.entityStatus)) {
    throw notFound(OFFER_MESSAGES.notFound);
  }
  return { offer: toOffer(row, owner) };
}

export async function listPublicEntityOffers(deps: Deps, entityId: string) {
  if (!isUuid(entityId)) return { offers: [] };
  const rows = await listEntityOffers(deps.db, entityId, {
    publicOnly: true,
    limit: ENTITY_OFFERS_LIMIT,
  });
  return { offers: rows.map((r) => toOffer(r)) };
}

export async function listOwnEntityOffers(deps: Deps, user: AuthUser, entityId: string) {
  requireEntityInsider(user, entityId, OFFER_MESSAGES.notOwner);
  if (!isUuid(entityId)) return { offers: [] };
  const rows = await listEntityOffers(deps.db, entityId, {
    publicOnly: false,
    limit: ENTITY_OFFERS_LIMIT,
  });
  return { offers: rows.map((r) => toOffer(r, true)) };
}

/** The publishing entity is the caller's own approved entity; the body cannot name another. */
function requirePublishingEntity(deps: Deps, user: AuthUser) {
  return requireActingEntity(deps, user, PUBLISHER_ROLES, {
    role: OFFER_MESSAGES.onlyOwners,
    noEntity: OFFER_MESSAGES.noEntity,
    notApproved: OFFER_MESSAGES.entityNotApproved,
  });
}

export async function createOffer(deps: Deps, user: AuthUser, input: CreateInput) {
  const entity = await requirePublishingEntity(deps, user);
  const row = await insertOffer(deps.db, {
    entityId: entity.id,
    title: input.title,
    category: input.category,
    description: input.description,
    targetGeo: input.target_geo,
    payoutType: input.payout_type,
    ...payoutColumns(input.payout_value),
    landingPageUrl: input.landing_page_url,
    requirements: input.requirements,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    createdByUserId: user.id,
  });
  return {
    message: OFFER_MESSAGES.created,
    offer: toOffer(
      { offer: row, entity: { name: entity.name, entityType: entity.entityType } },
      true,
    ),
  };
}

/** The offer with its entity, whatever its status, or a 404 (callers decide who may see it). */
export function requireOffer(deps: Deps, id: string) {
  return requireFoundById(
    id,
    (offerId) => findOfferWithEntity(deps.db, offerId),
    OFFER_MESSAGES.notFound,
  );
}

/** The offer, when the caller is an insider of its entity (else 403), or a 404. */
export async function requireOwnedOffer(deps: Deps, user: AuthUser, id: string) {
  const row = await requireOffer(deps, id);
  requireEntityInsider(user, row.offer.entityId, OFFER_MESSAGES.notOwner);
  return row;
}

export async function updateOffer(deps: Deps, user: AuthUser, id: string, input: UpdateInput) {
  const current = await requireOwnedOffer(deps, user, id);
  const payoutType = input.payout_type ?? current.offer.payoutType;
  const payoutValue =
    input.payout_value ?? current.offer.payoutPercent ?? current.offer.payoutAmount ?? undefined;
  if (typeof payoutValue === 'string' && payoutType !== 'RevShare') {
    throw badRequest('A percentage payout is only for RevShare; give other payout types a number', [
      { path: 'payout_value', message: 'A percentage payout is only for RevShare' },
    ]);
  }
  const row = await updateOfferRow(deps.db, current.offer.id, {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.target_geo !== undefined ? { targetGeo: input.target_geo } : {}),
    ...(input.payout_type !== undefined ? { payoutType: input.payout_type } : {}),
    ...payoutColumns(input.payout_value),
    ...(input.landing_page_url !== undefined ? { landingPageUrl: input.landing_page_url } : {}),
    ...(input.requirements !== undefined ? { requirements: input.requirements } : {}),
    ...(input.expires_at !== undefined
      ? { expiresAt: input.expires_at ? new Date(input.expires_at) : null }
      : {}),
  });
  return {
    message: OFFER_MESSAGES.updated,
    offer: toOffer({ offer: row!, entity: current.entity }, true),
  };
}

export async function setOfferStatus(deps: Deps, user: AuthUser, id: string, status: OfferStatus) {
  const current = await requireOwnedOffer(deps, user, id);
  const row = await updateOfferRow(deps.db, current.offer.id, { offerStatus: status });
  return {
    message: OFFER_MESSAGES.statusChanged,
    offer: toOffer({ offer: row!, entity: current.entity }, true),
  };
}

export async function deleteOffer(deps: Deps, user: AuthUser, id: string) {
  const current = await requireOwnedOffer(deps, user, id);
  await deleteOfferRow(deps.db, current.offer.id);
  return { message: OFFER_MESSAGES.deleted };
}

// The landing's "Top Performing Offers" (modules/landing) show what the explorer may show.
export { publiclyVisible, type OfferWithEntity };
