import { dashboardPath } from '@trustlinks/contract/pages';
import {
  METADATA_SCHEMAS,
  type EntityChangeDecision,
  type EntityRegistration,
  type Entity,
  type PublicEntity,
} from '@trustlinks/contract/entities';
import type { EntityType, VerificationStatus } from '@trustlinks/contract/constants';
import type { z } from 'zod';
import type { entityUpdateSchema } from '@trustlinks/contract/entities';
import {
  requireApprovedEntity,
  requireEntityInsider,
  requireFound,
  requireFoundById,
} from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import type { EntityRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isSlug, isUuid } from '../../lib/ids';
import { paginate } from '../../lib/pagination';
import { enqueueMail } from '../../mail/outbox.repository';
import { registrationReceivedMail } from '../../mail/templates';
import { ENTITIES_MESSAGES } from './entities.messages';
import { publicWarningsOf } from '../warnings/under-warning';
import { toEntity, toPublicEntity } from './entities.presenter';
import { provideAccount } from './entity-account';
import {
  approvedSignupUrl,
  decideEntityChange,
  limitEntityRegistrations,
  pendingChangesFor,
  requireFreeApprovedName,
  submitModeratedChange,
  type ModeratedFields,
} from './entity-moderation.service';
import {
  backfillEntityNameKeys,
  countActiveOffers,
  deleteEntityRow,
  findEntity,
  findEntityBySlug,
  insertEntity,
  listApprovedEntities,
  pageEntities,
  setLinkedUsersRole,
  updateEntityRow,
} from './entities.repository';
import { notify } from '../notifications/notifications.service';

const ENTITY_ROLES: EntityType[] = ['advertiser', 'affiliate', 'network'];

/** docs/product/states.md: pending → approved | rejected; approved → rejected; rejected → approved. */
const TRANSITIONS: Record<VerificationStatus, VerificationStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

/** The rows presented with their active offer counts (one read for all of them). */
export async function withOfferCounts<T>(
  deps: Deps,
  rows: EntityRow[],
  present: (row: EntityRow, offers: number) => T,
): Promise<T[]> {
  const counts = await countActiveOffers(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, counts.get(r.id) ?? 0));
}

/** The private view (owners, admins): offer counts and the change waiting for an admin. */
async function presentEntities(deps: Deps, rows: EntityRow[]): Promise<Entity[]> {
  const [counts, changes] = await Promise.all([
    countActiveOffers(
      deps.db,
      rows.map((r) => r.id),
    ),
    pendingChangesFor(deps.db, rows),
  ]);
  return rows.map((r) => toEntity(r, counts.get(r.id) ?? 0, changes.get(r.id) ?? null));
}

/** Other modules read entity rows through the service, never the repository (eslint rule). */
export { backfillEntityNameKeys, findEntity, findEntityBySlug };

/**
 * The caller's own approved entity when its role is one of `roles` (offers, requests, bids,
 * applications): else a 403 — `messages.role` for another role, `messages.noEntity` without an
 * entity, `messages.notApproved` while it is pending or rejected. Never an id from the body.
 */
export async function requireActingEntity(
  deps: Deps,
  user: AuthUser,
  roles: readonly string[],
  messages: { role: string; noEntity: string; notApproved: string },
): Promise<EntityRow> {
  if (!roles.includes(user.role)) throw forbidden(messages.role);
  const entityId = requireApprovedEntity(user, messages);
  const entity = await findEntity(deps.db, entityId);
  if (!entity) throw forbidden(messages.noEntity);
  return entity;
}

/** The entity, whatever its status, or a 404. */
export function requireEntity(deps: Deps, id: string): Promise<EntityRow> {
  return requireFoundById(
    id,
    (entityId) => findEntity(deps.db, entityId),
    ENTITIES_MESSAGES.notFound,
  );
}

