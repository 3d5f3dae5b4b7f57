import { randomBytes } from 'node:crypto';
import {
  METADATA_SCHEMAS,
  type EntityRegistration,
  type Entity,
  type PublicEntity,
} from '@trustlinks/contract/entities';
import type { EntityType, VerificationStatus } from '@trustlinks/contract/constants';
import type { z } from 'zod';
import type { entityUpdateSchema } from '@trustlinks/contract/entities';
import { hashPassword } from '../../auth/passwords';
import { requireEntityOwner } from '../../auth/guards';
import type { AuthUser } from '../../auth/sessions.service';
import type { EntityRow } from '../../db/schema';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { paginate } from '../../lib/pagination';
import { enqueueMail } from '../../mail/outbox.repository';
import { entityAccountCreatedMail, entityLinkedMail } from '../../mail/templates';
import { findUserByEmail, insertUser, updateUser } from '../users/users.repository';
import { ENTITIES_MESSAGES, TEMPORARY_PASSWORD_DAYS } from './entities.messages';
import { toEntity, toPublicEntity } from './entities.presenter';
import {
  countActiveOffers,
  deleteEntityRow,
  findEntity,
  insertEntity,
  listApprovedEntities,
  pageEntities,
  setLinkedUsersRole,
  updateEntityRow,
} from './entities.repository';

const ENTITY_ROLES: EntityType[] = ['advertiser', 'affiliate', 'network'];

/** SPEC §4: pending → approved | rejected; approved → rejected; rejected → approved. */
const TRANSITIONS: Record<VerificationStatus, VerificationStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

async function withOfferCounts<T>(
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

async function loadEntity(deps: Deps, id: string): Promise<EntityRow> {
  const row = isUuid(id) ? await findEntity(deps.db, id) : undefined;
  if (!row) throw notFound(ENTITIES_MESSAGES.notFound);
  return row;
}

/** Anyone may register a company; it waits for an admin as `pending`. */
export async function registerEntity(
  deps: Deps,
  input: EntityRegistration,
  submittedBy: AuthUser | null,
): Promise<{ message: string; entity: PublicEntity }> {
  const row = await insertEntity(deps.db, {
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
  if (!row) throw conflict(ENTITIES_MESSAGES.duplicatePending);
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
  const row = await loadEntity(deps, id);
  if (row.verificationStatus !== 'approved') throw notFound(ENTITIES_MESSAGES.notFound);
  const [entity] = await withOfferCounts(deps, [row], toPublicEntity);
  return { entity: entity! };
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
    entities: await withOfferCounts(deps, rows, toEntity),
    pagination: paginate(query.page, query.limit, total),
  };
}

/** Admins, or the entity's own users. */
export async function getEntity(
  deps: Deps,
  user: AuthUser,
  id: string,
): Promise<{ entity: Entity }> {
  if (isUuid(id)) requireEntityOwner(user, id, ENTITIES_MESSAGES.notOwner);
  const row = await loadEntity(deps, id);
  requireEntityOwner(user, row.id, ENTITIES_MESSAGES.notOwner);
  const [entity] = await withOfferCounts(deps, [row], toEntity);
  return { entity: entity! };
}

type UpdateInput = z.output<typeof entityUpdateSchema>;

export async function updateEntity(
  deps: Deps,
  user: AuthUser,
  id: string,
  input: UpdateInput,
): Promise<{ message: string; entity: Entity }> {
  if (isUuid(id)) requireEntityOwner(user, id, ENTITIES_MESSAGES.notOwner);
  const current = await loadEntity(deps, id);
  requireEntityOwner(user, current.id, ENTITIES_MESSAGES.notOwner);

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

  const changes: Partial<EntityRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  const website = input.website_url ?? input.website;
  if (website !== undefined) changes.website = website;
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
    changes.entityMetadata = parsed.data as Record<string, unknown>;
  }
  const row = Object.keys(changes).length
    ? await updateEntityRow(deps.db, current.id, changes)
    : current;
  const [entity] = await withOfferCounts(deps, [row ?? current], toEntity);
  return { message: ENTITIES_MESSAGES.updated, entity: entity! };
}

/** Deleting an entity takes its role away from its users (their accounts stay). */
export async function deleteEntity(deps: Deps, id: string): Promise<{ message: string }> {
  const row = await loadEntity(deps, id);
  await deps.db.transaction(async (tx) => {
    await setLinkedUsersRole(tx, row.id, ENTITY_ROLES, 'user');
    await deleteEntityRow(tx, row.id);
  });
  return { message: ENTITIES_MESSAGES.deleted };
}

function temporaryPassword(): string {
  // 12 characters from a 64-symbol alphabet: 72 random bits, typed once.
  return randomBytes(9).toString('base64url');
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
}

/**
 * The first approval of a registered entity gives it an account: a new one with a one-time
 * password, or the existing account with that email, linked. Runs inside the approval's
 * transaction, so the status, the account and the mail commit together or not at all.
 */
async function provideAccount(deps: Deps, tx: Tx, entity: EntityRow): Promise<void> {
  const email = entity.email!;
  const role = entity.entityType as EntityType;
  const loginUrl = `${deps.config.APP_URL}/login`;
  const existing = await findUserByEmail(tx, email);
  if (existing) {
    if (existing.entityId && existing.entityId !== entity.id) {
      throw conflict(ENTITIES_MESSAGES.emailBelongsToOtherEntity(email));
    }
    await updateUser(tx, existing.id, {
      entityId: entity.id,
      ...(existing.role === 'admin' ? {} : { role }),
    });
    await enqueueMail(
      tx,
      { to: email, recipientUserId: existing.id },
      entityLinkedMail({ firstName: existing.firstName, entityName: entity.name, role, loginUrl }),
    );
    return;
  }
  const password = temporaryPassword();
  const { firstName, lastName } = splitName(entity.name);
  const created = await insertUser(tx, {
    email,
    passwordHash: await hashPassword(password),
    firstName,
    lastName,
    role,
    entityId: entity.id,
    emailVerifiedAt: new Date(),
    passwordResetRequired: true,
    temporaryPasswordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * 86_400_000),
  });
  if (!created) throw conflict(ENTITIES_MESSAGES.emailBelongsToOtherEntity(email));
  await enqueueMail(
    tx,
    { to: email, recipientUserId: created.id },
    entityAccountCreatedMail({
      entityName: entity.name,
      email,
      temporaryPassword: password,
      loginUrl,
      expiresInDays: TEMPORARY_PASSWORD_DAYS,
    }),
  );
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
    const role = entity.entityType as EntityType;
    let accountCreated = entity.userAccountCreated;
    if (next === 'approved') {
      if (entity.email && entity.source === 'registration' && !entity.userAccountCreated) {
        await provideAccount(deps, tx, entity);
        accountCreated = true;
        mailed = true;
      } else {
        await setLinkedUsersRole(tx, entity.id, ['user'], role);
      }
    } else if (next === 'rejected') {
      await setLinkedUsersRole(tx, entity.id, [role], 'user');
    }
    return updateEntityRow(tx, entity.id, {
      verificationStatus: next,
      userAccountCreated: accountCreated,
    });
  });
  if (mailed) deps.wakeMailer();
  const [entity] = await withOfferCounts(deps, [row!], toEntity);
  return {
    message: next === 'approved' ? ENTITIES_MESSAGES.approved : ENTITIES_MESSAGES.rejected,
    entity: entity!,
  };
}
