import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type Offer,
  type offerCreateSchema,
  type offerUpdateSchema,
  type OfferStatus,
} from '@trustlinks/contract/offers';
import {
  actingEntityId,
  isEntityInsider,
  requireEntityInsider,
  requireFound,
  requireFoundById,
} from '../../auth/policies';
import { offerPath } from '@trustlinks/contract/paths';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, notFound } from '../../errors';
import type { DbOrTx } from '../../db/client';
import type { EntityRow } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { isSlug, isUuid } from '../../lib/ids';
import { HOUR_MS } from '../../lib/time';
import { offerChangedMail } from '../../mail/templates';
import { requireActingEntity } from '../entities/entities.service';
import { payoutText, toOffer } from './offers.presenter';
import { notify } from '../notifications/notifications.service';
import {
  insertOfferChange,
  listApprovedApplicants,
  deleteOfferRow,
  findOfferWithEntity,
  findOfferWithEntityBySlug,
  insertOffer,
  isOfferPartner,
  listEntityOffers,
  updateOfferRow,
} from './offers.repository';
import type { OfferWithEntity } from './offers.sql';

// The explorer (GET /offers) and the saved-search alerts' count: modules/offers/explorer.
export { countNewMatches, listOffers, offersPageKey } from './explorer/explorer.service';

export const PUBLISHER_ROLES = ['advertiser', 'network'] as const;

type CreateInput = z.output<typeof offerCreateSchema>;
type UpdateInput = z.output<typeof offerUpdateSchema>;

function payoutColumns(value: number | string | undefined) {
  if (value === undefined) return {};
  return typeof value === 'string'
    ? { payoutPercent: value, payoutAmount: null }
    : { payoutAmount: value, payoutPercent: null };
}

/**
 * Public when visible; owners and admins also see their paused, closed or expired offers, and a
 * private offer's partners (an open application to it: decision 048) see it while it runs.
 */
export async function getOffer(
  deps: Deps,
  viewer: AuthUser | null,
  id: string,
): Promise<{ offer: Offer }> {
  const row = await requireOfferByAddress(deps, id);
  const owner = isEntityInsider(viewer, row.offer.entityId);
  const partnerId = actingEntityId(viewer);
  const partner =
    !row.visible &&
    row.runs &&
    partnerId !== null &&
    (await isOfferPartner(deps.db, row.offer.id, partnerId));
  if (!owner && !row.visible && !partner) {
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
export function requirePublishingEntity(deps: Deps, user: AuthUser) {
  return requireActingEntity(deps, user, PUBLISHER_ROLES, {
    role: OFFER_MESSAGES.onlyOwners,
    noEntity: OFFER_MESSAGES.noEntity,
    notApproved: OFFER_MESSAGES.entityNotApproved,
  });
}

/** POST /offers: an offer of the caller's approved entity. */
export async function createOffer(deps: Deps, user: AuthUser, input: CreateInput) {
  const entity = await requirePublishingEntity(deps, user);
  return publishOffer(deps.db, entity, user, input);
}

/**
 * Writes a new offer of `entity` (requirePublishingEntity's). A private one (`status`, made from an
 * accepted counter offer's terms in its transaction `db`: docs/decisions/048-agreed-terms.md)
 * runs for its partners and is listed nowhere.
 */
export async function publishOffer(
  db: DbOrTx,
  entity: Pick<EntityRow, 'id' | 'name' | 'slug' | 'entityType'>,
  user: AuthUser,
  input: CreateInput,
  status: OfferStatus = 'active',
) {
  const row = await insertOffer(db, {
    entityId: entity.id,
    title: input.title,
    category: input.category,
    description: input.description,
    targetGeo: input.target_geo,
    payoutType: input.payout_type,
    ...payoutColumns(input.payout_value),
    landingPageUrl: input.landing_page_url,
    requirements: input.requirements,
    fallbackUrl: input.fallback_url ?? null,
    dailyCap: input.daily_cap ?? null,
    monthlyCap: input.monthly_cap ?? null,
    trafficAllowed: input.traffic_allowed,
    trafficForbidden: input.traffic_forbidden,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    createdByUserId: user.id,
    offerStatus: status,
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

/** The offer of a page's address: its id or its slug (current or old; docs/decisions/022). */
export async function requireOfferByAddress(deps: Deps, idOrSlug: string) {
  if (isUuid(idOrSlug)) return requireOffer(deps, idOrSlug);
  return requireFound(
    isSlug(idOrSlug) ? await findOfferWithEntityBySlug(deps.db, idOrSlug) : undefined,
    OFFER_MESSAGES.notFound,
  );
}

/**
 * The entity's own offer while it runs (active or private, unexpired, entity approved: decision
 * 048), else undefined.
 */
export async function findRunningOfferOf(
  deps: Deps,
  entityId: string,
  offerId: string,
  db: DbOrTx = deps.db,
) {
  const row = isUuid(offerId) ? await findOfferWithEntity(db, offerId) : undefined;
  if (!row || row.offer.entityId !== entityId) return undefined;
  return row.runs ? row : undefined;
}

/** The offer, when the caller is an insider of its entity (else 403), or a 404. */
export async function requireOwnedOffer(deps: Deps, user: AuthUser, id: string) {
  const row = await requireOffer(deps, id);
  requireEntityInsider(user, row.offer.entityId, OFFER_MESSAGES.notOwner);
  return row;
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
    ['fallback_url', 'fallbackUrl'],
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
      oldValue: payoutText(current),
      newValue: payoutText(next),
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
    ...(input.fallback_url !== undefined ? { fallbackUrl: input.fallback_url } : {}),
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