/** The entity of a page's address: its id or its slug (current or old; docs/decisions/022). */
export async function requireEntityByAddress(deps: Deps, idOrSlug: string): Promise<EntityRow> {
  if (isUuid(idOrSlug)) return requireEntity(deps, idOrSlug);
  return requireFound(
    isSlug(idOrSlug) ? await findEntityBySlug(deps.db, idOrSlug) : undefined,
    ENTITIES_MESSAGES.notFound,
  );
}

/** Anyone may register a company; it waits for an admin as `pending`. */
export async function registerEntity(
  deps: Deps,
  input: EntityRegistration,
  submittedBy: AuthUser | null,
  clientAddress: string,
): Promise<{ message: string; entity: PublicEntity }> {
  await limitEntityRegistrations(deps, deps.db, {
    clientAddress,
    userId: submittedBy?.id ?? null,
    email: input.email,
  });
  const row = await deps.db.transaction(async (tx) => {
    // A name that looks like an approved company's is refused at once (docs/decisions/011),
    // not only when an admin approves it: the queue is not where look-alikes wait.
    await requireFreeApprovedName(tx, input.name, null);
    const inserted = await insertEntity(tx, {
      name: input.name,
      entityType: input.entity_type,
      email: input.email,
      website: input.website_url,
      description: input.description,
      additionalNotes: input.additional_notes,
      imageUrl: input.image_url,
      country: input.country,
      contactInfo: input.contact_info,
      entityMetadata: input.entity_metadata as Record<string, unknown>,
      source: 'registration',
      submittedByUserId: submittedBy?.id ?? null,
    });
    if (!inserted) throw conflict(ENTITIES_MESSAGES.duplicatePending);
    // The company's address is not proven: the acknowledgement carries no text of the form.
    await enqueueMail(tx, { to: input.email }, registrationReceivedMail());
    return inserted;
  });
  deps.wakeMailer();
  return { message: ENTITIES_MESSAGES.registrationSubmitted, entity: toPublicEntity(row, 0) };
}

export async function listPublicEntities(
  deps: Deps,
  query: { entity_type?: EntityType | undefined; search?: string | undefined; limit: number },
): Promise<{ entities: PublicEntity[] }> {
  const rows = await listApprovedEntities(deps.db, {
    ...(query.entity_type ? { entityType: query.entity_type } : {}),
    ...(query.search ? { search: query.search } : {}),
    limit: query.limit,
  });
  return { entities: await withOfferCounts(deps, rows, toPublicEntity) };
}

export async function getPublicEntity(deps: Deps, id: string): Promise<{ entity: PublicEntity }> {
  const row = await requireEntityByAddress(deps, id);
  if (row.verificationStatus !== 'approved') throw notFound(ENTITIES_MESSAGES.notFound);
  // Public warnings (docs/decisions/012) show on the entity page and its offers, which both read this.
  // Read beside the offer count (two connections), not after it: one round trip less to wait.
  const [[entity], warnings] = await Promise.all([
    withOfferCounts(deps, [row], toPublicEntity),
    publicWarningsOf(deps.db, row.id),
  ]);
  return { entity: { ...entity!, public_warnings: warnings } };
}

export async function listEntitiesByType(
  deps: Deps,
  type: EntityType,
  page: number,
  limit: number,
) {
  const { rows, total } = await pageEntities(deps.db, {
    status: 'approved',
    entityType: type,
    page,
    limit,
  });
  return {
    entities: await withOfferCounts(deps, rows, toPublicEntity),
    pagination: paginate(page, limit, total),
  };
}

export async function listEntitiesForAdmin(
  deps: Deps,
  query: {
    verification_status?: VerificationStatus | 'all' | undefined;
    page: number;
    limit: number;
  },
) {
  const status =
    query.verification_status && query.verification_status !== 'all'
      ? query.verification_status
      : undefined;
  const { rows, total } = await pageEntities(deps.db, {
    ...(status ? { status } : {}),
    page: query.page,
    limit: query.limit,
  });
  return {
    entities: await presentEntities(deps, rows),
    pagination: paginate(query.page, query.limit, total),
  };
}

