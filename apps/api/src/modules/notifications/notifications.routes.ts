import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@trustlinks/contract/errors';
import {
  markReadResponseSchema,
  markReadSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unsubscribeSchema,
} from '@trustlinks/contract/notifications';
import { messageResponseSchema } from '@trustlinks/contract/users';
import { requireUser } from '../../auth/guards';
import { READ_CACHE_SCOPES } from '../../lib/read-cache';
import * as service from './notifications.service';

const tags = ['notifications'];
const errors = errorResponses(400, 401, 403, 404);

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/notifications',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errors },
      },
    },
    async (req) => service.listForUser(deps, requireUser(req), req.query),
  );

  app.post(
    '/notifications/read',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Mark some ({ids}) or all ({all: true}) of the caller’s notifications read',
        body: markReadSchema,
        response: {
          200: markReadResponseSchema,
          ...errors,
        },
      },
    },
    async (req) => service.markAsRead(deps, requireUser(req), req.body),
  );

  app.get(
    '/notifications/preferences',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The event types the caller also gets by email',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (req) => service.getPreferences(deps, requireUser(req)),
  );

  app.put(
    '/notifications/preferences',
    {
      config: { auth: 'user', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Choose per event type: in app only, or in app and email',
        body: notificationPreferencesSchema,
        response: {
          200: notificationPreferencesResponseSchema,
          ...errors,
        },
      },
    },
    async (req) => service.setPreferences(deps, requireUser(req), req.body.email),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      // The mail's one-click link: the token names the user, no login needed.
      config: { auth: 'public', clearsReadCache: READ_CACHE_SCOPES.none },
      schema: {
        tags,
        summary: 'Stop emails of one event type (token from the mail’s link)',
        body: unsubscribeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (req) => service.unsubscribe(deps, req.body.token, req.body.type),
  );
};
