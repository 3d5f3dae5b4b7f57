import { dashboardPath } from '@trustlinks/contract/pages';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  APPLICANT_TYPES,
  APPLICATION_MESSAGES,
  type applicationDecisionSchema,
  type applicationsQuerySchema,
  type applicationTermsBodySchema,
  type applyBodySchema,
} from '@trustlinks/contract/applications';
import { OFFER_MESSAGES } from '@trustlinks/contract/offers';
import {
  actingEntityId,
  isEntityInsider,
  requireEntityInsider,
  requireFoundById,
  speaksForEntity,
} from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, conflict, forbidden, tooManyRequests } from '../../errors';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { paginate } from '../../lib/pagination';
import { offerPath } from '@trustlinks/contract/paths';
import { notify } from '../notifications/notifications.service';
import { requireActingEntity } from '../entities/entities.service';
import { requireOffer, requireOwnedOffer } from '../offers/offers.service';
import { withCapsLeft } from './conversions.service';
import { toApplication } from './applications.presenter';
import {
  countApplications,
  countRecentApplications,
  decidePending,
  findApplicationView,
  findOpenApplication,
  insertApplication,
  listApplications,
  setApplicationTerms,
  type ApplicationFilter,
  type ApplicationView,
} from './applications.repository';

type ApplyInput = z.output<typeof applyBodySchema>;
type DecisionInput = z.output<typeof applicationDecisionSchema>;
type TermsInput = z.output<typeof applicationTermsBodySchema>;
type ListQuery = z.output<typeof applicationsQuerySchema>;

/** The dashboard tab of an entity type listing the applications it received, or made. */
function applicationsPage(entityType: string, side: 'received' | 'mine'): string {
  return dashboardPath(entityType, side === 'received' ? 'applications' : 'my-applications');
}

function present(deps: Deps, view: ApplicationView, viewer: AuthUser) {
  return toApplication(view, {
    appUrl: deps.config.APP_URL,
    withTrackingUrl: isEntityInsider(viewer, view.application.entityId),
  });
}

/**
 * POST /offers/{id}/click (docs/product/api.md#offers; the dashboards' 'Apply to Offer' and the offer page's
 * 'Run This Offer'): a pending application of the caller's own approved affiliate or network.
 */
export async function apply(deps: Deps, user: AuthUser, offerId: string, input: ApplyInput) {
  const entity = await requireActingEntity(deps, user, [...APPLICANT_TYPES], {
    role: APPLICATION_MESSAGES.onlyRunners,
    noEntity: OFFER_MESSAGES.noEntity,
    notApproved: APPLICATION_MESSAGES.entityNotApproved,
  });
  const row = await requireOffer(deps, offerId);
  if (row.offer.entityId === entity.id) throw badRequest(OFFER_MESSAGES.ownOffer);
  if (!row.visible) {
    throw badRequest(OFFER_MESSAGES.offerUnavailable);
  }
  const perDay = deps.config.APPLICATIONS_PER_OFFER_PER_DAY;
  const id = await deps.db.transaction(async (tx) => {
    // Counted in the insert's transaction: two parallel applies both under the limit still make
    // one application, as only one can be open (offer_applications_open_key).
    if ((await countRecentApplications(tx, row.offer.id, entity.id)) >= perDay) {
      throw tooManyRequests(APPLICATION_MESSAGES.tooManyApplications(perDay));
    }
    const created = await insertApplication(tx, {
      offerId: row.offer.id,
      ownerEntityId: row.offer.entityId,
      entityId: entity.id,
      userId: user.id,
      message: input.message,
      trafficSources: input.traffic_sources,
    });
    if (!created) throw conflict(APPLICATION_MESSAGES.alreadyOpen);
    await notify(tx, deps, {
      type: 'application_received',
      to: { entityId: row.offer.entityId },
      actorUserId: user.id,
      title: `New application to "${row.offer.title}"`,
      // The applicant's own words stay in the app (its message is on the application): a mail
      // that quoted them would let anyone send the owner text from our address.
      body: `${entity.name} (${entity.entityType}) applied to run your offer "${row.offer.title}".${
        input.message ? ' Their message is with the application on your dashboard.' : ''
      }`,
      link: applicationsPage(row.entity.entityType, 'received'),
    });
    return created.id;
  });
  deps.wakeMailer();
  const view = (await findApplicationView(deps.db, id))!;
  return {
    success: true,
    message: APPLICATION_MESSAGES.applied(row.entity.name),
    application: present(deps, view, user),
  };
}