/** Admins, or the entity's own users. */
export async function getEntity(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<{ entity: Entity }> {
  if (isUuid(id)) requireEntityInsider(user, id, ENTITIES_MESSAGES.notOwner);
  const row = await requireEntityByAddress(deps, id);
  requireEntityInsider(user, row.id, ENTITIES_MESSAGES.notOwner);
  const [entity] = await presentEntities(deps, [row]);
  return { entity: entity! };
}

type UpdateInput = z.output<typeof entityUpdateSchema>;

export async function updateEntity(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: UpdateInput,
): Promise<{ message: string; entity: Entity }> {
  if (isUuid(id)) requireEntityInsider(user, id, ENTITIES_MESSAGES.notOwner);
  const current = await requireEntity(deps, id);
  requireEntityInsider(user, current.id, ENTITIES_MESSAGES.notOwner);

  const protectedKeys = [
    'verification_status',
    'entity_type',
    'reputation_score',
    'total_reviews',
    'user_account_created',
  ] as const;
  if (protectedKeys.some((k) => input[k] !== undefined)) {
    throw forbidden(ENTITIES_MESSAGES.protectedFields);
  }

  const moderated: ModeratedFields = {
    name: input.name,
    website: input.website_url ?? input.website,
    email: input.email,
  };
  // Admins edit directly; an owner's name, website, email and sign-up URL wait for an admin (the
  // public page and 'Join' keep the approved values until then; docs/decisions/011). Owners reach
  // here only for an approved entity.
  const direct = user.role === 'admin';
  const changes: Partial<EntityRow> = {};
  let holdSignupUrl = false;
  if (direct && moderated.name !== undefined) changes.name = moderated.name;
  if (direct && moderated.website !== undefined) changes.website = moderated.website;
  if (direct && moderated.email !== undefined) changes.email = moderated.email;
  if (input.description !== undefined) changes.description = input.description;
  if (input.image_url !== undefined && input.image_url !== null) changes.imageUrl = input.image_url;
  if (input.additional_notes !== undefined) changes.additionalNotes = input.additional_notes;
  if (input.country !== undefined) changes.country = input.country;
  if (input.contact_info !== undefined) changes.contactInfo = input.contact_info;
  if (input.entity_metadata !== undefined) {
    const schema = METADATA_SCHEMAS[current.entityType as EntityType];
    const parsed = schema.safeParse(input.entity_metadata);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(`Invalid input: entity_metadata.${issue.path.join('.')}: ${issue.message}`, [
        { path: `entity_metadata.${issue.path.join('.')}`, message: issue.message },
      ]);
    }
    const metadata = parsed.data as Record<string, unknown>;
    if (!direct && 'signup_url' in metadata) {
      // A new sign-up URL waits; removing it (null) sends 'Join' nowhere and needs no admin.
      const asked = (metadata.signup_url as string | null) ?? null;
      moderated.signupUrl = asked;
      holdSignupUrl = asked !== null;
    }
    changes.entityMetadata = metadata;
  }
  const { row, waiting } = await deps.db.transaction(async (tx) => {
    const locked = await findEntity(tx, current.id, { forUpdate: true });
    if (!locked) throw notFound(ENTITIES_MESSAGES.notFound);
    // Rejected between the session's read and this lock: the owner's rights ended with it.
    if (!direct && locked.verificationStatus !== 'approved') {
      throw forbidden(ENTITIES_MESSAGES.notOwner);
    }
    if (changes.name !== undefined && locked.verificationStatus === 'approved') {
      await requireFreeApprovedName(tx, changes.name, locked.id);
    }
    if (holdSignupUrl) {
      changes.entityMetadata = { ...changes.entityMetadata, signup_url: approvedSignupUrl(locked) };
    }
    const waiting = direct ? null : await submitModeratedChange(tx, locked, user, moderated);
    const updated = Object.keys(changes).length
      ? await updateEntityRow(tx, locked.id, changes)
      : locked;
    return { row: updated ?? locked, waiting };
  });
  const [entity] = await presentEntities(deps, [row]);
  return {
    message: waiting ? ENTITIES_MESSAGES.updatedPendingReview : ENTITIES_MESSAGES.updated,
    entity: entity!,
  };
}

