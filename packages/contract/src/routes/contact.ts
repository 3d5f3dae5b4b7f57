import { defineRoute } from '../route';
import {
  contactFormSchema,
  contactMessagesQuerySchema,
  contactMessagesResponseSchema,
  contactSentResponseSchema,
  entityContactSchema,
  entityMessagesQuerySchema,
  entityMessagesResponseSchema,
} from '../contact';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';

/** Contact messages and 'Join' (docs/decisions/026-public-pages-and-data-rights.md). */
const tag = 'contact';
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const send = defineRoute({
  method: 'POST',
  path: '/contact',
  auth: 'public',
  tag,
  summary: 'Send a message to the TrustLinks team (stored and mailed to the admins)',
  body: contactFormSchema,
  responses: { 201: contactSentResponseSchema, ...errors },
});

export const join = defineRoute({
  method: 'GET',
  path: '/entities/:id/join',
  auth: 'public',
  tag,
  summary: "Go to the entity's own sign-up page (counted as a visit it sent)",
  params: idParamsSchema,
  responses: { ...errors },
});

export const contactEntity = defineRoute({
  method: 'POST',
  path: '/entities/:id/contact',
  auth: 'user',
  tag,
  summary:
    'Ask a company without a sign-up page to join it (its verified accounts are told; the text stays in the app)',
  params: idParamsSchema,
  body: entityContactSchema,
  responses: { 201: contactSentResponseSchema, ...errors },
});

export const entityMessages = defineRoute({
  method: 'GET',
  path: '/entities/:id/messages',
  auth: 'user',
  tag,
  summary: "The company's messages from members (its own accounts only), newest first",
  params: idParamsSchema,
  query: entityMessagesQuerySchema,
  responses: { 200: entityMessagesResponseSchema, ...errors },
});

export const listForAdmin = defineRoute({
  method: 'GET',
  path: '/admin/contact-messages',
  auth: ['admin'],
  tag,
  summary: 'Contact messages, newest first (admins)',
  query: contactMessagesQuerySchema,
  responses: { 200: contactMessagesResponseSchema, ...errors },
});

export const markRead = defineRoute({
  method: 'POST',
  path: '/admin/contact-messages/:id/read',
  auth: ['admin'],
  tag,
  summary: 'Mark a contact message as read (admins)',
  params: idParamsSchema,
  responses: { 200: contactSentResponseSchema, ...errors },
});
