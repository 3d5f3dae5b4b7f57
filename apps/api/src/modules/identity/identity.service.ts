import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import {
  checkIdentityInput,
  IDENTITY_CLAIM_MESSAGES,
  IDENTITY_CODE,
  IDENTITY_MESSAGES,
  type AdminIdentity,
  type confirmIdentityBodySchema,
  type decideIdentityClaimBodySchema,
  type DecideIdentityClaimResponse,
  type IdentityClaim,
  type IdentityClaimsResponse,
  type identityClaimsQuerySchema,
  type IdentityClaimStatus,
  type VerificationMethod,
  type VerificationStatusResponse,
  type VerifyIdentityResponse,
  type verifyIdentityBodySchema,
} from '@trustlinks/contract/identity';
import { actingEntityId, requireFoundById, requireWithinRate } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import type { Tx } from '../../db/client';
import type { IdentityClaimRow } from '../../db/schema';
import type { HttpError } from '../../errors';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { lockKey } from '../../lib/counters.repository';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { paginate } from '../../lib/pagination';
import { enqueueMail } from '../../mail/outbox.repository';
import { notify } from '../notifications/notifications.service';
import {
  identityClaimRejectedMail,
  identityCodeMail,
  identityVerifiedMail,
} from '../../mail/templates';
import { IDENTITY_SERVER_MESSAGES } from './identity.messages';
import { businessEmailForm, identityOf, mailProviderRefusal } from './identity.normal-form';
import { codeIsLive, hasVerifiedAccess, toVerificationStatus } from './identity.policy';
import {
  clearIdentityVerification,
  countClaims,
  findClaimForUpdate,
  findClaimListRow,
  findIdentity,
  findIdentityHolder,
  findOpenClaim,
  insertClaim,
  listClaims,
  markIdentityVerified,
  updateClaim,
  withdrawOpenClaim,
  type ClaimListRow,
  type IdentityRow,
} from './identity.repository';
import { HOUR_MS, MINUTE_MS } from '../../lib/time';

/** Verification attempts per user and hour (each one is checked and may send a mail). */
export const VERIFY_ATTEMPTS_PER_HOUR = 10;
/** Code mails per business address and hour, whoever asks (a mailbox is not a spam target). */
export const CODE_MAILS_PER_ADDRESS_PER_HOUR = 5;

type VerifyIdentityInput = z.output<typeof verifyIdentityBodySchema>;
type ConfirmIdentityInput = z.output<typeof confirmIdentityBodySchema>;
type ClaimsQuery = z.output<typeof identityClaimsQuerySchema>;
type DecideClaimInput = z.output<typeof decideIdentityClaimBodySchema>;

function requireIdentity(deps: Deps, userId: string): Promise<IdentityRow> {
  return requireFoundById(
    userId,
    (id) => findIdentity(deps.db, id),
    IDENTITY_SERVER_MESSAGES.userNotFound,
  );
}

/** The status answer of a user, with their open claim (read fresh). */
async function statusOf(deps: Deps, userId: string) {
  const row = await requireIdentity(deps, userId);
  return toVerificationStatus(row, await findOpenClaim(deps.db, userId));
}

export async function getVerificationStatus(
  deps: Deps,
  user: AuthUser,
): Promise<VerificationStatusResponse> {
  return { data: await statusOf(deps, user.id) };
}

/** A code is stored only as the SHA-256 of its claim id and itself (salted per claim). */
function hashCode(claimId: string, code: string): string {
  return createHash('sha256').update(`${claimId}:${code}`).digest('hex');
}