async function listPage(deps: Deps, viewer: AuthUser, filter: ApplicationFilter, q: ListQuery) {
  const withStatus = { ...filter, status: q.status };
  const offset = (q.page - 1) * q.limit;
  const [rows, total] = await Promise.all([
    listApplications(deps.db, withStatus, q.limit, offset),
    countApplications(deps.db, withStatus),
  ]);
  return {
    applications: rows.map((r) => present(deps, r, viewer)),
    pagination: paginate(q.page, q.limit, total),
  };
}

/** GET /offers/{id}/applications: one offer's applications, for its owner and admins. */
export async function listOfferApplications(
  deps: Deps,
  user: AuthUser,
  offerId: string,
  query: ListQuery,
) {
  const row = await requireOwnedOffer(deps, user, offerId);
  return listPage(deps, user, { offerId: row.offer.id }, query);
}

/** GET /offers/applications: every application to the caller's entity's offers (admins: all). */
export async function listReceivedApplications(deps: Deps, user: AuthUser, query: ListQuery) {
  if (user.role === 'admin') return listPage(deps, user, {}, query);
  const entityId = actingEntityId(user);
  if (!entityId) throw forbidden(OFFER_MESSAGES.noEntity);
  return listPage(deps, user, { ownerEntityId: entityId }, query);
}

/** GET /offers/applications/mine: the applications the caller's entity made. */
export async function listMyApplications(deps: Deps, user: AuthUser, query: ListQuery) {
  const entityId = actingEntityId(user);
  if (!entityId) throw forbidden(OFFER_MESSAGES.noEntity);
  const page = await listPage(
    deps,
    user,
    { entityId, offerId: query.offer_id, offerIds: query.offer_ids },
    query,
  );
  // What is left of each approved offer's caps (docs/decisions/049).
  return { ...page, applications: await withCapsLeft(deps, page.applications) };
}

/** A tracking code: 144 random bits, URL-safe. */
const newTrackingCode = () => randomBytes(18).toString('base64url');

/**
 * An accepted counter offer that names an offer (decision 030): the requester's company gets an
 * approved application to it so tracking starts — its open one approved or linked, else a new one
 * within APPLICATIONS_PER_OFFER_PER_DAY — carrying the bid's terms (source 'bid', decision 048),
 * also when it was approved already. Runs in the acceptance's transaction; the offer must still
 * run (a private one runs for its partners) and the applicant may not own it (the loop's rules,
 * as for an apply).
 */
export async function approveForAcceptedBid(
  tx: DbOrTx,
  deps: Deps,
  input: {
    offerId: string;
    applicantEntityId: string;
    /** The bidder who offered it: its acceptance is the owner's approval. */
    approvedByUserId: string;
    /** The requester's user accepting the bid. */
    userId: string;
    note: string;
    /** The bid's payout: the application's agreed terms. */
    terms: { payoutType: string; payoutAmount: number };
  },
): Promise<string> {
  // Inside the caller's transaction: on embedded PGlite (one connection) a read through deps.db
  // here would wait for the transaction that waits for it.
  const row = await requireOffer(deps, input.offerId, tx);
  if (row.offer.entityId === input.applicantEntityId) throw badRequest(OFFER_MESSAGES.ownOffer);
  if (!row.runs) {
    throw badRequest(OFFER_MESSAGES.offerUnavailable);
  }
  const terms = { ...input.terms, termsSource: 'bid' as const };
  const approval = {
    status: 'approved',
    decisionNote: input.note,
    decidedByUserId: input.approvedByUserId,
    decidedAt: new Date(),
    trackingCode: newTrackingCode(),
    ...terms,
  };
  const open = await findOpenApplication(tx, row.offer.id, input.applicantEntityId);
  if (open?.status === 'approved') {
    const updated = await setApplicationTerms(tx, open.id, terms);
    if (updated) return updated.id;
  }
  if (open?.status === 'pending') {
    const approved = await decidePending(tx, open.id, approval);
    if (approved) return approved.id;
  }
  const perDay = deps.config.APPLICATIONS_PER_OFFER_PER_DAY;
  if ((await countRecentApplications(tx, row.offer.id, input.applicantEntityId)) >= perDay) {
    throw tooManyRequests(APPLICATION_MESSAGES.tooManyApplications(perDay));
  }
  const created = await insertApplication(tx, {
    offerId: row.offer.id,
    ownerEntityId: row.offer.entityId,
    entityId: input.applicantEntityId,
    userId: input.userId,
    ...approval,
  });
  if (!created) throw conflict(APPLICATION_MESSAGES.alreadyOpen);
  return created.id;
}

