import {
  THREAD_MESSAGES,
  type ThreadKind,
  type ThreadMessage,
  type ThreadReport,
  type ThreadReportResolution,
  type ThreadSummary,
} from '@trustlinks/contract/threads';
import type { ThreadMessageRow, ThreadRow } from '../../db/schema';

/** Who reads: one of the two parties, or an admin reading a reported thread. */
export type ReaderSide = 'owner' | 'starter' | 'admin';

/** An admin removed the message: nobody is served its text any more (docs/decisions/050). */
export const isRemoved = (row: ThreadMessageRow) => row.reportResolution === 'removed';

export function toMessage(row: ThreadMessageRow, side: ReaderSide, userId: string): ThreadMessage {
  const removed = isRemoved(row);
  return {
    message_id: row.id,
    sender_name: row.senderName,
    side: row.senderSide === side ? 'mine' : 'theirs',
    body: removed ? THREAD_MESSAGES.removedBody : row.body,
    created_at: row.createdAt.toISOString(),
    reported: side === 'admin' ? row.reportedAt !== null : row.reportedByUserId === userId,
    removed,
  };
}

/** A report on the admins' list: the text as written (their audit) and how it was settled. */
export function toReport(row: {
  message: ThreadMessageRow;
  title: string;
  resolvedBy: string | null;
}): ThreadReport {
  const m = row.message;
  return {
    message_id: m.id,
    thread_id: m.threadId,
    title: row.title,
    body: m.body,
    reason: m.reportReason ?? '',
    reported_at: m.reportedAt!.toISOString(),
    resolution: m.reportResolvedAt
      ? {
          resolution: m.reportResolution as ThreadReportResolution,
          resolved_at: m.reportResolvedAt.toISOString(),
          resolved_by: row.resolvedBy,
          note: m.reportResolutionNote,
        }
      : null,
  };
}

export function toSummary(
  thread: ThreadRow,
  names: { ownerName: string; starterName: string },
  side: ReaderSide,
  unread: boolean,
): ThreadSummary {
  return {
    thread_id: thread.id,
    kind: thread.kind as ThreadKind,
    title: thread.title,
    counterpart:
      side === 'owner'
        ? names.starterName
        : side === 'starter'
          ? names.ownerName
          : `${names.ownerName} and ${names.starterName}`,
    last_message_at: thread.lastMessageAt?.toISOString() ?? null,
    unread,
  };
}
