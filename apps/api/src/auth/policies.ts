import type { Role, VerificationStatus } from '@trustlinks/contract/constants';
import type { DbOrTx } from '../db/client';
import { forbidden, notFound, tooManyRequests } from '../errors';
import { hitCounter } from '../lib/counters.repository';
import { isUuid } from '../lib/ids';

/**
 * The API's one policy module: who acts for which entity, who is an insider of an entity, how a
 * missing row becomes a 404, how a counted limit becomes a 429. Services call these; none of
 * them writes its own copy of a rule below (apps/api/README.md, "The policy module").
 */

// ── Entity rights ──────────────────────────────────────────────────────────────────────────────

/**
 * THE rule of entity rights: a user's `entity_id` grants something (offers, requests, bids,
 * dashboards, replies to reviews, entity edits, insider views) only while that entity is
 * approved. Rejection or deletion takes every right away at once, whatever the user's role
 * column says. The entity's status is read with the session (sessions.repository), so it is
 * never older than the request. Every check of "does this user speak for that entity" calls
 * one of these functions; nothing else reads `entityId` to grant access.
 */

export interface EntityFacts {
  entityId: string | null;
  /** Status of the linked entity, read with the session; null without one. */
  entityStatus: VerificationStatus | null;
}

/** The entity the user acts for: its id while it is approved, else null. */
export function actingEntityId(user: EntityFacts | null | undefined): string | null {
  if (!user?.entityId || user.entityStatus !== 'approved') return null;
  return user.entityId;
}

/** True when the user acts for this (approved) entity. */
export function speaksForEntity(user: EntityFacts | null | undefined, entityId: string): boolean {
  const acting = actingEntityId(user);
  return acting !== null && acting === entityId;
}

/**
 * The id of the caller's approved entity, or a 403: `noEntity` when the account speaks for none
 * (never had one, or it was deleted), `notApproved` when its entity is pending or rejected.
 */
export function requireApprovedEntity(
  user: EntityFacts,
  messages: { noEntity: string; notApproved: string },
): string {
  if (!user.entityId) throw forbidden(messages.noEntity);
  const acting = actingEntityId(user);
  if (!acting) throw forbidden(messages.notApproved);
  return acting;
}

/**
 * The user's account is linked to the entity, whatever the entity's status: a conflict of
 * interest (reviewing or voting on one's own entity), not a right.
 */
export function isLinkedToEntity(user: EntityFacts, entityId: string): boolean {
  return user.entityId !== null && user.entityId === entityId;
}

/** What the insider rule needs of the caller: the entity facts and the role (admins are in). */
export interface InsiderFacts extends EntityFacts {
  role: Role;
}

/**
 * An insider of the entity: an admin, or a user who acts for it while it is approved. Insiders see
 * an entity's private side (its paused offers, dashboards, tracking links); ownership comes from
 * the session's user row, never from the request.
 */
export function isEntityInsider(user: InsiderFacts | null | undefined, entityId: string): boolean {
  if (!user) return false;
  return user.role === 'admin' || speaksForEntity(user, entityId);
}

/** As isEntityInsider, or a 403 with the feature's message. */
export function requireEntityInsider(user: InsiderFacts, entityId: string, message?: string): void {
  if (!isEntityInsider(user, entityId)) throw forbidden(message);
}

/**
 * Who sees an entity's reviews and trust figures: everyone while it is approved; its insiders
 * (admins, its own users) in any status. To the others it does not exist (404).
 */
export function canSeeEntity(
  viewer: InsiderFacts | null | undefined,
  entity: { id: string; verificationStatus: string },
): boolean {
  return entity.verificationStatus === 'approved' || isEntityInsider(viewer, entity.id);
}

// ── Rows that must exist ───────────────────────────────────────────────────────────────────────

/** The row, or a 404 with the feature's message. */
export function requireFound<T>(row: T | null | undefined, message: string): T {
  if (row === undefined || row === null) throw notFound(message);
  return row;
}

/**
 * The row with this id, or a 404. Ids are UUIDs: anything else names no row and never reaches
 * the query (nor a uuid cast in SQL).
 */
export async function requireFoundById<T>(
  id: string,
  find: (id: string) => Promise<T | null | undefined>,
  message: string,
): Promise<T> {
  return requireFound(isUuid(id) ? await find(id) : undefined, message);
}

// ── Counted limits ─────────────────────────────────────────────────────────────────────────────

/**
 * Counts one more use of `key` in the current fixed window of `windowMs`, and refuses with a 429
 * and the feature's message once the count passes `limit` (the refused attempt is counted too,
 * so hammering does not reopen the window). Returns the new count.
 */
export async function requireWithinRate(
  db: DbOrTx,
  key: string,
  limit: { max: number; windowMs: number },
  message: string,
): Promise<number> {
  const used = await hitCounter(db, key, limit.windowMs);
  if (used > limit.max) throw tooManyRequests(message);
  return used;
}
