import {
  IDENTITY_CODE,
  type IdentityState,
  type VerificationStatus,
} from '@trustlinks/contract/identity';
import { actingEntityId, type EntityFacts } from '../../auth/policies';

/** What the rule needs of a user: the identity flag and the entity facts (auth/policies.ts). */
export interface IdentityFacts extends EntityFacts {
  identityVerified: boolean;
}

/**
 * THE rule of verified access to company contacts (docs/product/states.md "Contacts access", docs/product/roles.md): the user
 * verified their identity, or acts for an entity, which is the one entity rule of
 * auth/policies.ts (an entity_id whose entity is approved; rejection or deletion takes it away,
 * whatever the role column says). Every gate and every status answer uses this.
 */
export function hasVerifiedAccess(user: IdentityFacts): boolean {
  return user.identityVerified || actingEntityId(user) !== null;
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
function identityState(
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
    entity_id: actingEntityId(user),
    state,
    claim_value: claimValue,
  };
}