/** PUT /entities/:id/pending-change (admin): accept or reject the owner's waiting change. */
export async function reviewEntityChange(
  deps: Deps,
  admin: AuthUser,
  id: string,
  decision: EntityChangeDecision,
): Promise<{ message: string; entity: Entity }> {
  const row = await decideEntityChange(deps, admin, id, decision);
  const [entity] = await presentEntities(deps, [row]);
  return {
    message:
      decision === 'accept' ? ENTITIES_MESSAGES.changeAccepted : ENTITIES_MESSAGES.changeRejected,
    entity: entity!,
  };
}

/** Deleting an entity takes its role away from its users (their accounts stay). */
export async function deleteEntity(deps: Deps, id: string): Promise<{ message: string }> {
  const row = await requireEntity(deps, id);
  await deps.db.transaction(async (tx) => {
    await setLinkedUsersRole(tx, row.id, ENTITY_ROLES, 'user');
    await deleteEntityRow(tx, row.id);
  });
  return { message: ENTITIES_MESSAGES.deleted };
}

export async function setVerificationStatus(
  deps: Deps,
  id: string,
  next: VerificationStatus,
): Promise<{ message: string; entity: Entity }> {
  if (!isUuid(id)) throw notFound(ENTITIES_MESSAGES.notFound);
  let mailed = false;
  const row = await deps.db.transaction(async (tx) => {
    const entity = await findEntity(tx, id, { forUpdate: true });
    if (!entity) throw notFound(ENTITIES_MESSAGES.notFound);
    const from = entity.verificationStatus as VerificationStatus;
    if (from === next) throw conflict(ENTITIES_MESSAGES.alreadyInStatus(next));
    if (!TRANSITIONS[from].includes(next)) {
      throw conflict(ENTITIES_MESSAGES.badTransition(from, next));
    }
    if (next === 'approved') await requireFreeApprovedName(tx, entity.name, entity.id);
    const role = entity.entityType as EntityType;
    let accountCreated = entity.userAccountCreated;
    const accountMailed: string[] = [];
    if (next === 'approved') {
      if (entity.email && entity.source === 'registration' && !entity.userAccountCreated) {
        accountMailed.push(await provideAccount(deps, tx, entity));
        accountCreated = true;
        mailed = true;
      } else {
        await setLinkedUsersRole(tx, entity.id, ['user'], role);
      }
    } else if (next === 'rejected') {
      await setLinkedUsersRole(tx, entity.id, [role], 'user');
    }
    const updated = await updateEntityRow(tx, entity.id, {
      verificationStatus: next,
      userAccountCreated: accountCreated,
    });
    // Its accounts and whoever submitted it learn the decision (docs/decisions/014); an account just given
    // its login by mail gets no second mail about it.
    if (next === 'approved' || next === 'rejected') {
      await notify(tx, deps, {
        type: 'entity_decision',
        to: { entityId: entity.id, userIds: [entity.submittedByUserId] },
        title: `${entity.name} was ${next} on TrustLinks`,
        body:
          next === 'approved'
            ? `${entity.name} is approved: it can now publish and apply to offers, post requests and bid.`
            : `${entity.name} was not approved. Contact us if you think this is a mistake.`,
        link: next === 'approved' ? dashboardPath(role) : null,
        alreadyMailed: accountMailed,
      });
      mailed = true;
    }
    return updated;
  });
  if (mailed) deps.wakeMailer();
  const [entity] = await presentEntities(deps, [row!]);
  return {
    message: next === 'approved' ? ENTITIES_MESSAGES.approved : ENTITIES_MESSAGES.rejected,
    entity: entity!,
  };
}
