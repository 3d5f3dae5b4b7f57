import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';

export const ERROR_MESSAGES = {
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  invalidJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type. Send JSON.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  nulCharacter: 'Text must not contain NUL (\\u0000) characters.',
  invalidText: 'Invalid input: a value has the wrong format.',
} as const;

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
 * One error shape for the whole API (ARCHITECTURE §5): `{ error, details? }` with an honest status.
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
      return reply
        .status(err.statusCode)
        .send(err.details ? { error: err.message, details: err.details } : { error: err.message });
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
    request.log.error({ err }, 'unhandled error');
    // A database that is away is a temporary condition, not a bug: tell clients to come back.
    if (isDatabaseUnavailable(err)) {
      return reply
        .status(503)
        .send({ error: 'The service is temporarily unavailable. Please try again shortly.' });
    }
    return reply.status(500).send({ error: ERROR_MESSAGES.internal });
  });
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
]);

function isInputError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_ERROR_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