function codeMatches(claim: IdentityClaimRow, code: string): boolean {
  if (!claim.codeHash) return false;
  const given = Buffer.from(hashCode(claim.id, code), 'hex');
  const stored = Buffer.from(claim.codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const databaseUrl = (deps: Deps) => `${deps.config.APP_URL}/affliate-industry`;

/** Serialises a user's new attempts (one open claim per user, even under parallel requests). */
const lockUserClaims = (tx: Tx, userId: string) => lockKey(tx, `identity-claims:${userId}`);

/** Serialises everything that gives a method and value to an account (one value, one account). */
const lockIdentityValue = (tx: Tx, method: VerificationMethod, value: string) =>
  lockKey(tx, `identity-value:${method}:${value}`);

/**
 * A business address verifies only on a provider that does not hand mailboxes to anyone (free)
 * or for a few minutes (disposable), at a domain that is not a sub-domain handed to anyone
 * (shared: x.duckdns.org, docs/decisions/023), and only with a local part left in its normal form.
 */
function requireBusinessMailbox(address: string): void {
  const form = businessEmailForm(address);
  if (!form) throw badRequest(IDENTITY_MESSAGES.businessEmailInvalid);
  const refusal = mailProviderRefusal(address.slice(address.lastIndexOf('@') + 1));
  if (refusal === 'free') throw badRequest(IDENTITY_MESSAGES.freeEmailProvider);
  if (refusal === 'disposable') throw badRequest(IDENTITY_SERVER_MESSAGES.disposableEmailProvider);
  if (refusal === 'shared') throw badRequest(IDENTITY_SERVER_MESSAGES.sharedDomain);
}

/**
 * Starts an identity verification (docs/product/companies.md, docs/product/api.md#users; docs/decisions/013): nothing is verified
 * by this request. A business email gets a 6-digit code by mail (confirmed by
 * confirmIdentity); a LinkedIn profile goes to the admins' review queue. Either replaces the
 * caller's open attempt.
 */
export async function verifyIdentity(
  deps: Deps,
  user: AuthUser,
  input: VerifyIdentityInput,
): Promise<VerifyIdentityResponse> {
  await requireWithinRate(
    deps.db,
    `verify-identity:${user.id}`,
    { max: VERIFY_ATTEMPTS_PER_HOUR, windowMs: HOUR_MS },
    IDENTITY_SERVER_MESSAGES.tooManyAttempts,
  );
  const check = checkIdentityInput(input);
  if (!check.ok) throw badRequest(check.message);
  if (input.verification_method === 'business_email') requireBusinessMailbox(check.value);

  const current = await requireIdentity(deps, user.id);
  if (current.identityVerified) {
    return { message: IDENTITY_MESSAGES.alreadyVerified, data: await statusOf(deps, user.id) };
  }
  const method: VerificationMethod = input.verification_method;
  const value = check.value;

  if (method === 'linkedin') {
    const open = await findOpenClaim(deps.db, user.id);
    if (open?.status === 'pending_review' && open.value === value) {
      // The same profile again: it keeps its place in the queue.
      return { message: IDENTITY_MESSAGES.linkedinPending, data: await statusOf(deps, user.id) };
    }
    await deps.db.transaction(async (tx) => {
      await lockUserClaims(tx, user.id);
      await withdrawOpenClaim(tx, user.id);
      await insertClaim(tx, { userId: user.id, method, value, status: 'pending_review' });
    });
    return { message: IDENTITY_MESSAGES.linkedinSubmitted, data: await statusOf(deps, user.id) };
  }

  await requireWithinRate(
    deps.db,
    // Per mailbox, not per spelling: ceo+1@ and c.e.o@ are one mailbox (docs/decisions/023).
    `identity-code-mail:${identityOf(method, value).key}`,
    { max: CODE_MAILS_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS },
    IDENTITY_SERVER_MESSAGES.tooManyCodesToAddress,
  );
  const code = String(randomInt(0, 10 ** IDENTITY_CODE.length)).padStart(IDENTITY_CODE.length, '0');
  const claimId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await lockUserClaims(tx, user.id);
    await withdrawOpenClaim(tx, user.id);
    await insertClaim(tx, {
      id: claimId,
      userId: user.id,
      method,
      value,
      status: 'code_sent',
      codeHash: hashCode(claimId, code),
      codeExpiresAt: new Date(Date.now() + IDENTITY_CODE.ttlMinutes * MINUTE_MS),
    });
    await enqueueMail(
      tx,
      { to: value, recipientUserId: user.id, secret: true },
      identityCodeMail({ code, expiresInMinutes: IDENTITY_CODE.ttlMinutes }),
    );
  });
  deps.wakeMailer();
  return { message: IDENTITY_MESSAGES.codeSent(value), data: await statusOf(deps, user.id) };
}

/**
 * Gives the user the verified identity of a claim (in the claim's transaction): closes the claim
 * as approved and mails the user. A value that already verifies another account changes nothing
 * and comes back as the 409 to answer.
 */
