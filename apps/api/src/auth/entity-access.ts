import type { VerificationStatus } from '@trustlinks/contract/constants';
import { forbidden } from '../errors';

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
