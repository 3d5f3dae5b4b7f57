import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import { idParamsSchema } from '@trustlinks/contract/params';
import {
  contactFormSchema,
  contactMessagesQuerySchema,
  contactMessagesResponseSchema,
  contactSentResponseSchema,
  entityContactSchema,
  entityMessagesQuerySchema,
  entityMessagesResponseSchema,
} from '@trustlinks/contract/contact';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as service from './contact.service';

const tags = ['contact'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Contact messages and 'Join' (docs/decisions/026-public-pages-and-data-rights.md). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    '/contact',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Send a message to the TrustLinks team (stored and mailed to the admins)',
        body: contactFormSchema,
        response: { 201: contactSentResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.sendContactMessage(deps, req.auth?.user ?? null, req.ip, req.body)),
  );

  app.get(
    '/entities/:id/join',
    {
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: "Go to the entity's own sign-up page (counted as a visit it sent)",
        params: idParamsSchema,
        response: { ...errors },
      },
    },
    async (req, reply) => reply.redirect(await service.joinEntity(deps, req.params.id), 302),
  );

  app.post(
    '/entities/:id/contact',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary:
          'Ask a company without a sign-up page to join it (its verified accounts are told; the text stays in the app)',
        params: idParamsSchema,
        body: entityContactSchema,
        response: { 201: contactSentResponseSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.contactEntity(deps, requireUser(req), req.params.id, req.body.message)),
  );

  app.get(
    '/entities/:id/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The company's messages from members (its own accounts only), newest first",
        params: idParamsSchema,
        querystring: entityMessagesQuerySchema,
        response: { 200: entityMessagesResponseSchema, ...errors },
      },
    },
    async (req) => service.listForEntity(deps, requireUser(req), req.params.id, req.query),
  );

  app.get(
    '/admin/contact-messages',
    {
      config: { auth: ['admin'] },
      schema: {
        tags,
        summary: 'Contact messages, newest first (admins)',
        querystring: contactMessagesQuerySchema,
        response: { 200: contactMessagesResponseSchema, ...errors },
      },
    },
    async (req) => service.listForAdmin(deps, req.query),
  );

  app.post(
    '/admin/contact-messages/:id/read',
    {
      config: { auth: ['admin'], clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Mark a contact message as read (admins)',
        params: idParamsSchema,
        response: { 200: contactSentResponseSchema, ...errors },
      },
    },
    async (req) => service.markRead(deps, req.params.id),
  );
};
