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
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  pagination: paginationSchema,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const userStatusBodySchema = z.object({
  status: z.enum(USER_STATUSES, { error: 'Status must be active or banned' }),
});

export const userStatusResponseSchema = z.object({ message: z.string(), user: adminUserSchema });
export type UserStatusResponse = z.infer<typeof userStatusResponseSchema>;

export const ADMIN_MESSAGES = {
  cannotBanSelf: 'You cannot ban your own account.',
  cannotBanAdmin: 'Administrator accounts cannot be banned.',
  userBanned: 'User banned successfully.',
  userUnbanned: 'User unbanned successfully.',
  userNotFound: 'User not found',
} as const;