async function grantIdentity(
  deps: Deps,
  tx: Tx,
  claim: IdentityClaimRow,
  decision: { decidedBy?: string; note?: string | null } = {},
): Promise<HttpError | null> {
  const method = claim.method as VerificationMethod;
  const identity = identityOf(method, claim.value);
  await lockIdentityValue(tx, method, identity.key);
  if (await findIdentityHolder(tx, method, identity.key, claim.userId)) {
    return conflict(
      method === 'linkedin'
        ? IDENTITY_SERVER_MESSAGES.linkedinTaken
        : IDENTITY_SERVER_MESSAGES.businessEmailTaken,
    );
  }
  await updateClaim(tx, claim.id, {
    status: 'approved',
    decidedBy: decision.decidedBy ?? null,
    decisionNote: decision.note ?? null,
    decidedAt: new Date(),
  });
  const row = await markIdentityVerified(tx, claim.userId, method, identity);
  if (!row) return null; // verified meanwhile by another way: nothing more to say
  // Behind the bell too, and mailed unless the user turned these mails off (docs/decisions/014).
  await notify(tx, deps, {
    type: 'identity_decision',
    to: { userIds: [row.id] },
    actorUserId: decision.decidedBy ?? null,
    title: 'Your identity is verified',
    body: `Your identity is verified through ${method === 'linkedin' ? 'your LinkedIn profile' : 'your business email address'}: you have full access to company contacts.${decision.note ? ` Note: "${decision.note}"` : ''}`,
    link: '/affliate-industry',
    mail: (_recipient, unsubscribe) =>
      identityVerifiedMail({
        firstName: row.firstName,
        method,
        databaseUrl: databaseUrl(deps),
        note: decision.note ?? null,
        unsubscribe,
      }),
  });
  return null;
}

/**
 * POST /users/verify-identity/confirm: the code mailed to the business address. Single-use,
 * IDENTITY_CODE.ttlMinutes long, IDENTITY_CODE.maxAttempts wrong tries and then a new code is
 * needed. Only the caller's own open code counts; a wrong try is counted even though the
 * answer is an error (the count commits before the error is thrown).
 */
export async function confirmIdentity(
  deps: Deps,
  user: AuthUser,
  input: ConfirmIdentityInput,
): Promise<VerifyIdentityResponse> {
  const current = await requireIdentity(deps, user.id);
  if (current.identityVerified) {
    return { message: IDENTITY_MESSAGES.alreadyVerified, data: await statusOf(deps, user.id) };
  }
  const refusal = await deps.db.transaction(async (tx): Promise<HttpError | null> => {
    const claim = await findOpenClaim(tx, user.id, { forUpdate: true });
    if (!claim || claim.status !== 'code_sent') {
      return badRequest(IDENTITY_SERVER_MESSAGES.noCodePending);
    }
    if (!codeIsLive(claim)) {
      await updateClaim(tx, claim.id, { status: 'failed' });
      return badRequest(
        claim.failedAttempts >= IDENTITY_CODE.maxAttempts
          ? IDENTITY_SERVER_MESSAGES.codeUsedUp
          : IDENTITY_SERVER_MESSAGES.codeExpired,
      );
    }
    if (!codeMatches(claim, input.code)) {
      const failedAttempts = claim.failedAttempts + 1;
      const usedUp = failedAttempts >= IDENTITY_CODE.maxAttempts;
      await updateClaim(tx, claim.id, { failedAttempts, ...(usedUp ? { status: 'failed' } : {}) });
      return badRequest(
        usedUp
          ? IDENTITY_SERVER_MESSAGES.codeUsedUp
          : IDENTITY_SERVER_MESSAGES.codeWrong(IDENTITY_CODE.maxAttempts - failedAttempts),
      );
    }
    const taken = await grantIdentity(deps, tx, claim);
    // The address verifies another account: this code is spent all the same.
    if (taken) await updateClaim(tx, claim.id, { status: 'failed' });
    return taken;
  });
  if (refusal) throw refusal;
  deps.wakeMailer();
  return { message: IDENTITY_MESSAGES.verified, data: await statusOf(deps, user.id) };
}

function toAdminIdentity(row: IdentityRow): AdminIdentity {
  return {
    user_id: row.id,
    identity_verified: row.identityVerified,
    identity_method: (row.identityMethod as VerificationMethod | null) ?? null,
    identity_value: row.identityValue,
    identity_verified_at: row.identityVerifiedAt?.toISOString() ?? null,
    entity_id: actingEntityId(row),
    has_verified_access: hasVerifiedAccess(row),
  };
}

export async function getIdentityForAdmin(deps: Deps, userId: string) {
  return { data: toAdminIdentity(await requireIdentity(deps, userId)) };
}

/** Takes a user's identity verification back; access through an approved entity is not touched. */
export async function revokeIdentity(deps: Deps, admin: AuthUser, userId: string) {
  const current = await requireIdentity(deps, userId);
  if (!current.identityVerified) throw conflict(IDENTITY_SERVER_MESSAGES.notVerified);
  const row = await clearIdentityVerification(deps.db, userId);
  if (!row) throw notFound(IDENTITY_SERVER_MESSAGES.userNotFound);
  deps.log.info({ userId, adminId: admin.id }, 'identity verification revoked');
  return { message: IDENTITY_SERVER_MESSAGES.revoked, data: toAdminIdentity(row) };
}

