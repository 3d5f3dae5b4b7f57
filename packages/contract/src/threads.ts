import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { pathIdSchema } from './params';

/**
 * A thread per deal (docs/decisions/050-deal-threads.md): one conversation between the two parties
 * of an application, of an offer request (one per company that bids or asks; a bid's thread is
 * its request's thread with the bidder), or of the entity page's Contact. Plain text only.
 */
export const THREAD_LIMITS = {
  bodyMax: 2000,
  reasonMax: 500,
  pageDefault: 20,
  pageMax: 50,
  /** The messages one read returns (the newest of them, oldest first). */
  messagesMax: 200,
} as const;

/** What a thread is about; 'bid' names the request thread of the bid's two companies. */
export const THREAD_SUBJECT_KINDS = ['application', 'bid', 'request', 'entity'] as const;
export type ThreadSubjectKind = (typeof THREAD_SUBJECT_KINDS)[number];

/** How a thread is stored: the request thread serves its bids too. */
export const THREAD_KINDS = ['application', 'request', 'contact'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

export const THREAD_MESSAGES = {
  sent: 'Message sent.',
  reported: 'Thank you. The TrustLinks team will read this conversation.',
  notFound: 'Conversation not found',
  subjectNotFound:
    'There is nothing to talk about here: the application, bid or request was not found.',
  notParty: 'Only the two companies of this deal can read and write its conversation.',
  noEntity: 'Your account must speak for an approved company to talk about a deal.',
  ownerPicks:
    'This deal is yours: open the conversation with one company from its bid or from your Messages tab.',
  ownRequest: 'This is your own request.',
  onlyBidders: 'Only advertisers and networks can ask about an offer request.',
  accountRateLimited:
    'You have sent many messages in the last hour. Please wait a little before sending more.',
  threadRateLimited: 'This conversation has had many messages today. Please continue tomorrow.',
  alreadyReported: 'You have already reported this message.',
  ownMessage: 'You cannot report your own message.',
  adminNoReport: 'Admins read a conversation only after a party reports one of its messages.',
  reportNotFound: 'Report not found: this message was never reported.',
  alreadyResolved: 'This report has already been settled by an admin.',
  dismissed: 'Report dismissed. The message stays in the conversation.',
  removedDone: 'Message removed. The parties now see that an admin removed it.',
  /** What everyone is served instead of a removed message's text. */
  removedBody: 'This message was removed by a TrustLinks admin.',
  note: 'Note',
  resolvedTitle: (title: string) => `Your report about “${title}” was reviewed`,
  resolvedRemoved:
    'A TrustLinks admin reviewed the message you reported and removed it from the conversation.',
  resolvedDismissed:
    'A TrustLinks admin reviewed the message you reported and found no breach of the rules: it stays in the conversation.',
  body: 'Message',
  reason: 'Reason',
} as const;

/** Plain text: no control characters except line breaks and tabs (no HTML is ever rendered). */
const plainText = (max: number, label: string) =>
  requiredText(max, label).refine(
    // eslint-disable-next-line no-control-regex
    (v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v),
    `${label} must be plain text`,
  );

export const threadMessageInputSchema = z.object({
  body: plainText(THREAD_LIMITS.bodyMax, THREAD_MESSAGES.body),
});
export type ThreadMessageInput = z.input<typeof threadMessageInputSchema>;

export const threadReportInputSchema = z.object({
  reason: plainText(THREAD_LIMITS.reasonMax, THREAD_MESSAGES.reason),
});
export type ThreadReportInput = z.input<typeof threadReportInputSchema>;

/** How an admin settles a report: the message stays (dismiss) or its text is withdrawn (remove). */
export const THREAD_REPORT_ACTIONS = ['dismiss', 'remove'] as const;
export type ThreadReportAction = (typeof THREAD_REPORT_ACTIONS)[number];
/** What the message records once settled. */
export const THREAD_REPORT_RESOLUTIONS = ['dismissed', 'removed'] as const;
export type ThreadReportResolution = (typeof THREAD_REPORT_RESOLUTIONS)[number];

export const threadReportResolveInputSchema = z.object({
  action: z.enum(THREAD_REPORT_ACTIONS, {
    error: `action must be one of ${THREAD_REPORT_ACTIONS.join(', ')}`,
  }),
  note: optionalText(THREAD_LIMITS.reasonMax, THREAD_MESSAGES.note),
});
export type ThreadReportResolveInput = z.input<typeof threadReportResolveInputSchema>;

/** The admins' list: what is still to do (open, the default) or what was settled. */
export const THREAD_REPORT_STATUSES = ['open', 'resolved'] as const;
export type ThreadReportStatus = (typeof THREAD_REPORT_STATUSES)[number];

export const threadSubjectParamsSchema = z.object({
  kind: z.enum(THREAD_SUBJECT_KINDS, {
    error: `kind must be one of ${THREAD_SUBJECT_KINDS.join(', ')}`,
  }),
  id: pathIdSchema,
});

export const threadListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(THREAD_LIMITS.pageMax, `limit must be at most ${THREAD_LIMITS.pageMax}`)
    .default(THREAD_LIMITS.pageDefault),
});

