import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../errors';

export { isDatabaseUnavailable };

export const ERROR_MESSAGES = {
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type. Send JSON.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  nulCharacter: 'Text must not contain NUL (\\u0000) characters.',
  invalidText: 'Invalid input: a value has the wrong format.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;

/** Seconds a client should wait before retrying a 503 (sent as Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold NUL; refuse it up front with a clear 400 rather than let a query
 * fail deep inside a service.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new HttpError(400, ERROR_MESSAGES.nulCharacter);
    }
  });
}

/** PostgreSQL errors that mean "bad input", should one slip past validation. */
const INPUT_ERROR_CODES = new Set(['22P02', '22021', '22P05', '22001', '22003', '22007', '22008']);

function humanise(context: string | undefined, path: string, message: string): string {
  const where = path ? `${path}` : context === 'body' ? 'request body' : (context ?? 'request');
  return `${where}: ${message}`;
}

/**
 * One error shape for the whole API (docs/architecture.md#cross-cutting-rules): `{ error, details? }` with an honest status.
 * Bad input is always 4xx; only genuine faults are 500, and their details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'is invalid',
      }));
      const first = details[0]!;
      return reply.status(400).send({
        error: `Invalid input: ${humanise(err.validationContext, first.path, first.message)}`,
        details,
      });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        error: err.message,
        ...(err.details ? { details: err.details } : {}),
        ...(err.code ? { code: err.code } : {}),
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: ERROR_MESSAGES.rateLimited });
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? ERROR_MESSAGES.invalidJson
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? ERROR_MESSAGES.tooLarge
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? ERROR_MESSAGES.unsupportedMediaType
              : err.message;
      return reply.status(status).send({ error: message });
    }
    if (isInputError(err)) {
      request.log.warn({ err }, 'input rejected by the database');
      return reply.status(400).send({ error: ERROR_MESSAGES.invalidText });
    }
    // A database that is away is a temporary condition, not a bug: tell clients to come back.
    // One line per request, without the stack: during an outage every request ends up here.
    if (isDatabaseUnavailable(err)) {
      request.log.warn(`database unavailable: ${rootMessage(err)}`);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: ERROR_MESSAGES.unavailable });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: ERROR_MESSAGES.internal });
  });
}

function isInputError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_ERROR_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The driver's own words, without drizzle's "Failed query: <sql> params: <values>" wrapping. */
function rootMessage(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (e as { cause?: unknown }).cause;
    if (!cause || typeof cause !== 'object') break;
    e = cause;
  }
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : 'connection error';
}
