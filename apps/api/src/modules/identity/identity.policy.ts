import type { Role } from '@trustlinks/contract/constants';
import {
  IDENTITY_CODE,
  type IdentityState,
  type VerificationStatus,
} from '@trustlinks/contract/identity';

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
 * THE rule of verified access to company contacts (docs/product/states.md "Contacts access", docs/product/roles.md): the user
 * verified their identity, or speaks for an entity that is still approved (an entity_id together
 * with the advertiser, affiliate or network role). Every gate and every status answer uses this.
 */
export function hasVerifiedAccess(user: IdentityFacts): boolean {
  return user.identityVerified || grantingEntityId(user) !== null;
}

/** What the status needs of the user's open identity claim. */
export interface OpenClaimFacts {
  status: string;
  value: string;
  codeExpiresAt: Date | null;
  failedAttempts: number;
}

/** A mailed code that can still be confirmed: not expired, tries left. */
export function codeIsLive(claim: OpenClaimFacts, now = new Date()): boolean {
  return (
    claim.status === 'code_sent' &&
    claim.codeExpiresAt !== null &&
    claim.codeExpiresAt > now &&
    claim.failedAttempts < IDENTITY_CODE.maxAttempts
  );
}

/**
 * Where the identity verification stands: verified (identity_verified), a live code waiting,
 * a LinkedIn profile under review, or none (an expired or used-up code counts as none).
 */
export function identityState(
  user: IdentityFacts,
  claim: OpenClaimFacts | null | undefined,
  now = new Date(),
): { state: IdentityState; claimValue: string | null } {
  if (user.identityVerified) return { state: 'verified', claimValue: null };
  if (claim?.status === 'pending_review')
    return { state: 'pending_review', claimValue: claim.value };
  if (claim && codeIsLive(claim, now)) return { state: 'code_sent', claimValue: claim.value };
  return { state: 'none', claimValue: null };
}

/** The status answer; the client's rule (identity_verified or entity_id) then agrees with ours. */
export function toVerificationStatus(
  user: IdentityFacts,
  claim?: OpenClaimFacts | null,
): VerificationStatus {
  const { state, claimValue } = identityState(user, claim);
  return {
    identity_verified: user.identityVerified,
    entity_id: grantingEntityId(user),
    state,
    claim_value: claimValue,
  };
}
