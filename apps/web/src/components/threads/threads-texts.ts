import {
  THREAD_MESSAGES,
  type ThreadKind,
  type ThreadReportResolution,
  type ThreadReportStatus,
} from '@trustlinks/contract/threads';

/** A thread per deal (docs/decisions/050-deal-threads.md): our texts, none from the spec. */
export const THREAD_TEXT = {
  title: 'Conversation',
  open: 'Conversation',
  openWithUnread: 'Conversation (new)',
  intro:
    'Only your two companies read this. Plain text; links open as links. Report a message that breaks the rules.',
  empty: 'No messages yet. Write the first one.',
  loading: 'Loading the conversation…',
  failed: 'The conversation could not be loaded.',
  message: 'Your message',
  send: 'Send',
  sending: 'Sending…',
  sendFailed: 'The message could not be sent.',
  you: 'You',
  report: 'Report',
  reported: 'Reported',
  reportReason: 'Why do you report this message?',
  reportSend: 'Report to TrustLinks',
  reportFailed: 'The report could not be sent.',
  readOnly: 'Read only: reported conversation.',
  removed: 'Removed',
  close: 'Close',
  dialogTitle: (title: string) => `Conversation about “${title}”`,
} as const;

export const INBOX_TEXT = {
  heading: 'Conversations',
  empty: 'No conversations yet',
  emptyHint:
    'Each application, bid and offer request has its own conversation with the other company; they appear here.',
  loading: 'Loading conversations…',
  failed: 'The conversations could not be loaded.',
  unread: 'Unread',
  kinds: {
    application: 'Application',
    request: 'Offer request',
    contact: 'Company page',
  } satisfies Record<ThreadKind, string>,
  back: 'All conversations',
} as const;

export const REPORTS_TEXT = {
  tab: 'Reported messages',
  loading: 'Loading reported messages…',
  failed: 'The reported messages could not be loaded.',
  empty: 'No reported messages',
  emptyHint:
    'When a party reports a message of a deal conversation, it shows here and you may read that conversation.',
  reason: 'Reason:',
  reportedAt: (when: string) => `reported ${when}`,
  read: 'Read the conversation',
  filterLabel: 'Which reports',
  filters: { open: 'Open', resolved: 'Resolved' } satisfies Record<ThreadReportStatus, string>,
  emptyResolved: 'No settled reports yet',
  emptyResolvedHint: 'Reports you dismiss or whose message you remove show here.',
  dismiss: 'Dismiss',
  remove: 'Remove message',
  removeTitle: 'Remove this message?',
  removeDescription: `Both companies will see “${THREAD_MESSAGES.removedBody}” instead of its text. The reporter is told. This cannot be undone.`,
  cancel: 'Cancel',
  actionFailed: 'The report could not be settled.',
  resolutions: {
    dismissed: 'Dismissed',
    removed: 'Message removed',
  } satisfies Record<ThreadReportResolution, string>,
  resolvedBy: (when: string, by: string | null) => `${when} by ${by ?? 'a removed admin'}`,
  note: 'Note:',
} as const;
