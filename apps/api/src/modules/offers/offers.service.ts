import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type Offer,
  type offerCreateSchema,
  type OfferFiltersOutput,
  type offersQuerySchema,
  type offerUpdateSchema,
  type OfferStatus,
} from '@trustlinks/contract/offers';
import {
  isEntityInsider,
  requireEntityInsider,
  requireFound,
  requireFoundById,
} from '../../auth/policies';
import { offerPath } from '@trustlinks/contract/paths';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, notFound } from '../../errors';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { KeptValues } from '../../lib/read-cache';
import { isSlug, isUuid } from '../../lib/ids';
import { cachedEstimate, knownEstimate } from '../../lib/planner-estimates';
import { paginate } from '../../lib/pagination';
import { HOUR_MS } from '../../lib/time';
import { offerChangedMail } from '../../mail/templates';
import { requireActingEntity } from '../entities/entities.service';
import { correctableWords, toWordQuery, wordQueryParts } from './offer-search';
import { toExplorerOffer, toOffer } from './offers.presenter';
import { notify } from '../notifications/notifications.service';
import {
  categoryWalkChosen,
  closestTitleWord,
  countVisibleOffersCapped,
  expandTitlePrefix,
  isTitleWord,
  insertOfferChange,
  listApprovedApplicants,
  deleteOfferRow,
  estimateMatchingOffers,
  findOfferWithEntity,
  findOfferWithEntityBySlug,
  insertOffer,
  listEntityOffers,
  listsGeo,
  listVisibleOffers,
  OFFER_COUNT_CAP,
  OFFER_ESTIMATE_TRUSTED_FROM,
  publiclyVisible,
  updateOfferRow,
  walksCategory,
  type OfferFilters,
  type OfferWithEntity,
  type PagePlan,
} from './offers.repository';

export const PUBLISHER_ROLES = ['advertiser', 'network'] as const;

type Query = z.output<typeof offersQuerySchema>;
type CreateInput = z.output<typeof offerCreateSchema>;
type UpdateInput = z.output<typeof offerUpdateSchema>;

function payoutColumns(value: number | string | undefined) {
  if (value === undefined) return {};
  return typeof value === 'string'
    ? { payoutPercent: value, payoutAmount: null }
    : { payoutAmount: value, payoutPercent: null };
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
    sortedSet(filters.payoutType),
    filters.entityId ?? '',
    filters.payoutMin ?? '',
    filters.payoutMax ?? '',
    filters.createdAfter?.toISOString() ?? '',
    filters.createdUpTo?.toISOString() ?? '',
  ]);
}

/** The repository's filters of the explorer's query (or a saved search's). */
export function offerFiltersOf(query: OfferFiltersOutput): OfferFilters {
  return {
    title: query.title || undefined,
    geo: query.geo,
    category: query.category,
    payoutType: query.payout_type,
    entityId: query.entity,
    payoutMin: query.payout_min,
    payoutMax: query.payout_max,
  };
}

/** The read-cache key of an explorer page (lib/read-cache.ts): its filters' key and the page. */
export function offersPageKey(query: Query): string {
  return `offers:${offerFiltersKey(offerFiltersOf(query))}:${query.sort}:${query.page}:${query.limit}`;
}

const estimateKey = (filters: OfferFilters) => `offers:${offerFiltersKey(filters)}`;

/**
 * The read-cache key of the capped total of these filters (scope `offers`: emptied with the
 * lists by any write that changes what is listed). Every page of the same filters shows the same
 * total: the first page that counts it keeps it for the others (issue 26).
 */
const totalKey = (filters: OfferFilters) => `offers:total:${offerFiltersKey(filters)}`;

/**
 * Whether PostgreSQL walks the category index for these filters' page (offers.repository
 * categoryWalkChosen), asked once a minute per set of filters, as the estimates are.
 */
async function categoryWalk(db: DbOrTx, filters: OfferFilters): Promise<boolean> {
  if (!walksCategory(filters)) return false;
  const key = `offers:walk:${offerFiltersKey(filters)}`;
  return (
    (await cachedEstimate(db, key, async () => Number(await categoryWalkChosen(db, filters)))) === 1
  );
}

/** The planner's estimate for these filters (reused for a minute, see cachedEstimate). */
function estimateOffers(db: DbOrTx, filters: OfferFilters): Promise<number> {
  return cachedEstimate(db, estimateKey(filters), () => estimateMatchingOffers(db, filters));
}

/**
 * The explorer's total (docs/decisions/006-capped-totals.md): exact and free on the last page;
 * else "1,000+" when the planner expects well over the cap; else counted, stopping past the cap.
 * `inline` is the count that came with the page (listOffers), if it was asked for.
 */
