import { PAGES } from '@trustlinks/contract/pages';
import {
  REVIEW_INVITATION_MESSAGES as M,
  type ReviewInvitation,
  type ReviewInvitationCreate,
  type ReviewInvitationsCreated,
  type ReviewInvitationsResponse,
} from '@trustlinks/contract/review-invitations';
import { isLinkedToEntity } from '../../../auth/policies';
import type { AuthUser } from '../../../auth/sessions.service';
import { generateToken, hashToken, looksLikeToken } from '../../../auth/tokens';
import type { DbOrTx } from '../../../db/client';
import type { ReviewInvitationRow } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../../errors';
import type { Deps } from '../../../lib/deps';
import { isUuid } from '../../../lib/ids';
import { enqueueMail } from '../../../mail/outbox.repository';
import { reviewInvitationMail } from '../../../mail/templates';
import { lockEntity } from '../reviews.repository';
import {
  countInvitationsSince,
  findApplicationForInvite,
  insertInvitations,
  listInvitations,
  lockInvitationByToken,
  markInvitationUsed,
  memberEmails,
  type InvitationListRow,
} from './invitations.repository';

/**
 * Review invitations (docs/decisions/057-review-invitations.md). What keeps them honest: only the
 * company's members invite, never their own members; an application's link only for the partner
 * of an approved application of the company; single use and an expiry; a daily number per
 * company (REVIEW_INVITATIONS_PER_DAY). An invited review is judged and published like any other:
 * the company has no say in which appear.
 */

/** The invitations shown to the company (its latest). */
const LIST_LIMIT = 100;
const DAY_MS = 86_400_000;

function statusOf(row: ReviewInvitationRow, now: Date): ReviewInvitation['status'] {
  if (row.usedAt) return 'used';
  return row.expiresAt <= now ? 'expired' : 'open';
}

