import type { EntityChangeDecision } from '@trustlinks/contract/entities';
import { requireWithinRate } from '../../auth/policies';
import { clientKey } from '../../lib/client-key';
import type { AuthUser } from '../../auth/sessions.service';
import type { DbOrTx, Tx } from '../../db/client';
import type { EntityChangeRow, EntityRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { ENTITIES_MESSAGES } from './entities.messages';
import { findEntity, updateEntityRow } from './entities.repository';
import {
  decidePendingChange,
  dropPendingChange,
  findOtherApprovedByName,
  findPendingChange,
  lockApprovedName,
  pendingChangesOf,
  savePendingChange,
} from './entity-moderation.repository';
import { DAY_MS, HOUR_MS } from '../../lib/time';

/** Registrations with one company email per day, whatever the client address. */
export const ENTITY_REGISTRATIONS_PER_EMAIL_PER_DAY = 5;

/**
 * Every new company waits in the admins' queue, whether registered (POST /entities/register) or
 * first named in a review (POST /reviews): one set of counters for both (docs/decisions/011).
 * Limited per client (clientKey) per hour and per signed-in account per hour
 * (ENTITY_REGISTRATION_LIMIT_PER_HOUR each), and per company email per day when the company has
 * one. Every attempt that reaches here counts, refused duplicates included; inside a transaction
 * (`db` = its tx) the hits commit with what they counted.
 */
export async function limitEntityRegistrations(
  deps: Deps,
  db: DbOrTx,
  by: { clientAddress: string; userId?: string | null; email?: string | null },
): Promise<void> {
  const hourly = { max: deps.config.ENTITY_REGISTRATION_LIMIT_PER_HOUR, windowMs: HOUR_MS };
  await requireWithinRate(
    db,
    `entity-register:ip:${clientKey(by.clientAddress)}`,
    hourly,
    ENTITIES_MESSAGES.registrationLimitAddress,
  );
  if (by.userId) {
    await requireWithinRate(
      db,
      `entity-register:account:${by.userId}`,
      hourly,
      ENTITIES_MESSAGES.registrationLimitAccount,
    );
  }
  if (by.email) {
    await requireWithinRate(
      db,
      `entity-register:email:${by.email}`,
      { max: ENTITY_REGISTRATIONS_PER_EMAIL_PER_DAY, windowMs: DAY_MS },
      ENTITIES_MESSAGES.registrationLimitEmail,
    );
  }
}

/**
 * Every path that leaves an entity approved under `name` calls this inside its transaction, and
 * so does a registration (entityId null): 409 naming the approved entity whose name looks the
 * same (the same normal form, entityNameKey: case, confusable letters, accents, punctuation and
 * whitespace aside; docs/decisions/011). The normal form's lock is held until commit, so two such
 * paths cannot both pass; entities_approved_name_key backs the exact (case-insensitive) name.
 */
export async function requireFreeApprovedName(
  tx: Tx,
  name: string,
  entityId: string | null,
): Promise<void> {
  await lockApprovedName(tx, name);
  const other = await findOtherApprovedByName(tx, name, entityId);
  if (other) throw conflict(ENTITIES_MESSAGES.nameTaken(other.name));
}

/**
 * The fields of an approved entity that change only when an admin accepts (SPEC-less: ours;
 * docs/decisions/011): its name, website, email, and the sign-up URL 'Join' redirects visitors to
 * (entity_metadata.signup_url; null asks to remove it, which needs no admin).
 */
export interface ModeratedFields {
  name?: string | undefined;
  website?: string | undefined;
  email?: string | undefined;
  signupUrl?: string | null | undefined;
}

/** A field asked again with its approved value is taken back; one not asked keeps what waits. */
function nextValue(
  asked: string | null | undefined,
  approved: string | null,
  waiting: string | null,
): string | null {
  if (asked === undefined) return waiting;
  return asked === approved ? null : asked;
}

/** The sign-up URL an entity's approved metadata holds (what 'Join' redirects to), or null. */
export function approvedSignupUrl(entity: EntityRow): string | null {
  const value = entity.entityMetadata?.signup_url;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * An owner's edit of name, website, email or sign-up URL: held as the entity's one waiting change (merged
 * with what already waits) for an admin; the entity row keeps its approved values. Returns the
 * waiting change, or null when nothing is left to decide. A new name already taken by another
 * approved entity is refused at once (and checked again when accepted).
 */
export async function submitModeratedChange(
  tx: Tx,
  entity: EntityRow,
  user: AuthUser,
  asked: ModeratedFields,
): Promise<EntityChangeRow | null> {
  const waiting = await findPendingChange(tx, entity.id, { forUpdate: true });
  const next = {
    name: nextValue(asked.name, entity.name, waiting?.name ?? null),
    website: nextValue(asked.website, entity.website, waiting?.website ?? null),
    email: nextValue(asked.email, entity.email, waiting?.email ?? null),
    signupUrl: nextValue(asked.signupUrl, approvedSignupUrl(entity), waiting?.signupUrl ?? null),
  };
  if (asked.name !== undefined && next.name !== null) {
    const other = await findOtherApprovedByName(tx, next.name, entity.id);
    if (other) throw conflict(ENTITIES_MESSAGES.nameTaken(other.name));
  }
  if (
    next.name === null &&
    next.website === null &&
    next.email === null &&
    next.signupUrl === null
  ) {
    if (waiting) await dropPendingChange(tx, waiting.id);
    return null;
  }
  return savePendingChange(tx, { entityId: entity.id, requestedByUserId: user.id, ...next });
}

/**
 * An admin accepts (the entity takes the new values; a name must still be free) or rejects
 * (the approved values stay) the entity's waiting change. Returns the entity as it now is.
 */
export async function decideEntityChange(
  deps: Deps,
  admin: AuthUser,
  entityId: string,
  decision: EntityChangeDecision,
): Promise<EntityRow> {
  if (!isUuid(entityId)) throw notFound(ENTITIES_MESSAGES.notFound);
  return deps.db.transaction(async (tx) => {
    const entity = await findEntity(tx, entityId, { forUpdate: true });
    if (!entity) throw notFound(ENTITIES_MESSAGES.notFound);
    const change = await findPendingChange(tx, entity.id, { forUpdate: true });
    if (!change) throw conflict(ENTITIES_MESSAGES.noPendingChange);
    if (decision === 'reject') {
      await decidePendingChange(tx, change.id, 'rejected', admin.id);
      return entity;
    }
    if (change.name !== null && entity.verificationStatus === 'approved') {
      await requireFreeApprovedName(tx, change.name, entity.id);
    }
    const row = await updateEntityRow(tx, entity.id, {
      ...(change.name !== null ? { name: change.name } : {}),
      ...(change.website !== null ? { website: change.website } : {}),
      ...(change.email !== null ? { email: change.email } : {}),
      ...(change.signupUrl !== null
        ? { entityMetadata: { ...entity.entityMetadata, signup_url: change.signupUrl } }
        : {}),
    });
    await decidePendingChange(tx, change.id, 'accepted', admin.id);
    return row!;
  });
}

/** The waiting change of each entity, for presenting a page of them. */
export function pendingChangesFor(
  db: DbOrTx,
  rows: EntityRow[],
): Promise<Map<string, EntityChangeRow>> {
  return pendingChangesOf(
    db,
    rows.map((r) => r.id),
  );
}