/**
 * Whether the caller may see contact email and phone, read fresh (a revoke applies at once),
 * when their account was made (new accounts read fewer contacts a day), and the domain of their
 * verified business address (contact reads are counted per domain too, docs/decisions/023).
 */
export async function viewerAccessFacts(
  deps: Deps,
  user: AuthUser,
): Promise<{ verifiedAccess: boolean; accountCreatedAt: Date; identityDomain: string | null }> {
  const row = await findIdentity(deps.db, user.id);
  if (!row) return { verifiedAccess: false, accountCreatedAt: new Date(), identityDomain: null };
  return {
    verifiedAccess: hasVerifiedAccess(row),
    accountCreatedAt: row.createdAt,
    identityDomain: row.identityVerified ? row.identityDomain : null,
  };
}

// ---- admins: the LinkedIn claims (the 'Identity Claims' tab) ----

function toIdentityClaim(row: ClaimListRow): IdentityClaim {
  return {
    claim_id: row.claim.id,
    user_id: row.claim.userId,
    user_name: `${row.firstName} ${row.lastName}`.trim() || row.email,
    user_email: row.email,
    profile_url: row.claim.value,
    account_created_at: row.accountCreatedAt.toISOString(),
    submitted_at: row.claim.createdAt.toISOString(),
    status: row.claim.status as IdentityClaimStatus,
    decision_note: row.claim.decisionNote,
    decided_at: row.claim.decidedAt?.toISOString() ?? null,
  };
}

export async function listIdentityClaims(
  deps: Deps,
  query: ClaimsQuery,
): Promise<IdentityClaimsResponse> {
  const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const [rows, total] = await Promise.all([
    listClaims(deps.db, query.status, window),
    countClaims(deps.db, query.status),
  ]);
  return {
    claims: rows.map(toIdentityClaim),
    pagination: paginate(query.page, query.limit, total),
  };
}

/**
 * An admin approves (the user is verified by LinkedIn) or rejects (with a note the user reads)
 * a pending LinkedIn claim; the user is mailed the decision in the same transaction. Admins do
 * not decide their own claims.
 */
export async function decideIdentityClaim(
  deps: Deps,
  admin: AuthUser,
  claimId: string,
  input: DecideClaimInput,
): Promise<DecideIdentityClaimResponse> {
  if (!isUuid(claimId)) throw notFound(IDENTITY_SERVER_MESSAGES.claimNotFound);
  if (input.decision === 'rejected' && !input.note) {
    throw badRequest(IDENTITY_CLAIM_MESSAGES.rejectNoteRequired);
  }
  await deps.db.transaction(async (tx) => {
    const claim = await findClaimForUpdate(tx, claimId);
    if (!claim || claim.method !== 'linkedin') {
      throw notFound(IDENTITY_SERVER_MESSAGES.claimNotFound);
    }
    if (claim.userId === admin.id) throw forbidden(IDENTITY_SERVER_MESSAGES.ownClaim);
    if (claim.status !== 'pending_review') throw conflict(IDENTITY_SERVER_MESSAGES.claimDecided);
    if (input.decision === 'approved') {
      // A profile that verifies another account: the claim stays pending (reject it instead).
      const taken = await grantIdentity(deps, tx, claim, { decidedBy: admin.id, note: input.note });
      if (taken) throw taken;
      return;
    }
    await updateClaim(tx, claim.id, {
      status: 'rejected',
      decidedBy: admin.id,
      decisionNote: input.note,
      decidedAt: new Date(),
    });
    const owner = await findIdentity(tx, claim.userId);
    if (owner) {
      await notify(tx, deps, {
        type: 'identity_decision',
        to: { userIds: [owner.id] },
        actorUserId: admin.id,
        title: 'Your identity verification was not approved',
        body: `We could not verify your identity through the LinkedIn profile ${claim.value}. Reason: ${input.note!}`,
        link: '/affliate-industry',
        mail: (_recipient, unsubscribe) =>
          identityClaimRejectedMail({
            firstName: owner.firstName,
            profileUrl: claim.value,
            note: input.note!,
            databaseUrl: databaseUrl(deps),
            unsubscribe,
          }),
      });
    }
  });
  deps.wakeMailer();
  deps.log.info({ claimId, adminId: admin.id, decision: input.decision }, 'identity claim decided');
  const row = await findClaimListRow(deps.db, claimId);
  return {
    message:
      input.decision === 'approved'
        ? IDENTITY_CLAIM_MESSAGES.approved
        : IDENTITY_CLAIM_MESSAGES.rejected,
    claim: toIdentityClaim(row!),
  };
}
