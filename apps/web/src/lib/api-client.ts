import { MFA_ENROLMENT_REQUIRED_CODE } from '@trustlinks/contract/mfa-codes';
import {
  routePath,
  type InputOptional,
  type RouteAnswer,
  type RouteDef,
  type RouteInput,
} from '@trustlinks/contract/route';
import { clearSession, getToken } from './session';

/**
 * The one HTTP client of the web app (docs/product/api.md intro, docs/product/errors.md "API client").
 *
 * - Every path is relative to API_BASE ('/api'); bodies are JSON.
 * - A stored token is sent as `Authorization: Bearer <token>`.
 * - A non-OK response throws ApiClientError whose message is the body's `error`, else its
 *   `message`, else 'HTTP error! status: {code}'. Failures are logged with console.error.
 * - A 401 to a request that carried the stored token means that session is over (expired,
 *   revoked, logged out elsewhere): the stored session is cleared, so the header flips to logged
 *   out. Calls whose 401 means something else (the login form's "Invalid email or password.")
 *   pass `keepSessionOnUnauthorized`.
 *
 * Sharing identical in-flight GETs is not done here: each feature reads through TanStack Query
 * (one file per call: fetcher + queryOptions + hook, docs/architecture.md#web-calls), and Query dedupes
 * identical requests by query key. The auth calls (login, register, logout, verify-email,
 * reset-password) are plain mutations and are never shared, as docs/product/api.md requires.
 */

export const API_BASE = '/api';

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  readonly status: number;
  readonly details: ApiErrorDetail[] | undefined;
  /** The parsed response body (JSON value or text), for callers that need more than the message. */
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
    this.details = readDetails(body);
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  /** Query string; arrays repeat the key, empty values (undefined, null, '') are skipped. */
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Do not clear the stored session when this call answers 401 (the login call). */
  keepSessionOnUnauthorized?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readDetails(body: unknown): ApiErrorDetail[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.details)) return undefined;
  return body.details.filter(
    (d): d is ApiErrorDetail =>
      isRecord(d) && typeof d.path === 'string' && typeof d.message === 'string',
  );
}

function bodyMessage(body: unknown): string | undefined {
  if (isRecord(body)) {
    if (typeof body.error === 'string' && body.error) return body.error;
    if (typeof body.message === 'string' && body.message) return body.message;
  }
  return undefined;
}

/** docs/product/errors.md: the body's error field, else its message field, else the HTTP status. */
export function errorMessageFrom(body: unknown, status: number): string {
  return bodyMessage(body) ?? `HTTP error! status: ${status}`;
}

/**
 * The message the server sent with a failure (its `error`, else `message`), or undefined when it
 * sent none (network failure, HTML error page, empty body). Screens use it for docs/product/errors.md's
 * "server message, else '<fallback>'" rule, so a bare 'HTTP error! status: 502' never reaches a user.
 */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiClientError ? bodyMessage(error.body) : undefined;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as QueryValue[]) {
      if (v === undefined || v === null || v === '') continue;
      params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The server renderer (src/entry-server.tsx) answers the app's reads in-process instead of over the
 * network; in the browser this stays unset and the global fetch is used.
 */
let serverFetch: typeof fetch | undefined;
export function setServerFetch(impl: typeof fetch | undefined): void {
  serverFetch = impl;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  // Headers are built before the first await, so a caller may clear the session right after
  // starting a request (logout) and this request still carries the token.
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal: options.signal ?? null };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const url = buildUrl(path, options.query);

  let response: Response;
  try {
    response = await (serverFetch ?? fetch)(url, init);
  } catch (error) {
    if (!isAbort(error)) console.error(`API ${method} ${url} failed:`, error);
    throw error;
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    if (!isAbort(error)) console.error(`API ${method} ${url} failed reading the response:`, error);
    throw error;
  }

  if (!response.ok) {
    // Only the session that made this call is cleared: if the user logged in again meanwhile
    // (a late answer of an old request), the new session stays.
    if (
      response.status === 401 &&
      token &&
      !options.keepSessionOnUnauthorized &&
      getToken() === token
    ) {
      clearSession();
    }
    // A session that must set up a second factor may do nothing else: to its set-up
    // (docs/decisions/033).
    if (
      response.status === 403 &&
      isRecord(data) &&
      data.code === MFA_ENROLMENT_REQUIRED_CODE &&
      typeof window !== 'undefined' &&
      window.location.pathname !== '/profile'
    ) {
      window.location.assign('/profile#two-factor');
    }
    const error = new ApiClientError(
      errorMessageFrom(data, response.status),
      response.status,
      data,
    );
    console.error(`API ${method} ${url} failed (${response.status}):`, error.message);
    throw error;
  }
  return data as T;
}

/** A call's client-side options (everything of RequestOptions but the query, which is input). */
export type CallOptions = Omit<RequestOptions, 'query'>;

type CallArgs<R extends RouteDef> =
  InputOptional<R> extends true
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

/**
 * Calls an endpoint of the route table (docs/decisions/046-route-table.md): method and path come
 * from its description, params, query and body are typed by its schemas, and the answer by its
 * success response: `call(savedSearches.rename, { params: { id }, body: { name } })`.
 */
export function call<R extends RouteDef>(route: R, ...[input, options]: CallArgs<R>) {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
  };
  return request<RouteAnswer<R>>(route.method, routePath(route, params), body, {
    ...options,
    query,
  });
}

/** The address of a GET endpoint of the table (a download link, an image): `/api/…?…`. */
export function routeUrl<R extends RouteDef>(
  route: R,
  input?: Pick<RouteInput<R>, 'params' | 'query'>,
): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
  };
  return buildUrl(routePath(route, params), query);
}
