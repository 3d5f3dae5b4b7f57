import type { ThreadKind, ThreadMessage, ThreadSummary } from '@trustlinks/contract/threads';
import type { ThreadMessageRow, ThreadRow } from '../../db/schema';

/** Who reads: one of the two parties, or an admin reading a reported thread. */
export type ReaderSide = 'owner' | 'starter' | 'admin';

export function toMessage(row: ThreadMessageRow, side: ReaderSide, userId: string): ThreadMessage {
  return {
    message_id: row.id,
    sender_name: row.senderName,
    side: row.senderSide === side ? 'mine' : 'theirs',
    body: row.body,
    created_at: row.createdAt.toISOString(),
    reported: side === 'admin' ? row.reportedAt !== null : row.reportedByUserId === userId,
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