/**
 * PUT /offers/applications/{id}/terms (docs/decisions/048-agreed-terms.md): the offer's owner sets
 * this one partner's payout on an approved application (source 'override'). The owner alone: an
 * admin or the partner may not set what the owner pays.
 */
export async function setPartnerTerms(deps: Deps, user: AuthUser, id: string, input: TermsInput) {
  const view = await requireFoundById(
    id,
    (applicationId) => findApplicationView(deps.db, applicationId),
    APPLICATION_MESSAGES.notFound,
  );
  const a = view.application;
  if (!speaksForEntity(user, a.ownerEntityId))
    throw forbidden(APPLICATION_MESSAGES.termsByOwnerOnly);
  const updated = await setApplicationTerms(deps.db, a.id, {
    payoutType: input.payout_type,
    payoutAmount: input.payout_value,
    termsSource: 'override',
  });
  if (!updated) throw conflict(APPLICATION_MESSAGES.termsNeedApproved);
  const view2 = (await findApplicationView(deps.db, a.id))!;
  return { message: APPLICATION_MESSAGES.termsSet, application: present(deps, view2, user) };
}

/**
 * PUT /offers/applications/{id}: the offer's owner (or an admin) approves or rejects a pending
 * application, with an optional note, or revokes an approved one, with a note (its tracking link
 * stops at once); the applicant withdraws its own pending application.
 */
export async function decideApplication(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: DecisionInput,
) {
  const view = await requireFoundById(
    id,
    (applicationId) => findApplicationView(deps.db, applicationId),
    APPLICATION_MESSAGES.notFound,
  );
  const a = view.application;
  if (input.status === 'withdrawn') {
    if (!speaksForEntity(user, a.entityId)) throw forbidden(APPLICATION_MESSAGES.notApplicant);
  } else {
    requireEntityInsider(user, a.ownerEntityId, APPLICATION_MESSAGES.notOwner);
  }
  const revoking = input.status === 'revoked';
  await deps.db.transaction(async (tx) => {
    const decided = await decidePending(
      tx,
      a.id,
      {
        status: input.status,
        ...(input.status === 'withdrawn'
          ? {}
          : { decisionNote: input.note, decidedByUserId: user.id, decidedAt: new Date() }),
        ...(input.status === 'approved' ? { trackingCode: newTrackingCode() } : {}),
      },
      revoking ? 'approved' : 'pending',
    );
    if (!decided) {
      throw conflict(revoking ? APPLICATION_MESSAGES.notApproved : APPLICATION_MESSAGES.notPending);
    }
    if (input.status === 'withdrawn') return;
    const verdict = input.status;
    await notify(tx, deps, {
      type: 'application_decided',
      to: { entityId: a.entityId },
      actorUserId: user.id,
      title: `Your application to "${view.offer.title}" was ${verdict}`,
      body: `${view.owner.name} ${verdict} your application to run "${view.offer.title}".${
        input.status === 'approved' ? ' Your tracking link is on your dashboard.' : ''
      }${revoking ? ' Your tracking link no longer works.' : ''}${input.note ? ` Note: "${input.note}"` : ''}`,
      // The offer page shows the applicant where it stands, with the tracking link once approved.
      link: offerPath(view.offer.slug),
    });
  });
  deps.wakeMailer();
  const updated = (await findApplicationView(deps.db, a.id))!;
  return {
    message: APPLICATION_MESSAGES[input.status],
    application: present(deps, updated, user),
  };
}
