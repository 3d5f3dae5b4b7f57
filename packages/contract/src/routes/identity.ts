import { defineRoute } from '../route';
import { apiErrorSchema, errorResponses } from '../errors';
import {
  adminIdentityResponseSchema,
  confirmIdentityBodySchema,
  decideIdentityClaimBodySchema,
  decideIdentityClaimResponseSchema,
  identityClaimsQuerySchema,
  identityClaimsResponseSchema,
  verificationStatusResponseSchema,
  verifyIdentityBodySchema,
  verifyIdentityResponseSchema,
} from '../identity';
import { idParamsSchema } from '../params';

/**
 * Identity verification: a user proves who they are (a business email's code, or a LinkedIn
 * profile an admin reviews) to see company contacts; the admin reviews claims and revokes.
 */
const tag = 'identity';
const errors = errorResponses(400, 401, 403);

export const verificationStatus = defineRoute({
  method: 'GET',
  path: '/users/verification-status',
  auth: 'user',
  tag,
  summary: 'Whether the caller has verified access to company contacts',
  responses: { 200: verificationStatusResponseSchema, 404: apiErrorSchema, ...errors },
});

export const verify = defineRoute({
  method: 'POST',
  path: '/users/verify-identity',
  auth: 'user',
  tag,
  summary:
    'Start an identity verification: mails a code to a business email address, or sends a LinkedIn profile to review',
  body: verifyIdentityBodySchema,
  responses: { 200: verifyIdentityResponseSchema, 429: apiErrorSchema, ...errors },
});

export const confirm = defineRoute({
  method: 'POST',
  path: '/users/verify-identity/confirm',
  auth: 'user',
  tag,
  summary: 'Confirm a business email address with the code mailed to it',
  body: confirmIdentityBodySchema,
  responses: { 200: verifyIdentityResponseSchema, 409: apiErrorSchema, ...errors },
});

export const listClaims = defineRoute({
  method: 'GET',
  path: '/admin/identity-claims',
  auth: ['admin'],
  tag: 'admin',
  summary: 'LinkedIn identity claims of one status (default: waiting for review), paged',
  query: identityClaimsQuerySchema,
  responses: { 200: identityClaimsResponseSchema, ...errors },
});

export const decideClaim = defineRoute({
  method: 'PUT',
  path: '/admin/identity-claims/:id',
  auth: ['admin'],
  tag: 'admin',
  summary: 'Approve or reject a LinkedIn identity claim (a rejection needs a note)',
  params: idParamsSchema,
  body: decideIdentityClaimBodySchema,
  responses: {
    200: decideIdentityClaimResponseSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    ...errors,
  },
});

export const getForAdmin = defineRoute({
  method: 'GET',
  path: '/admin/users/:id/identity-verification',
  auth: ['admin'],
  tag: 'admin',
  summary: "A user's identity verification (method, value, date)",
  params: idParamsSchema,
  responses: { 200: adminIdentityResponseSchema, 404: apiErrorSchema, ...errors },
});

export const revoke = defineRoute({
  method: 'DELETE',
  path: '/admin/users/:id/identity-verification',
  auth: ['admin'],
  tag: 'admin',
  summary: "Revoke a user's identity verification",
  params: idParamsSchema,
  responses: {
    200: adminIdentityResponseSchema,
    404: apiErrorSchema,
    409: apiErrorSchema,
    ...errors,
  },
});
