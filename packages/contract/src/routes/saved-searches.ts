import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import {
  savedSearchCreateSchema,
  savedSearchesResponseSchema,
  savedSearchRenameSchema,
  savedSearchWithMessageSchema,
} from '../saved-searches';
import { messageResponseSchema } from '../users';

/** A signed-in user's saved explorer searches (docs/decisions/028); the owner is always the session's. */
const tag = 'saved-searches';
const errors = errorResponses(400, 401, 403, 404);

export const list = defineRoute({
  method: 'GET',
  path: '/saved-searches',
  auth: 'user',
  tag,
  summary: 'The caller’s saved searches, newest first',
  responses: { 200: savedSearchesResponseSchema, ...errors },
});

export const create = defineRoute({
  method: 'POST',
  path: '/saved-searches',
  auth: 'user',
  tag,
  summary: 'Save the explorer’s filters with a name; new matches are alerted daily',
  body: savedSearchCreateSchema,
  responses: { 201: savedSearchWithMessageSchema, ...errorResponses(400, 401, 403, 409) },
});

export const rename = defineRoute({
  method: 'PUT',
  path: '/saved-searches/:id',
  auth: 'user',
  tag,
  summary: 'Rename one of the caller’s saved searches',
  params: idParamsSchema,
  body: savedSearchRenameSchema,
  responses: { 200: savedSearchWithMessageSchema, ...errors },
});

export const remove = defineRoute({
  method: 'DELETE',
  path: '/saved-searches/:id',
  auth: 'user',
  tag,
  summary: 'Delete one of the caller’s saved searches',
  params: idParamsSchema,
  responses: { 200: messageResponseSchema, ...errors },
});
