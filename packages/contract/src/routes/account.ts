import { defineRoute } from '../route';
import { accountExportSchema, deleteAccountSchema } from '../account';
import { errorResponses } from '../errors';
import { messageResponseSchema } from '../users';

/** Account data rights (docs/decisions/026-public-pages-and-data-rights.md). */
const tag = 'users';
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const exportData = defineRoute({
  method: 'GET',
  path: '/users/me/export',
  auth: 'user',
  tag,
  summary:
    'Download my data: the account, reviews, votes, applications, offer requests, notifications and contact messages',
  responses: { 200: accountExportSchema, ...errors },
});

export const remove = defineRoute({
  method: 'DELETE',
  path: '/users/me',
  auth: 'user',
  tag,
  summary: 'Delete my account (after the password); sessions end, reviews and votes go',
  body: deleteAccountSchema,
  responses: { 200: messageResponseSchema, ...errors },
});
