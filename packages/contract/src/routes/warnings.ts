import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import {
  activeWarningsQuerySchema,
  activeWarningsResponseSchema,
  entityWarningsResponseSchema,
  liftWarningSchema,
  placeWarningSchema,
  warningWithMessageSchema,
} from '../warnings';

/** Public warnings on entities (docs/decisions/012): admins place and lift them; the public reads them with the entity. */
const tag = 'admin';
const errors = errorResponses(400, 401, 403, 404, 409);

export const listActive = defineRoute({
  method: 'GET',
  path: '/admin/warnings',
  auth: ['admin'],
  tag,
  summary: 'Active warnings across entities, newest first, with their entity (admin)',
  query: activeWarningsQuerySchema,
  responses: { 200: activeWarningsResponseSchema, ...errors },
});

export const listForEntity = defineRoute({
  method: 'GET',
  path: '/admin/entities/:id/warnings',
  auth: ['admin'],
  tag,
  summary: "An entity's public warnings, lifted ones included, and their audit list (admin)",
  params: idParamsSchema,
  responses: { 200: entityWarningsResponseSchema, ...errors },
});

export const place = defineRoute({
  method: 'POST',
  path: '/admin/entities/:id/warnings',
  auth: ['admin'],
  tag,
  summary: 'Place a public warning on an entity (admin)',
  params: idParamsSchema,
  body: placeWarningSchema,
  responses: { 201: warningWithMessageSchema, ...errors },
});

export const lift = defineRoute({
  method: 'POST',
  path: '/admin/warnings/:id/lift',
  auth: ['admin'],
  tag,
  summary: 'Lift a public warning (admin); the audit list keeps it',
  params: idParamsSchema,
  body: liftWarningSchema,
  responses: { 200: warningWithMessageSchema, ...errors },
});
