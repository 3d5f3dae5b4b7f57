import { defineRoute } from '../route';
import { errorResponses } from '../errors';
import { idParamsSchema } from '../params';
import {
  threadListQuerySchema,
  threadListResponseSchema,
  threadMessageInputSchema,
  threadReportInputSchema,
  threadReportResolveInputSchema,
  threadReportResolveResponseSchema,
  threadReportResponseSchema,
  threadReportsQuerySchema,
  threadReportsResponseSchema,
  threadResponseSchema,
  threadSentResponseSchema,
  threadSubjectParamsSchema,
} from '../threads';

/** A thread per deal (docs/decisions/050-deal-threads.md). */
const tag = 'threads';
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const list = defineRoute({
  method: 'GET',
  path: '/threads',
  auth: 'user',
  tag,
  summary: "The caller's conversations, latest first, with how many are unread",
  query: threadListQuerySchema,
  responses: { 200: threadListResponseSchema, ...errors },
});

export const forSubject = defineRoute({
  method: 'GET',
  path: '/threads/for/:kind/:id',
  auth: 'user',
  tag,
  summary:
    'The conversation of an application, bid, request or company (its two parties only); marks it read',
  params: threadSubjectParamsSchema,
  responses: { 200: threadResponseSchema, ...errors },
});

export const writeForSubject = defineRoute({
  method: 'POST',
  path: '/threads/for/:kind/:id/messages',
  auth: 'user',
  tag,
  summary: 'Write in the conversation of an application, bid, request or company (opens it)',
  params: threadSubjectParamsSchema,
  body: threadMessageInputSchema,
  responses: { 201: threadSentResponseSchema, ...errors },
});

export const get = defineRoute({
  method: 'GET',
  path: '/threads/:id',
  auth: 'user',
  tag,
  summary: 'A conversation (its parties; an admin once a message was reported); marks it read',
  params: idParamsSchema,
  responses: { 200: threadResponseSchema, ...errors },
});

export const write = defineRoute({
  method: 'POST',
  path: '/threads/:id/messages',
  auth: 'user',
  tag,
  summary: 'Write in a conversation (its parties only)',
  params: idParamsSchema,
  body: threadMessageInputSchema,
  responses: { 201: threadSentResponseSchema, ...errors },
});

export const report = defineRoute({
  method: 'POST',
  path: '/threads/messages/:id/report',
  auth: 'user',
  tag,
  summary: "Report the other side's message to the admins (who may then read that conversation)",
  params: idParamsSchema,
  body: threadReportInputSchema,
  responses: { 201: threadReportResponseSchema, ...errors },
});

export const reportsForAdmin = defineRoute({
  method: 'GET',
  path: '/admin/thread-reports',
  auth: ['admin'],
  tag,
  summary:
    'Reported messages, newest first (admins): open ones (default) or resolved ones, with how each was settled',
  query: threadReportsQuerySchema,
  responses: { 200: threadReportsResponseSchema, ...errors },
});

export const resolveReport = defineRoute({
  method: 'POST',
  path: '/admin/thread-reports/:id/resolve',
  auth: ['admin'],
  tag,
  summary:
    'Settle a reported message (admins): dismiss (it stays) or remove (its text is no longer served); the reporter is told',
  params: idParamsSchema,
  body: threadReportResolveInputSchema,
  responses: { 200: threadReportResolveResponseSchema, ...errors },
});