async function offerTotal(
  deps: Deps,
  filters: OfferFilters,
  page: {
    offset: number;
    shown: number;
    lastPage: boolean;
    inline: number | null | undefined;
    /** `inline` is a total kept from another page (listOffers): the planner was asked then. */
    kept?: boolean;
  },
): Promise<{ total: number; capped: boolean }> {
  const { offset, shown } = page;
  if (page.lastPage) return { total: offset + shown, capped: false };
  let counted: number;
  if (page.inline === null || page.inline === undefined) {
    const estimate = await estimateOffers(deps.db, filters);
    counted =
      estimate >= OFFER_ESTIMATE_TRUSTED_FROM
        ? OFFER_COUNT_CAP + 1
        : await countVisibleOffersCapped(deps.db, filters, OFFER_COUNT_CAP + 1);
  } else {
    counted = page.inline;
    // A long list counted without a kept estimate: ask the planner now, so that the next pages
    // of these filters skip counting (a short list keeps being counted inline: ≤ cap rows).
    if (counted > OFFER_COUNT_CAP && !page.kept) await estimateOffers(deps.db, filters);
  }
  if (counted > OFFER_COUNT_CAP) {
    return { total: Math.max(OFFER_COUNT_CAP, offset + shown), capped: true };
  }
  return { total: Math.max(counted, offset + shown), capped: false };
}

/**
 * "Did you mean …" for a word search that found nothing: each word that is no title word is
 * replaced by the most similar one (offer_title_words' trigram index), and the result is offered
 * only if it finds something with the same filters.
 */
export async function suggestSpelling(deps: Deps, filters: OfferFilters): Promise<string | null> {
  if (!filters.title || !toWordQuery(filters.title)) return null;
  const words = correctableWords(filters.title);
  let changed = false;
  const corrected: string[] = [];
  for (const word of words) {
    const known = await isTitleWord(deps.db, word);
    const closest = known ? word : await closestTitleWord(deps.db, word);
    if (closest && closest !== word) changed = true;
    corrected.push(closest ?? word);
  }
  if (!changed) return null;
  const suggestion = corrected.join(' ');
  const found = await countVisibleOffersCapped(deps.db, { ...filters, title: suggestion }, 1);
  return found > 0 ? suggestion : null;
}

/**
 * Saved-search alerts: the visible offers matching the explorer's filters created after `after`
 * up to `upTo` (the feed index's created_at range), counted up to `cap`.
 */
export async function countNewMatches(
  db: DbOrTx,
  filters: OfferFiltersOutput,
  range: { after: Date; upTo: Date },
  cap: number,
): Promise<number> {
  return countVisibleOffersCapped(
    db,
    {
      ...(await withTitlePrefix(db, offerFiltersOf(filters))),
      createdAfter: range.after,
      createdUpTo: range.upTo,
    },
    cap,
  );
}

/**
 * From this many offers the planner expects the last word's prefix alone to match, the prefix is
 * expanded: below it, PostgreSQL's prefix match reads few posting entries and costs less than the
 * read that expands it (docs/decisions/036-prefix-expansion.md).
 */
const TITLE_PREFIX_EXPAND_FROM = 1_000;

/**
 * The filters with a word search's last word expanded into the lexemes it stands for, where its
 * prefix match would read many posting entries (the planner's estimate, kept a minute); the same
 * offers match either way.
 */
export async function withTitlePrefix(db: DbOrTx, filters: OfferFilters): Promise<OfferFilters> {
  const prefixWord = filters.title ? wordQueryParts(filters.title)?.prefixWord : null;
  if (!filters.title || !prefixWord) return filters;
  if ((await estimateOffers(db, { title: prefixWord })) < TITLE_PREFIX_EXPAND_FROM) return filters;
  return { ...filters, titlePrefix: await expandTitlePrefix(db, filters.title) };
}