function present(row: InvitationListRow, now: Date): ReviewInvitation {
  return {
    invitation_id: row.id,
    email: row.email,
    application_id: row.applicationId,
    partner_name: row.partnerName,
    status: statusOf(row, now),
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** The company as its member sees it: 404 for no company, 403 for anyone else. */
async function memberCompany(db: DbOrTx, user: AuthUser, entityId: string) {
  if (!isUuid(entityId)) throw notFound('Entity not found');
  const entity = await lockEntity(db, entityId);
  if (!entity) throw notFound('Entity not found');
  if (!isLinkedToEntity(user, entity.id)) throw forbidden(M.notMember);
  return entity;
}

/** Where an invitation's link leads: the review form for the company, with the token. */
function inviteUrl(appUrl: string, entityId: string, token: string): string {
  const query = new URLSearchParams({ entity_id: entityId, invitation: token });
  return `${appUrl}${PAGES.writeReview.path}?${query}`;
}

export async function createInvitations(
  deps: Deps,
  user: AuthUser,
  entityId: string,
  input: ReviewInvitationCreate,
): Promise<ReviewInvitationsCreated> {
  const days = deps.config.REVIEW_INVITATION_DAYS;
  const limit = deps.config.REVIEW_INVITATIONS_PER_DAY;
  const created = await deps.db.transaction(async (tx) => {
    // The company's row lock: the daily count and the new rows are one decision.
    const entity = await memberCompany(tx, user, entityId);
    if (entity.verificationStatus !== 'approved') throw badRequest(M.entityNotApproved);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + days * DAY_MS);

    let targets: { email: string | null; applicationId: string | null }[];
    let partnerName: string | null = null;
    if (input.emails) {
      const emails = [...new Set(input.emails)];
      const members = await memberEmails(tx, entity.id, emails);
      if (members.length > 0) throw badRequest(M.ownMember(members[0]!));
      targets = emails.map((email) => ({ email, applicationId: null }));
    } else {
      const id = input.application_id!;
      const app = isUuid(id) ? await findApplicationForInvite(tx, id) : undefined;
      if (!app || app.ownerEntityId !== entity.id) throw notFound(M.applicationNotFound);
      if (app.status !== 'approved') throw badRequest(M.applicationNotApproved);
      partnerName = app.partnerName;
      targets = [{ email: null, applicationId: app.id }];
    }
    const sentToday = await countInvitationsSince(tx, entity.id, new Date(now.getTime() - DAY_MS));
    if (sentToday + targets.length > limit) throw tooManyRequests(M.dailyLimit(limit));

    const tokens = targets.map(() => generateToken());
    const rows = await insertInvitations(
      tx,
      targets.map((t, i) => ({
        entityId: entity.id,
        createdByUserId: user.id,
        email: t.email,
        applicationId: t.applicationId,
        tokenHash: hashToken(tokens[i]!),
        expiresAt,
      })),
    );
    const inviterName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    for (const [i, row] of rows.entries()) {
      if (!row.email) continue;
      await enqueueMail(
        tx,
        { to: row.email, senderUserId: user.id, secret: true },
        reviewInvitationMail({
          entityName: entity.name,
          inviterName,
          url: inviteUrl(deps.config.APP_URL, entity.id, tokens[i]!),
          expiresDays: days,
        }),
      );
    }
    const link = input.application_id
      ? inviteUrl(deps.config.APP_URL, entity.id, tokens[0]!)
      : null;
    return { rows: rows.map((r) => ({ ...r, partnerName })), link, now };
  });
  deps.wakeMailer();
  return {
    message: created.link ? M.linkReady : M.sent(created.rows.length),
    invitations: created.rows.map((r) => present(r, created.now)),
    link: created.link,
  };
}

export async function listCompanyInvitations(
  deps: Deps,
  user: AuthUser,
  entityId: string,
): Promise<ReviewInvitationsResponse> {
  if (!isUuid(entityId)) throw notFound('Entity not found');
  if (!isLinkedToEntity(user, entityId)) throw forbidden(M.notMember);
  const now = new Date();
  const [rows, sentToday] = await Promise.all([
    listInvitations(deps.db, entityId, LIST_LIMIT),
    countInvitationsSince(deps.db, entityId, new Date(now.getTime() - DAY_MS)),
  ]);
  return {
    invitations: rows.map((r) => present(r, now)),
    sent_today: sentToday,
    daily_limit: deps.config.REVIEW_INVITATIONS_PER_DAY,
  };
}

/** What a review answering an invitation carries. */
export interface ClaimedInvitation {
  invitationId: string;
  /** From an application that had conversions. */
  verifiedDeal: boolean;
}

/**
 * The invitation of `token` for a review of `entityId` by `user`, locked for its one use (call it
 * in the review's transaction, then useInvitation once the review exists).
 */
export async function claimInvitation(
  tx: DbOrTx,
  token: string,
  user: AuthUser,
  entityId: string,
  now: Date,
): Promise<ClaimedInvitation> {
  if (!looksLikeToken(token)) throw badRequest(M.invalid);
  const found = await lockInvitationByToken(tx, hashToken(token));
  if (!found) throw badRequest(M.invalid);
  const { invitation } = found;
  if (invitation.entityId !== entityId) throw badRequest(M.otherEntity);
  if (invitation.usedAt) throw conflict(M.used);
  if (invitation.expiresAt <= now) throw badRequest(M.expired);
  const forThem = invitation.email
    ? invitation.email === user.email.toLowerCase()
    : user.entityId !== null && user.entityId === found.applicantEntityId;
  if (!forThem) throw forbidden(M.otherPerson);
  return { invitationId: invitation.id, verifiedDeal: (found.conversions ?? 0) > 0 };
}

export async function useInvitation(
  tx: DbOrTx,
  claimed: ClaimedInvitation,
  reviewId: string,
  at: Date,
): Promise<void> {
  await markInvitationUsed(tx, claimed.invitationId, reviewId, at);
}
