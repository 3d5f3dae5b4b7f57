import { z } from 'zod';
import { ROLES } from './constants';
import { paginationSchema } from './entities';

export const USER_STATUSES = ['active', 'banned'] as const;

export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(50),
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});

export const adminUserSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  entity_id: z.string().nullable(),
  email_verified: z.boolean(),
  identity_verified: z.boolean(),
  identity_method: z.string().nullable(),
  /** Has a second factor / an admin asked for one (docs/decisions/033). */
  mfa_enabled: z.boolean(),
  mfa_required: z.boolean(),
  created_at: z.string(),
  /** Why an admin last banned or unbanned the account, and when (docs/decisions/032). */
  status_reason: z.string().nullable(),
  status_changed_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  pagination: paginationSchema,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** Bounds of a ban's or unban's reason (ours, docs/decisions/032). */
export const BAN_REASON_LIMITS = { min: 5, max: 500 } as const;

export const userStatusBodySchema = z.object({
  status: z.enum(USER_STATUSES, { error: 'Status must be active or banned' }),
  reason: z
    .string({ error: `Please give a reason (at least ${BAN_REASON_LIMITS.min} characters).` })
    .trim()
    .min(
      BAN_REASON_LIMITS.min,
      `Please give a reason (at least ${BAN_REASON_LIMITS.min} characters).`,
    )
    .max(BAN_REASON_LIMITS.max, `The reason may have at most ${BAN_REASON_LIMITS.max} characters.`),
});
export type UserStatusBody = z.input<typeof userStatusBodySchema>;

export const userStatusResponseSchema = z.object({ message: z.string(), user: adminUserSchema });
export type UserStatusResponse = z.infer<typeof userStatusResponseSchema>;

export const ADMIN_MESSAGES = {
  cannotBanSelf: 'You cannot ban your own account.',
  cannotBanAdmin: 'Administrator accounts cannot be banned.',
  userBanned: 'User banned successfully.',
  userUnbanned: 'User unbanned successfully.',
  userNotFound: 'User not found',
} as const;

// The admins' audit list (docs/decisions/032): bans, unbans, review decisions and settled
// thread reports (docs/decisions/050-deal-threads.md).
export const ADMIN_ACTIONS = [
  'user_banned',
  'user_unbanned',
  'review_approved',
  'review_rejected',
  'review_flagged',
  'thread_report_dismissed',
  'thread_message_removed',
] as const;
export type AdminActionKind = (typeof ADMIN_ACTIONS)[number];

export const adminAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(20),
  user_id: z.uuid('user_id must be a user id').optional(),
});

export const adminAuditEntrySchema = z.object({
  action_id: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  /** The acting admin's email (null once that account is gone). */
  actor: z.string().nullable(),
  target_user_id: z.string().nullable(),
  /** The banned or unbanned account's email. */
  target_user: z.string().nullable(),
  target_review_id: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditResponseSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  has_more: z.boolean(),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

/**
 * What waits on each tab of the admin panel (docs/decisions/032). Each count stops at WORKLOAD_COUNT_CAP
 * (the panel shows "1000+").
 */
export const WORKLOAD_COUNT_CAP = 1000;

export const adminWorkloadSchema = z.object({
  pending_entities: z.number().int(),
  /** Pending reviews, of which held by the swarm guard or a ban (per reason). */
  pending_reviews: z.number().int(),
  held_reviews: z.object({
    new_account: z.number().int(),
    burst: z.number().int(),
    banned: z.number().int(),
  }),
  flagged_reviews: z.number().int(),
  open_reports: z.number().int(),
  identity_claims: z.number().int(),
  entity_changes: z.number().int(),
  contact_messages: z.number().int(),
  /** Reported deal-thread messages no admin settled yet (docs/decisions/050-deal-threads.md). */
  open_thread_reports: z.number().int(),
  cap: z.number().int(),
});
export type AdminWorkload = z.infer<typeof adminWorkloadSchema>;