export async function listOffers(deps: Deps, query: Query, totals?: KeptValues) {
  const filters = await withTitlePrefix(deps.db, offerFiltersOf(query));
  const offset = (query.page - 1) * query.limit;
  const keptTotal = totals?.peek(totalKey(filters));
  const readSince = totals?.mark() ?? 0;
  const kept = keptTotal === undefined ? undefined : Number(keptTotal);
  // The count rides in the page's statement (one round trip) unless a kept planner estimate
  // already says "1,000+"; on the last page it goes unused (it stops at the cap anyway). A word
  // search asks the planner first (kept a minute): when it expects few matches, they are found
  // once for the page and its count (one GIN lookup instead of two: sharedMatchesQuery; both
  // would read every match through the index anyway).
  // A total kept from another page of these filters needs neither the planner nor a count.
  const words = filters.title !== undefined && toWordQuery(filters.title) !== null;
  const known =
    kept !== undefined
      ? undefined
      : words
        ? await estimateOffers(deps.db, filters)
        : knownEstimate(deps.db, estimateKey(filters));
  const countInline =
    kept === undefined && (known === undefined || known < OFFER_ESTIMATE_TRUSTED_FROM);
  // One category and one GEO, newest first: their range of offer_geo_listings (decision 042).
  // One category (and GEOs), newest first: a statement planned once per connection, where
  // PostgreSQL would plan the same walk with the values (decision 040).
  const plan: PagePlan =
    query.sort === 'newest' && listsGeo(filters)
      ? 'geo listings'
      : query.sort === 'newest' && (await categoryWalk(deps.db, filters))
        ? 'category walk'
        : words && countInline
          ? 'few matches'
          : 'values';
  // One row more than the page says whether another page follows, without counting.
  const rows = await listVisibleOffers(
    deps.db,
    filters,
    query.limit + 1,
    offset,
    countInline ? OFFER_COUNT_CAP + 1 : undefined,
    query.sort,
    plan,
  );
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  const lastPage = !more && (page.length > 0 || query.page === 1);
  const { total, capped } = await offerTotal(deps, filters, {
    offset,
    shown: page.length,
    lastPage,
    inline: kept ?? rows[0]?.matches,
    kept: kept !== undefined,
  });
  // What was counted or judged "1,000+" serves the other pages. Not a last page's total: 'Best
  // match' stops inside its window, so its last page does not end the matches.
  if (kept === undefined && !lastPage) {
    totals?.keep(totalKey(filters), String(capped ? OFFER_COUNT_CAP + 1 : total), readSince);
  }
  const suggestion = total === 0 && query.page === 1 ? await suggestSpelling(deps, filters) : null;
  return {
    offers: page.map((r) => toExplorerOffer(r)),
    pagination: {
      ...paginate(query.page, query.limit, total),
      // 'Best match' ranks a bounded window of matches (offers.repository visibleOffersQuery).
      hasNextPage: more && query.page < OFFER_LIMITS.pageNumberMax,
      totalIsCapped: capped,
    },
    suggestion,
  };
}

/** Public when visible; owners and admins also see their paused, closed or expired offers. */
export async function getOffer(
  deps: Deps,
  viewer: AuthUser | null,
  id: string,
): Promise<{ offer: Offer }> {
  const row = await requireOfferByAddress(deps, id);
  const owner = isEntityInsider(viewer, row.offer.entityId);
  if (!owner && !row.visible) {
    throw notFound(OFFER_MESSAGES.notFound);
  }
  return { offer: toOffer(row, owner) };
}

export async function listPublicEntityOffers(
  deps: Deps,
  entityId: string,
  limit: number = OFFER_LIMITS.entityOffersMax,
) {
  if (!isUuid(entityId)) return { offers: [] };
  const rows = await listEntityOffers(deps.db, entityId, { publicOnly: true, limit });
  return { offers: rows.map((r) => toOffer(r)) };
}

export async function listOwnEntityOffers(deps: Deps, user: AuthUser, entityId: string) {
  requireEntityInsider(user, entityId, OFFER_MESSAGES.notOwner);
  if (!isUuid(entityId)) return { offers: [] };
  const rows = await listEntityOffers(deps.db, entityId, {
    publicOnly: false,
    limit: OFFER_LIMITS.entityOffersMax,
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
    dailyCap: input.daily_cap ?? null,
    monthlyCap: input.monthly_cap ?? null,
    trafficAllowed: input.traffic_allowed,
    trafficForbidden: input.traffic_forbidden,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    createdByUserId: user.id,
  });
  return {
    message: OFFER_MESSAGES.created,
    offer: toOffer(
      {
        offer: row,
        entity: { name: entity.name, slug: entity.slug, entityType: entity.entityType },
      },
      true,
    ),
  };
}

/** The offer with its entity, whatever its status, or a 404 (callers decide who may see it). */
/** The offer and its entity, or a 404; `db` is the transaction when called inside one. */
export function requireOffer(deps: Deps, id: string, db: DbOrTx = deps.db) {
  return requireFoundById(
    id,
    (offerId) => findOfferWithEntity(db, offerId),
    OFFER_MESSAGES.notFound,
  );
}