/** Which side wrote a message: the caller's own side, or the other company. */
export const threadSideSchema = z.enum(['mine', 'theirs']);

export const threadMessageSchema = z.object({
  message_id: z.string(),
  /** The writer's first name and company (never their address). */
  sender_name: z.string(),
  side: threadSideSchema,
  body: z.string(),
  created_at: z.string(),
  /** Whether the caller reported it (only the reporter sees that). */
  reported: z.boolean(),
  /** An admin removed it: `body` is then the fixed THREAD_MESSAGES.removedBody. */
  removed: z.boolean(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const threadSummarySchema = z.object({
  thread_id: z.string(),
  kind: z.enum(THREAD_KINDS),
  /** What the deal is: the offer's or request's title, or the contacted company's name. */
  title: z.string(),
  /** The other company (or member) of the conversation. */
  counterpart: z.string(),
  last_message_at: z.string().nullable(),
  unread: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadListResponseSchema = z.object({
  threads: z.array(threadSummarySchema),
  unread_count: z.number().int(),
  has_more: z.boolean(),
});
export type ThreadListResponse = z.infer<typeof threadListResponseSchema>;

export const threadResponseSchema = z.object({
  /** Null until someone writes the first message. */
  thread: threadSummarySchema.nullable(),
  messages: z.array(threadMessageSchema),
  /** False for an admin reading a reported thread. */
  can_write: z.boolean(),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

export const threadSentResponseSchema = z.object({
  message: z.string(),
  thread_id: z.string(),
  sent: threadMessageSchema,
});

export const threadReportResponseSchema = z.object({ message: z.string() });

export const threadReportsQuerySchema = threadListQuerySchema.extend({
  status: z
    .enum(THREAD_REPORT_STATUSES, {
      error: `status must be one of ${THREAD_REPORT_STATUSES.join(', ')}`,
    })
    .default('open'),
});

/** How a report was settled (null while open). */
export const threadReportResolutionSchema = z.object({
  resolution: z.enum(THREAD_REPORT_RESOLUTIONS),
  resolved_at: z.string(),
  /** The deciding admin's email (null once that account is gone). */
  resolved_by: z.string().nullable(),
  note: z.string().nullable(),
});

export const threadReportSchema = z.object({
  message_id: z.string(),
  thread_id: z.string(),
  title: z.string(),
  /** The message as written (kept for the admins' audit, also once removed). */
  body: z.string(),
  reason: z.string(),
  reported_at: z.string(),
  resolution: threadReportResolutionSchema.nullable(),
});
export type ThreadReport = z.infer<typeof threadReportSchema>;
export const threadReportsResponseSchema = z.object({
  reports: z.array(threadReportSchema),
  has_more: z.boolean(),
});
export type ThreadReportsResponse = z.infer<typeof threadReportsResponseSchema>;

export const threadReportResolveResponseSchema = z.object({
  message: z.string(),
  report: threadReportSchema,
});
