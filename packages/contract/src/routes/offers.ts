import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { entityIdParamsSchema, idParamsSchema } from '../params';
import {
  entityOffersQuerySchema,
  offerCreateSchema,
  offerListResponseSchema,
  offerResponseSchema,
  offersQuerySchema,
  offersResponseSchema,
  offerStatusBodySchema,
  offerUpdateSchema,
  offerWithMessageResponseSchema,
  postbackSecretResponseSchema,
} from '../offers';
import { messageResponseSchema } from '../users';

/** Offers: the explorer's list, an entity's offers, one offer, and its entity's changes to it. */
const tag = 'offers';
// Pure: the browser build drops it with the schemas (apps/web/route-addresses.ts).
const errors = errorResponses(400, 401, 403, 404);

export const list = defineRoute({
  method: 'GET',
  path: '/offers/fetch_all',
  auth: 'public',
  tag,
  summary: 'Active offers of approved entities, filtered by title, GEOs and categories',
  query: offersQuerySchema,
  responses: { 200: offersResponseSchema, ...errors },
});

export const listPublicOfEntity = defineRoute({
  method: 'GET',
  path: '/offers/entity/public/:entityId',
  auth: 'public',
  tag,
  summary: "An entity's public offers",
  params: entityIdParamsSchema,
  query: entityOffersQuerySchema,
  responses: { 200: offerListResponseSchema, ...errors },
});

export const listOfEntity = defineRoute({
  method: 'GET',
  path: '/offers/entity/:entityId',
  auth: 'user',
  tag,
  summary: "All of an entity's offers with counts (its users and admins)",
  params: entityIdParamsSchema,
  responses: { 200: offerListResponseSchema, ...errors },
});

export const create = defineRoute({
  method: 'POST',
  path: '/offers/create',
  auth: 'user',
  tag,
  summary: "Publish an offer for the caller's entity (advertisers and networks)",
  body: offerCreateSchema,
  responses: { 201: offerWithMessageResponseSchema, ...errors },
});

export const get = defineRoute({
  method: 'GET',
  path: '/offers/:id',
  auth: 'public',
  tag,
  summary: 'One offer',
  params: idParamsSchema,
  responses: { 200: offerResponseSchema, ...errors },
});

export const update = defineRoute({
  method: 'PUT',
  path: '/offers/:id',
  auth: 'user',
  tag,
  summary: 'Update an offer (its entity or admins)',
  params: idParamsSchema,
  body: offerUpdateSchema,
  responses: { 200: offerWithMessageResponseSchema, ...errors },
});

export const setStatus = defineRoute({
  method: 'PUT',
  path: '/offers/:id/status',
  auth: 'user',
  tag,
  summary: 'Activate, pause or close an offer (its entity or admins)',
  params: idParamsSchema,
  body: offerStatusBodySchema,
  responses: { 200: offerWithMessageResponseSchema, ...errors },
});

export const rotatePostbackSecret = defineRoute({
  method: 'POST',
  path: '/offers/:id/postback-secret',
  auth: 'user',
  tag,
  summary: 'Replace the offer’s postback secret (its entity or admins); the old one stops at once',
  params: idParamsSchema,
  responses: { 200: postbackSecretResponseSchema, ...errors },
});

export const remove = defineRoute({
  method: 'DELETE',
  path: '/offers/:id',
  auth: 'user',
  tag,
  summary: 'Delete an offer (its entity or admins)',
  params: idParamsSchema,
  responses: { 200: messageResponseSchema, ...errors },
});
