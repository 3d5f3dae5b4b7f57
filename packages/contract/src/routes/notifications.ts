import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import {
  markReadResponseSchema,
  markReadSchema,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unsubscribeSchema,
} from '../notifications';
import { messageResponseSchema } from '../users';

/** A user's in-app notifications, which of them also come by email, and the mail's unsubscribe link. */
const tag = 'notifications';
const errors = errorResponses(400, 401, 403, 404);

export const list = defineRoute({
  method: 'GET',
  path: '/notifications',
  auth: 'user',
  tag,
  summary: 'The caller’s notifications, newest first, with the unread count',
  query: notificationsQuerySchema,
  responses: { 200: notificationsResponseSchema, ...errors },
});

export const markRead = defineRoute({
  method: 'POST',
  path: '/notifications/read',
  auth: 'user',
  tag,
  summary: 'Mark some ({ids}) or all ({all: true}) of the caller’s notifications read',
  body: markReadSchema,
  responses: { 200: markReadResponseSchema, ...errors },
});

export const getPreferences = defineRoute({
  method: 'GET',
  path: '/notifications/preferences',
  auth: 'user',
  tag,
  summary: 'The event types the caller also gets by email',
  responses: { 200: notificationPreferencesSchema, ...errors },
});

export const setPreferences = defineRoute({
  method: 'PUT',
  path: '/notifications/preferences',
  auth: 'user',
  tag,
  summary: 'Choose per event type: in app only, or in app and email',
  body: notificationPreferencesSchema,
  responses: { 200: notificationPreferencesResponseSchema, ...errors },
});

// The mail's one-click link: the token names the user, no login needed.
export const unsubscribe = defineRoute({
  method: 'POST',
  path: '/notifications/unsubscribe',
  auth: 'public',
  tag,
  summary: 'Stop emails of one event type (token from the mail’s link)',
  body: unsubscribeSchema,
  responses: { 200: messageResponseSchema, ...errors },
});
