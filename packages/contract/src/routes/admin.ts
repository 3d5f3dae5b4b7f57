import { defineRoute } from '../route';
import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminWorkloadSchema,
  userStatusBodySchema,
  userStatusResponseSchema,
} from '../admin';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';

/** The admin panel's users, bans, audit list and workload counts (admins only). */
const tag = 'admin';
const errors = errorResponses(400, 401, 403, 404);

export const listUsers = defineRoute({
  method: 'GET',
  path: '/admin/users',
  auth: ['admin'],
  tag,
  summary: 'Users, paged and searchable (admin)',
  query: adminUsersQuerySchema,
  responses: { 200: adminUsersResponseSchema, ...errors },
});

export const setUserStatus = defineRoute({
  method: 'PUT',
  path: '/admin/users/:id/status',
  auth: ['admin'],
  tag,
  summary:
    'Ban or unban a user with a reason (admin): stored, audited and mailed; a ban ends their sessions',
  params: idParamsSchema,
  body: userStatusBodySchema,
  responses: { 200: userStatusResponseSchema, ...errors },
});

export const audit = defineRoute({
  method: 'GET',
  path: '/admin/audit',
  auth: ['admin'],
  tag,
  summary: 'The audit list: bans, unbans and review decisions, newest first (admin)',
  query: adminAuditQuerySchema,
  responses: { 200: adminAuditResponseSchema, ...errors },
});

export const workload = defineRoute({
  method: 'GET',
  path: '/admin/workload',
  auth: ['admin'],
  tag,
  summary: 'What waits on each tab of the admin panel, each count capped (admin)',
  responses: { 200: adminWorkloadSchema, ...errors },
});
