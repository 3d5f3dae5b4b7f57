import type { z } from 'zod';
import { dashboardPath } from '@trustlinks/contract/pages';
import {
  THREAD_LIMITS,
  THREAD_MESSAGES,
  type ThreadKind,
  type ThreadListResponse,
  type ThreadReportAction,
  type ThreadReportResolution,
  type ThreadResponse,
  type ThreadSubjectKind,
  type threadListQuerySchema,
  type threadReportsQuerySchema,
} from '@trustlinks/contract/threads';
import type { AuthUser } from '../../auth/sessions.service';
import { actingEntityId, requireFound, requireWithinRate } from '../../auth/policies';
import type { DbOrTx } from '../../db/client';
import type { ThreadMessageRow, ThreadRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import { DAY_MS, HOUR_MS } from '../../lib/time';
import { threadMessageMail } from '../../mail/templates';
import { insertAdminActions } from '../admin/admin.service';
import { findEntity } from '../entities/entities.service';
import { notify } from '../notifications/notifications.service';
import { findUserById } from '../users/users.service';
import {
  countUnreadThreads,
  findApplicationParties,
  findBidParties,
  findMessage,
  findRequestOwner,
  findThread,
  findThreadBySubject,
  findThreadNames,
  insertMessage,
  listMessages,
  listReports,
  listThreadsFor,
  lockReportedMessage,
  markThreadRead,
  openThread,
  reportMessage,
  stampReportResolution,
  type Starter,
  type Viewer,
} from './threads.repository';
import { isRemoved, toMessage, toReport, toSummary, type ReaderSide } from './threads.presenter';

/** The Messages tab shows "99+" past this; counting stops here (as the bell). */
export const UNREAD_THREADS_CAP = 100;

/** Who may ask about an offer request: those who may bid on it (docs/decisions/014). */
const REQUEST_ASKER_ROLES: readonly string[] = ['advertiser', 'network'];

type Side = 'owner' | 'starter';

/** A subject resolved to its thread's key and the caller's side in it. */
interface Resolved {
  kind: ThreadKind;
  subjectId: string;
  ownerEntityId: string;
  starter: Starter;
  title: string;
  side: Side;
}

function viewerOf(user: AuthUser): Viewer {
  return { userId: user.id, entityId: actingEntityId(user) };
}

/** The caller's side of a thread, or null when it is not one of the two parties. */
function sideIn(user: AuthUser, thread: ThreadRow): Side | null {
  const acting = actingEntityId(user);
  if (acting && thread.ownerEntityId === acting) return 'owner';
  if (acting && thread.starterEntityId === acting) return 'starter';
  if (thread.starterUserId === user.id) return 'starter';
  return null;
}

/**
 * The thread key of an application, a bid (its request's thread with the bidder), a request (the
 * caller's company asking its owner) or a company (Contact), and the caller's side: only the two
 * parties get one (docs/decisions/050-deal-threads.md).
 */
async function resolveSubject(
  deps: Deps,
  user: AuthUser,
  kind: ThreadSubjectKind,
  id: string,
): Promise<Resolved> {
  const missing = () => notFound(THREAD_MESSAGES.subjectNotFound);
  if (!isUuid(id)) throw missing();
  const acting = actingEntityId(user);
  if (kind === 'application' || kind === 'bid') {
    const parties =
      kind === 'application'
        ? await findApplicationParties(deps.db, id)
        : await findBidParties(deps.db, id);
    if (!parties) throw missing();
    const side: Side | null =
      acting === parties.ownerEntityId
        ? 'owner'
        : acting === parties.starterEntityId
          ? 'starter'
          : null;
    if (!acting || !side) throw forbidden(THREAD_MESSAGES.notParty);
    return {
      kind: kind === 'application' ? 'application' : 'request',
      subjectId: parties.subjectId,
      ownerEntityId: parties.ownerEntityId,
      starter: { entityId: parties.starterEntityId },
      title: parties.title,
      side,
    };
  }
  if (kind === 'request') {
    const request = requireFound(
      await findRequestOwner(deps.db, id),
      THREAD_MESSAGES.subjectNotFound,
    );
    if (!acting) throw forbidden(THREAD_MESSAGES.noEntity);
    if (acting === request.ownerEntityId) throw badRequest(THREAD_MESSAGES.ownerPicks);
    if (!REQUEST_ASKER_ROLES.includes(user.role)) throw forbidden(THREAD_MESSAGES.onlyBidders);
    return {
      kind: 'request',
      subjectId: request.id,
      ownerEntityId: request.ownerEntityId,
      starter: { entityId: acting },
      title: request.title,
      side: 'starter',
    };
  }
  const entity = await findEntity(deps.db, id);
  if (!entity || entity.verificationStatus !== 'approved') throw missing();
  if (acting === entity.id || user.entityId === entity.id)
    throw badRequest(THREAD_MESSAGES.ownerPicks);
  return {
    kind: 'contact',
    subjectId: entity.id,
    ownerEntityId: entity.id,
    starter: acting ? { entityId: acting } : { userId: user.id },
    title: entity.name,
    side: 'starter',
  };
}

async function readThread(
  deps: Deps,
  user: AuthUser,
  thread: ThreadRow,
  side: ReaderSide,
): Promise<ThreadResponse> {
  const [messages, names] = await Promise.all([
    listMessages(deps.db, thread.id, THREAD_LIMITS.messagesMax),
    findThreadNames(deps.db, thread.id),
  ]);
  if (side !== 'admin') await markThreadRead(deps.db, thread.id, user.id);
  return {
    thread: toSummary(thread, names!, side, false),
    messages: messages.map((m) => toMessage(m, side, user.id)),
    can_write: side !== 'admin',
  };
}

/** GET /threads/for/:kind/:id: the subject's conversation (empty until the first message). */
export async function getForSubject(
  deps: Deps,
  user: AuthUser,
  kind: ThreadSubjectKind,
  id: string,
): Promise<ThreadResponse> {
  const resolved = await resolveSubject(deps, user, kind, id);
  const thread = await findThreadBySubject(
    deps.db,
    resolved.kind,
    resolved.subjectId,
    resolved.starter,
  );
  if (!thread) return { thread: null, messages: [], can_write: true };
  return readThread(deps, user, thread, resolved.side);
}

/**
 * GET /threads/:id: a conversation for its two parties; for an admin only once one of its messages
 * was reported (read only), never another one (docs/decisions/050-deal-threads.md).
 */
export async function getThread(deps: Deps, user: AuthUser, id: string): Promise<ThreadResponse> {
  const thread = requireFound(
    isUuid(id) ? await findThread(deps.db, id) : undefined,
    THREAD_MESSAGES.notFound,
  );
  const side = sideIn(user, thread);
  if (side) return readThread(deps, user, thread, side);
  if (user.role === 'admin') {
    if (!thread.reportedAt) throw forbidden(THREAD_MESSAGES.adminNoReport);
    return readThread(deps, user, thread, 'admin');
  }
  throw forbidden(THREAD_MESSAGES.notParty);
}

/** The writer as the other side sees them: first name and, while approved, their company. */
async function senderName(deps: Deps, user: AuthUser): Promise<string> {
  const acting = actingEntityId(user);
  const company = acting ? await findEntity(deps.db, acting) : undefined;
  const name = user.firstName.trim() || 'A member';
  return company ? `${name} (${company.name})` : name;
}

/**
 * Writes one message in the subject's thread (opening it), inside the caller's transaction: the
 * account's hourly and the thread's daily limits, the read mark of the writer, and the other
 * side's mail, at most one per thread and hour (later messages of the hour wait in it).
 */
export async function writeInTx(
  tx: DbOrTx,
  deps: Deps,
  user: AuthUser,
  resolved: Resolved,
  body: string,
  name: string,
) {
  await requireWithinRate(
    tx,
    `thread-account:${user.id}`,
    { max: deps.config.THREAD_MESSAGES_PER_HOUR, windowMs: HOUR_MS },
    THREAD_MESSAGES.accountRateLimited,
  );
  const thread = await openThread(
    tx,
    {
      kind: resolved.kind,
      subjectId: resolved.subjectId,
      ownerEntityId: resolved.ownerEntityId,
      starterEntityId: 'entityId' in resolved.starter ? resolved.starter.entityId : null,
      starterUserId: 'userId' in resolved.starter ? resolved.starter.userId : null,
      title: resolved.title,
    },
    resolved.starter,
  );
  await requireWithinRate(
    tx,
    `thread:${thread.id}`,
    { max: deps.config.THREAD_MESSAGES_PER_THREAD_PER_DAY, windowMs: DAY_MS },
    THREAD_MESSAGES.threadRateLimited,
  );
  const message = await insertMessage(tx, {
    threadId: thread.id,
    senderUserId: user.id,
    senderSide: resolved.side,
    senderName: name,
    body,
  });
  await markThreadRead(tx, thread.id, user.id);
  await notifyOtherSide(tx, deps, user, thread, resolved.side);
  return { thread, message };
}

async function notifyOtherSide(
  tx: DbOrTx,
  deps: Deps,
  user: AuthUser,
  thread: ThreadRow,
  side: Side,
) {
  const toOwner = side === 'starter';
  const otherEntityId = toOwner ? thread.ownerEntityId : thread.starterEntityId;
  const other = otherEntityId ? await findEntity(tx, otherEntityId) : undefined;
  // The mail names the writer's company (approved, so checked by us), never the name the member
  // typed (free text that would read as ours; docs/decisions/026).
  const writerEntityId = toOwner ? thread.starterEntityId : thread.ownerEntityId;
  const writer = writerEntityId ? await findEntity(tx, writerEntityId) : undefined;
  const counterpart = writer?.name ?? 'A TrustLinks member';
  const link = dashboardPath(other?.entityType ?? 'user', 'messages', {
    kind: 'thread',
    id: thread.id,
  });
  const title = `New message about “${thread.title}”`;
  await notify(tx, deps, {
    type: 'thread_message',
    to: otherEntityId ? { entityId: otherEntityId } : { userIds: [thread.starterUserId] },
    actorUserId: user.id,
    mailOnly: true,
    title,
    body: title,
    link,
    coalescedMail: {
      topic: `thread:${thread.id}`,
      windowMs: HOUR_MS,
      items: [counterpart],
      mail: (recipient, unsubscribe, items) =>
        threadMessageMail({
          recipientName: recipient.firstName,
          counterpart,
          title: thread.title,
          count: items.length,
          url: `${deps.config.APP_URL}${link}`,
          unsubscribe,
        }),
    },
  });
}

/** POST /threads/for/:kind/:id/messages */
export async function writeForSubject(
  deps: Deps,
  user: AuthUser,
  kind: ThreadSubjectKind,
  id: string,
  body: string,
) {
  const resolved = await resolveSubject(deps, user, kind, id);
  return send(deps, user, resolved, body);
}

async function send(deps: Deps, user: AuthUser, resolved: Resolved, body: string) {
  const name = await senderName(deps, user);
  const { thread, message } = await deps.db.transaction((tx) =>
    writeInTx(tx, deps, user, resolved, body, name),
  );
  deps.wakeMailer();
  return {
    message: THREAD_MESSAGES.sent,
    thread_id: thread.id,
    sent: toMessage(message, resolved.side, user.id),
  };
}

/** POST /threads/:id/messages: its two parties only (an admin never writes). */
export async function write(deps: Deps, user: AuthUser, id: string, body: string) {
  const thread = requireFound(
    isUuid(id) ? await findThread(deps.db, id) : undefined,
    THREAD_MESSAGES.notFound,
  );
  const side = sideIn(user, thread);
  if (!side) throw forbidden(THREAD_MESSAGES.notParty);
  return send(
    deps,
    user,
    {
      kind: thread.kind as ThreadKind,
      subjectId: thread.subjectId,
      ownerEntityId: thread.ownerEntityId,
      starter: thread.starterEntityId
        ? { entityId: thread.starterEntityId }
        : { userId: thread.starterUserId! },
      title: thread.title,
      side,
    },
    body,
  );
}

/** The resolved subject, for the Contact route (it adds its own limits around the write). */
export async function resolveContact(deps: Deps, user: AuthUser, entityId: string) {
  const resolved = await resolveSubject(deps, user, 'entity', entityId);
  return { resolved, name: await senderName(deps, user) };
}

/** POST /threads/messages/:id/report: a party reports the other side's message, once. */
export async function report(deps: Deps, user: AuthUser, id: string, reason: string) {
  const found = requireFound(
    isUuid(id) ? await findMessage(deps.db, id) : undefined,
    THREAD_MESSAGES.notFound,
  );
  const side = sideIn(user, found.thread);
  if (!side) throw forbidden(THREAD_MESSAGES.notParty);
  if (found.message.senderSide === side) throw badRequest(THREAD_MESSAGES.ownMessage);
  const done = await deps.db.transaction((tx) => reportMessage(tx, found.message, user.id, reason));
  if (!done) throw conflict(THREAD_MESSAGES.alreadyReported);
  return { message: THREAD_MESSAGES.reported };
}

type ListQuery = z.output<typeof threadListQuerySchema>;

/** GET /threads: the caller's conversations, latest first. */
export async function list(
  deps: Deps,
  user: AuthUser,
  query: ListQuery,
): Promise<ThreadListResponse> {
  const viewer = viewerOf(user);
  const rows = await listThreadsFor(
    deps.db,
    viewer,
    query.limit + 1,
    (query.page - 1) * query.limit,
  );
  return {
    threads: rows
      .slice(0, query.limit)
      .map((r) => toSummary(r.thread, r, sideIn(user, r.thread) ?? 'starter', r.unread)),
    unread_count: await unreadCount(deps.db, user),
    has_more: rows.length > query.limit,
  };
}

/** How many of the user's conversations wait for them (the bell and the Messages tab). */
export function unreadCount(db: DbOrTx, user: AuthUser): Promise<number> {
  return countUnreadThreads(db, viewerOf(user), UNREAD_THREADS_CAP);
}

type ReportsQuery = z.output<typeof threadReportsQuerySchema>;

/** GET /admin/thread-reports: open reports (what is still to do) or settled ones. */
export async function listReportsForAdmin(deps: Deps, query: ReportsQuery) {
  const rows = await listReports(
    deps.db,
    query.status,
    query.limit + 1,
    (query.page - 1) * query.limit,
  );
  return {
    reports: rows.slice(0, query.limit).map(toReport),
    has_more: rows.length > query.limit,
  };
}

const RESOLUTION_OF: Record<ThreadReportAction, ThreadReportResolution> = {
  dismiss: 'dismissed',
  remove: 'removed',
};

/**
 * POST /admin/thread-reports/:id/resolve (docs/decisions/050-deal-threads.md): an admin dismisses
 * the report (the message stays) or removes the message (its text is no longer served; the stored
 * text stays for the audit). One transaction: the stamp on the message, the audit entry and the
 * reporter's notification. Once settled, a report is not settled again (409).
 */
export async function resolveReport(
  deps: Deps,
  admin: AuthUser,
  id: string,
  input: { action: ThreadReportAction; note: string | null },
) {
  if (!isUuid(id)) throw notFound(THREAD_MESSAGES.reportNotFound);
  const resolution = RESOLUTION_OF[input.action];
  const report = await deps.db.transaction(async (tx) => {
    const found = await lockReportedMessage(tx, id);
    if (!found) throw notFound(THREAD_MESSAGES.reportNotFound);
    if (found.message.reportResolvedAt) throw conflict(THREAD_MESSAGES.alreadyResolved);
    const message = await stampReportResolution(tx, id, {
      adminId: admin.id,
      resolution,
      note: input.note,
    });
    await insertAdminActions(tx, [
      {
        actorUserId: admin.id,
        action: resolution === 'removed' ? 'thread_message_removed' : 'thread_report_dismissed',
        targetUserId: message.senderUserId,
        targetThreadMessageId: message.id,
        reason: input.note,
      },
    ]);
    await notifyReporter(tx, deps, admin, found.thread, message);
    return toReport({ message, title: found.thread.title, resolvedBy: admin.email });
  });
  deps.wakeMailer();
  return {
    message: resolution === 'removed' ? THREAD_MESSAGES.removedDone : THREAD_MESSAGES.dismissed,
    report,
  };
}

/** The reporter hears the decision, with a link to the conversation. */
async function notifyReporter(
  tx: DbOrTx,
  deps: Deps,
  admin: AuthUser,
  thread: ThreadRow,
  message: ThreadMessageRow,
) {
  if (!message.reportedByUserId) return;
  const reporter = await findUserById(tx, message.reportedByUserId);
  if (!reporter) return;
  const removed = isRemoved(message);
  await notify(tx, deps, {
    type: 'thread_report_resolved',
    to: { userIds: [reporter.id] },
    actorUserId: admin.id,
    title: THREAD_MESSAGES.resolvedTitle(thread.title),
    body: removed ? THREAD_MESSAGES.resolvedRemoved : THREAD_MESSAGES.resolvedDismissed,
    link: dashboardPath(reporter.role, 'messages', { kind: 'thread', id: thread.id }),
  });
}