/** The offer of a page's address: its id or its slug (current or old; issue 25). */
export async function requireOfferByAddress(deps: Deps, idOrSlug: string) {
  if (isUuid(idOrSlug)) return requireOffer(deps, idOrSlug);
  return requireFound(
    isSlug(idOrSlug) ? await findOfferWithEntityBySlug(deps.db, idOrSlug) : undefined,
    OFFER_MESSAGES.notFound,
  );
}

/** The entity's own offer while it runs (active, unexpired, entity approved), else undefined. */
export async function findRunningOfferOf(deps: Deps, entityId: string, offerId: string) {
  const row = isUuid(offerId) ? await findOfferWithEntity(deps.db, offerId) : undefined;
  if (!row || row.offer.entityId !== entityId) return undefined;
  return row.visible ? row : undefined;
}

/** The offer, when the caller is an insider of its entity (else 403), or a 404. */
export async function requireOwnedOffer(deps: Deps, user: AuthUser, id: string) {
  const row = await requireOffer(deps, id);
  requireEntityInsider(user, row.offer.entityId, OFFER_MESSAGES.notOwner);
  return row;
}

/** An offer's payout as its affiliates read it: "CPA $45.00", "RevShare 40%". */
export function payoutLabel(o: {
  payoutType: string;
  payoutAmount: number | null;
  payoutPercent: string | null;
}): string {
  if (o.payoutPercent) return `${o.payoutType} ${o.payoutPercent}`;
  return o.payoutAmount === null
    ? o.payoutType
    : `${o.payoutType} $${Number(o.payoutAmount).toFixed(2)}`;
}

/** An edit's changes that its running affiliates must hear of (decision 030). */
export interface OfferChange {
  field: 'payout' | 'landing_page_url' | 'target_geo';
  label: string;
  oldValue: string;
  newValue: string;
}

/**
 * The one place where an edit's changed fields are known: `changed` lists every API field whose
 * value differs from the stored offer (the read cache can scope on it: a description-only edit
 * leaves the explorer's pages valid), `told` those that affect running affiliates (payout,
 * landing page, GEOs), as offer_changes rows.
 */
export function offerEditChanges(
  current: OfferWithEntity['offer'],
  patch: Partial<OfferWithEntity['offer']>,
): { changed: string[]; told: OfferChange[] } {
  const next = { ...current, ...patch };
  const same = (a: unknown, b: unknown) =>
    JSON.stringify(a instanceof Date ? a.getTime() : a) ===
    JSON.stringify(b instanceof Date ? b.getTime() : b);
  const columns: [string, keyof OfferWithEntity['offer']][] = [
    ['title', 'title'],
    ['category', 'category'],
    ['description', 'description'],
    ['target_geo', 'targetGeo'],
    ['payout_type', 'payoutType'],
    ['payout_value', 'payoutAmount'],
    ['payout_value', 'payoutPercent'],
    ['landing_page_url', 'landingPageUrl'],
    ['requirements', 'requirements'],
    ['daily_cap', 'dailyCap'],
    ['monthly_cap', 'monthlyCap'],
    ['traffic_allowed', 'trafficAllowed'],
    ['traffic_forbidden', 'trafficForbidden'],
    ['expires_at', 'expiresAt'],
  ];
  const changed = [
    ...new Set(columns.filter(([, c]) => !same(current[c], next[c])).map(([field]) => field)),
  ];
  const told: OfferChange[] = [];
  if (changed.includes('payout_type') || changed.includes('payout_value')) {
    told.push({
      field: 'payout',
      label: 'payout',
      oldValue: payoutLabel(current),
      newValue: payoutLabel(next),
    });
  }
  if (changed.includes('landing_page_url')) {
    told.push({
      field: 'landing_page_url',
      label: 'landing page',
      oldValue: current.landingPageUrl,
      newValue: next.landingPageUrl,
    });
  }
  if (changed.includes('target_geo')) {
    told.push({
      field: 'target_geo',
      label: 'GEOs',
      oldValue: current.targetGeo.join(', '),
      newValue: next.targetGeo.join(', '),
    });
  }
  return { changed, told };
}

