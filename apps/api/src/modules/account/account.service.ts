import { ACCOUNT_MESSAGES, type AccountExport } from '@trustlinks/contract/account';
import type { AuthUser } from '../../auth/sessions.service';
import { verifyPassword } from '../../auth/passwords';
import { requireFound, requireWithinRate } from '../../auth/policies';
import { badRequest, conflict } from '../../errors';
import type { Deps } from '../../lib/deps';
import { HOUR_MS } from '../../lib/time';
import { enqueueMail } from '../../mail/outbox.repository';
import { accountDeletedMail } from '../../mail/templates';
import {
  lockEntity,
  recomputeEntityReviewStats,
  recountVotes,
  refreshPlatformMeans,
} from '../reviews/reviews.service';
import {
  countActiveAdmins,
  deleteAccountRow,
  existingReviewIds,
  readAccountData,
  reviewedAndVoted,
} from './account.repository';

/** Password attempts to delete an account, per account and hour (a stolen session guesses slowly). */
const DELETE_ATTEMPTS_PER_HOUR = 10;
const NOT_FOUND = 'Account not found';

/** Plain JSON (dates as ISO strings), without the keys named in `omit`. */
function plain(row: object, omit: readonly string[] = []): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
  for (const key of omit) delete copy[key];
  return copy;
}

/**
 * GET /api/users/me/export: a copy of what TrustLinks holds about the caller (docs/decisions/026).
 * The password hash is left out: it is not data about the person, and a copy would help a thief.
 */
export async function exportAccount(deps: Deps, user: AuthUser): Promise<AccountExport> {
  const data = requireFound(await readAccountData(deps.db, user.id), NOT_FOUND);
  return {
    exported_at: new Date().toISOString(),
    account: plain(data.account, ['passwordHash']),
    entity: data.entity ? plain(data.entity) : null,
    reviews: data.reviews.map((r) => ({ ...plain(r.review), entityName: r.entityName })),
    votes: data.votes.map((v) => plain(v)),
    applications: data.applications.map((a) => plain(a)),
    offer_requests: data.offerRequests.map((r) => plain(r)),
    notifications: data.notifications.map((n) => plain(n)),
    contact_messages: data.contactMessages.map((m) => plain(m)),
    sessions: data.sessions.map((x) => plain(x)),
    devices: data.devices.map((x) => plain(x)),
    passkeys: data.passkeys.map((x) => plain(x)),
    authenticator: data.authenticator ? plain(data.authenticator) : null,
    saved_searches: data.savedSearches.map((x) => plain(x)),
    bids: data.bids.map((x) => plain(x)),
  };
}

/**
 * DELETE /api/users/me, after the password: the account and what is the person's own go
 * (sessions, reviews, votes, notifications, identity claims); the scores of the entities they
 * reviewed and the counts of the reviews they voted on are recomputed in the same transaction.
 * A company they spoke for stays (it is the company's, with its offers and other accounts).
 */
export async function deleteAccount(
  deps: Deps,
  user: AuthUser,
  password: string,
): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    await requireWithinRate(
      tx,
      `account-delete:${user.id}`,
      { max: DELETE_ATTEMPTS_PER_HOUR, windowMs: HOUR_MS },
      ACCOUNT_MESSAGES.wrongPassword,
    );
  });
  const data = requireFound(await readAccountData(deps.db, user.id), NOT_FOUND);
  if (!(await verifyPassword(data.account.passwordHash, password)))
    throw badRequest(ACCOUNT_MESSAGES.wrongPassword);
  await deps.db.transaction(async (tx) => {
    if (data.account.role === 'admin' && (await countActiveAdmins(tx)) <= 1)
      throw conflict(ACCOUNT_MESSAGES.lastAdmin);
    const { entityIds, votedReviewIds } = await reviewedAndVoted(tx, user.id);
    // Entity rows first, in id order, as every review change locks them (no deadlock).
    for (const id of [...entityIds].sort()) await lockEntity(tx, id);
    await deleteAccountRow(tx, user.id);
    // After the row (which drops the mails still waiting for the account): to its address.
    await enqueueMail(
      tx,
      { to: data.account.email, recipientUserId: null },
      accountDeletedMail({
        firstName: data.account.firstName,
        at: new Date(),
        contactUrl: `${deps.config.APP_URL}/contact`,
      }),
    );
    for (const reviewId of await existingReviewIds(tx, votedReviewIds))
      await recountVotes(tx, reviewId);
    if (entityIds.length > 0) {
      await refreshPlatformMeans(tx);
      for (const id of entityIds)
        await recomputeEntityReviewStats(tx, id, deps.config.TRUSTSCORE_PRIOR_REVIEWS);
    }
  });
  deps.wakeMailer();
  return { message: ACCOUNT_MESSAGES.deleted };
}
