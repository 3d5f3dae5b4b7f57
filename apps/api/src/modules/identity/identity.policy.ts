import type { Role } from '@trustlinks/contract/constants';
import type { VerificationStatus } from '@trustlinks/contract/identity';

/** The roles an approved entity grants; rejecting the entity takes the role back ('user'). */
const ENTITY_ROLES: readonly Role[] = ['advertiser', 'affiliate', 'network'];

export interface IdentityFacts {
  identityVerified: boolean;
  entityId: string | null;
  role: Role | string;
}

/** The entity id, while that entity still grants its role; else null. */
export function grantingEntityId(user: IdentityFacts): string | null {
  return user.entityId && ENTITY_ROLES.includes(user.role as Role) ? user.entityId : null;
}

/**
 * THE rule of verified access to company contacts (SPEC §4 "Contacts access", §6): the user
 * verified their identity, or speaks for an entity that is still approved (an entity_id together
 * with the advertiser, affiliate or network role). Every gate and every status answer uses this.
 */
export function hasVerifiedAccess(user: IdentityFacts): boolean {
  return user.identityVerified || grantingEntityId(user) !== null;
}

/** The status answer; the client's rule (identity_verified or entity_id) then agrees with ours. */
export function toVerificationStatus(user: IdentityFacts): VerificationStatus {
  return { identity_verified: user.identityVerified, entity_id: grantingEntityId(user) };
}