/**
 * PUT /offers/{id}: the owner entity's users (or an admin) edit any field; stats, applications
 * and tracking links are kept. Payout, landing page and GEO changes are told to the approved
 * affiliates, once per edit, and audited in offer_changes (decision 030).
 */
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
  const patch = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.category !== undefined ? { category: input.category } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.target_geo !== undefined ? { targetGeo: input.target_geo } : {}),
    ...(input.payout_type !== undefined ? { payoutType: input.payout_type } : {}),
    ...payoutColumns(input.payout_value),
    ...(input.landing_page_url !== undefined ? { landingPageUrl: input.landing_page_url } : {}),
    ...(input.requirements !== undefined ? { requirements: input.requirements } : {}),
    ...(input.daily_cap !== undefined ? { dailyCap: input.daily_cap } : {}),
    ...(input.monthly_cap !== undefined ? { monthlyCap: input.monthly_cap } : {}),
    ...(input.traffic_allowed !== undefined ? { trafficAllowed: input.traffic_allowed } : {}),
    ...(input.traffic_forbidden !== undefined ? { trafficForbidden: input.traffic_forbidden } : {}),
    ...(input.expires_at !== undefined
      ? { expiresAt: input.expires_at ? new Date(input.expires_at) : null }
      : {}),
  };
  const { told } = offerEditChanges(current.offer, patch);
  // An edit nobody is told of is one statement: no transaction (two round trips fewer).
  const row =
    told.length === 0
      ? await updateOfferRow(deps.db, current.offer.id, patch)
      : await deps.db.transaction(async (tx) => {
          const updated = await updateOfferRow(tx, current.offer.id, patch);
          await offerChanged(tx, deps, user, current.offer, told);
          return updated;
        });
  if (told.length > 0) deps.wakeMailer();
  return {
    message: OFFER_MESSAGES.updated,
    offer: toOffer({ offer: row!, entity: current.entity }, true),
    /** The offer as it was (the route's read-cache scopes compare the two). */
    before: toOffer(current, true),
  };
}

/** Notified of one change at most (the rest still see the new values on the offer). */
const OFFER_CHANGE_NOTIFY_MAX = 1000;

/**
 * A payout, landing page or GEO change: every approved affiliate's links now earn, send or
 * target differently, so each is told once (in app and by mail, per its preferences) of all
 * that changed, and each change is kept in offer_changes with who made it.
 */
async function offerChanged(
  tx: DbOrTx,
  deps: Deps,
  user: AuthUser,
  offer: { id: string; slug: string; title: string },
  told: OfferChange[],
) {
  const applicants = await listApprovedApplicants(tx, offer.id, OFFER_CHANGE_NOTIFY_MAX);
  const lines = told.map((c) => `${c.label}: ${c.newValue} (was ${c.oldValue || 'none'})`);
  const landing = told.find((c) => c.field === 'landing_page_url');
  const title =
    told.length === 1 && landing
      ? `The landing page of "${offer.title}" changed`
      : `"${offer.title}" changed: ${told.map((c) => c.label).join(', ')}`;
  const body = `The offer "${offer.title}" you run changed. ${lines.join('; ')}.${
    landing
      ? ` Your tracking link for "${offer.title}" now sends visitors to ${landing.newValue}.`
      : ''
  }`;
  const link = offerPath(offer.slug);
  for (const entityId of applicants) {
    // In the bell once per edit; by mail once per affiliate and offer an hour, the changes made
    // meanwhile gathered in the next mail (decision 030).
    await notify(tx, deps, {
      type: 'offer_changed',
      to: { entityId },
      actorUserId: user.id,
      title,
      body,
      link,
      coalescedMail: {
        topic: `offer_changed:${offer.id}`,
        windowMs: HOUR_MS,
        items: told,
        mail: ({ firstName }, unsubscribe, changes) =>
          offerChangedMail({
            firstName,
            offerTitle: offer.title,
            changes: changes as OfferChange[],
            url: `${deps.config.APP_URL}${link}`,
            unsubscribe,
          }),
      },
    });
  }
  for (const change of told) {
    await insertOfferChange(tx, {
      offerId: offer.id,
      field: change.field,
      oldValue: change.oldValue,
      newValue: change.newValue,
      changedByUserId: user.id,
      notifiedEntities: applicants.length,
    });
  }
  deps.log.info(
    {
      offerId: offer.id,
      userId: user.id,
      fields: told.map((c) => c.field),
      notifiedEntities: applicants.length,
    },
    'offer changed',
  );
}

/**
 * POST /offers/{id}/postback-secret: a new random secret for the offer's postbacks; the old one
 * is refused from this moment (the postback compares with the stored secret on every call).
 */
export async function rotatePostbackSecret(deps: Deps, user: AuthUser, id: string) {
  const current = await requireOwnedOffer(deps, user, id);
  const secret = randomBytes(32).toString('hex');
  await updateOfferRow(deps.db, current.offer.id, { postbackSecret: secret });
  return { message: OFFER_MESSAGES.secretRotated, postback_secret: secret };
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
