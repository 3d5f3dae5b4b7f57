import { defineRoute } from '../route';
import { PAGE_SIZES } from '../constants';
import {
  adminEntitiesQuerySchema,
  entitiesPageResponseSchema,
  entityChangeDecisionSchema,
  entityRegisterResponseSchema,
  entityRegistrationSchema,
  entityResponseSchema,
  entityTypeParamsSchema,
  entityUpdateSchema,
  entityWithMessageResponseSchema,
  pageQuerySchema,
  publicEntitiesPageResponseSchema,
  publicEntitiesQuerySchema,
  publicEntitiesResponseSchema,
  publicEntityResponseSchema,
  verificationUpdateSchema,
} from '../entities';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import { messageResponseSchema } from '../users';

/**
 * Entities (the companies, networks and brands reviewed): registration, the public directory,
 * an entity's own page and the admin's approval of entities and of owners' waiting changes.
 */
const tag = 'entities';
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const register = defineRoute({
  method: 'POST',
  path: '/entities/register',
  auth: 'public',
  tag,
  summary:
    "Register a company (waits for admin approval); a name that looks like an approved entity's is 409; limited per client address, per account and per email (429), counted with reviews naming new companies",
  body: entityRegistrationSchema,
  responses: { 201: entityRegisterResponseSchema, ...errors },
});

export const listPublic = defineRoute({
  method: 'GET',
  path: '/entities/public',
  auth: 'public',
  tag,
  summary: 'Approved entities (for pickers and directories)',
  query: publicEntitiesQuerySchema,
  responses: { 200: publicEntitiesResponseSchema, ...errors },
});

export const getPublic = defineRoute({
  method: 'GET',
  path: '/entities/public/:id',
  auth: 'public',
  tag,
  summary: 'One approved entity',
  params: idParamsSchema,
  responses: { 200: publicEntityResponseSchema, ...errors },
});

export const listByType = defineRoute({
  method: 'GET',
  path: '/entities/type/:type',
  auth: 'public',
  tag,
  summary: 'Approved entities of one type, paged',
  params: entityTypeParamsSchema,
  query: pageQuerySchema(PAGE_SIZES.entitiesByType, 100),
  responses: { 200: publicEntitiesPageResponseSchema, ...errors },
});

export const list = defineRoute({
  method: 'GET',
  path: '/entities',
  auth: ['admin'],
  tag,
  summary: 'All entities (admin), filterable by verification status',
  query: adminEntitiesQuerySchema,
  responses: { 200: entitiesPageResponseSchema, ...errors },
});

export const get = defineRoute({
  method: 'GET',
  path: '/entities/:id',
  auth: 'user',
  tag,
  summary: "An entity with private fields (admin or the entity's users)",
  params: idParamsSchema,
  responses: { 200: entityResponseSchema, ...errors },
});

export const update = defineRoute({
  method: 'PUT',
  path: '/entities/:id',
  auth: 'user',
  tag,
  summary:
    "Update an entity (admin, or the users of an approved entity; not its status, type or counters). An owner's name, website, email or sign-up URL (entity_metadata.signup_url, public web only) wait for an admin (pending_change); a name that looks like another approved entity's is 409",
  params: idParamsSchema,
  body: entityUpdateSchema,
  responses: { 200: entityWithMessageResponseSchema, ...errors },
});

export const remove = defineRoute({
  method: 'DELETE',
  path: '/entities/:id',
  auth: ['admin'],
  tag,
  summary: 'Delete an entity (admin)',
  params: idParamsSchema,
  responses: { 200: messageResponseSchema, ...errors },
});

export const setVerification = defineRoute({
  method: 'PUT',
  path: '/entities/:id/verification',
  auth: ['admin'],
  tag,
  summary: 'Approve or reject an entity (admin); approval creates its account',
  params: idParamsSchema,
  body: verificationUpdateSchema,
  responses: { 200: entityWithMessageResponseSchema, ...errors },
});

export const decidePendingChange = defineRoute({
  method: 'PUT',
  path: '/entities/:id/pending-change',
  auth: ['admin'],
  tag,
  summary:
    "Accept or reject an owner's waiting change of name, website, email or sign-up URL (admin); accepting a name taken by another approved entity (or one that looks the same) is 409",
  params: idParamsSchema,
  body: entityChangeDecisionSchema,
  responses: { 200: entityWithMessageResponseSchema, ...errors },
});
