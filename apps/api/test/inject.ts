import type { FastifyInstance } from 'fastify';
import type { ApiError } from '@trustlinks/contract/errors';
import {
  routePath,
  type InputOptional,
  type RouteAnswer,
  type RouteDef,
  type RouteInput,
} from '@trustlinks/contract/route';

/** What a table route answered: its status, headers, and the body typed by the route. */
export interface Injected<R extends RouteDef> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The raw body text. */
  text: string;
  /** The success body, typed by the route's 2xx schema; throws, with the body, on another status. */
  answer(): RouteAnswer<R>;
  /** The error body of a 4xx/5xx answer; throws on a success. */
  error(): ApiError;
}

type InjectInput<R extends RouteDef> = RouteInput<R> & {
  headers?: Record<string, string>;
};

type InjectArgs<R extends RouteDef> =
  InputOptional<R> extends true ? [input?: InjectInput<R>] : [input: InjectInput<R>];

/**
 * Calls one route of the table as a client would (docs/decisions/046-route-table.md): the method
 * and path come from its description, the input is typed by its schemas.
 * `const res = await inject(app, savedSearches.rename, { params: { id }, body: { name }, headers })`.
 */
export async function inject<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  ...[input]: InjectArgs<R>
): Promise<Injected<R>> {
  const { params, query, body, headers } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, string | string[]>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const res = await app.inject({
    method: route.method,
    url: `/api${routePath(route, params)}`,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { payload: body as object } : {}),
    ...(headers ? { headers } : {}),
  });
  const label = `${route.method} ${route.path} answered ${res.statusCode}: ${res.body}`;
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  return {
    status: res.statusCode,
    headers: res.headers,
    text: res.body,
    answer() {
      if (!ok) throw new Error(label);
      return (res.body ? res.json() : undefined) as RouteAnswer<R>;
    },
    error() {
      if (ok) throw new Error(label);
      return res.json() as ApiError;
    },
  };
}
