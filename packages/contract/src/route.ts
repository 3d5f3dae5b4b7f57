import type { z } from 'zod';
import type { Role } from './constants';

/**
 * One description per endpoint (docs/decisions/046-route-table.md). Each area's file in
 * `routes/` defines its endpoints once with `defineRoute`; the API registers its /api routes only
 * from these (apps/api/src/lib/route-table.ts), the web calls them with `call(route, input)`
 * (apps/web/src/lib/call.ts) and the tests walk `ALL_ROUTES` (routes/index.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route (default deny, apps/api/src/auth/guards.ts): 'public' — anyone; 'user' —
 * any signed-in user; a list of roles — only those.
 */
export type RouteAuth = 'public' | 'user' | readonly Role[];

export interface RouteDef {
  readonly method: HttpMethod;
  /** Under /api, in the router's syntax: `/saved-searches/:id`. */
  readonly path: `/${string}`;
  readonly auth: RouteAuth;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** The OpenAPI tag (the area). */
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every answer the route gives, by status: its success (2xx) and the errors it declares. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

/** A route of the table, its types kept exactly as written. */
export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

type Schema<R, K extends 'params' | 'query' | 'body'> = R extends { readonly [P in K]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

type SuccessCode = 200 | 201 | 202 | 204;

/** The route's path parameters as the API reads them (after parsing). */
export type RouteParams<R extends RouteDef> = z.output<Schema<R, 'params'>>;
/** The route's query string as the API reads it. */
export type RouteQuery<R extends RouteDef> = z.output<Schema<R, 'query'>>;
/** The route's body as the API reads it. */
export type RouteBody<R extends RouteDef> = z.output<Schema<R, 'body'>>;

type SuccessSchema<R extends RouteDef> = R['responses'][Extract<keyof R['responses'], SuccessCode>];

/**
 * What a handler returns (before serialisation). Every route of the table declares its success
 * (apps/api/src/lib/route-table.test.ts); a test's probe route may leave it out (then unknown).
 */
export type RouteResult<R extends RouteDef> = [SuccessSchema<R>] extends [never]
  ? unknown
  : SuccessSchema<R> extends z.ZodType
    ? z.input<SuccessSchema<R>>
    : unknown;

/** What a client receives on success (after JSON). */
export type RouteAnswer<R extends RouteDef> = [SuccessSchema<R>] extends [never]
  ? unknown
  : SuccessSchema<R> extends z.ZodType
    ? z.output<SuccessSchema<R>>
    : unknown;

type Part<R, K extends 'params' | 'query' | 'body'> = [Schema<R, K>] extends [never]
  ? { readonly [P in K]?: never }
  : undefined extends z.input<Schema<R, K>>
    ? { readonly [P in K]?: z.input<Schema<R, K>> }
    : K extends 'query'
      ? { readonly [P in K]?: z.input<Schema<R, K>> }
      : { readonly [P in K]: z.input<Schema<R, K>> };

/** What a client sends: `{ params, query, body }`, each present when the route declares it. */
export type RouteInput<R extends RouteDef> = Part<R, 'params'> & Part<R, 'query'> & Part<R, 'body'>;

/** True when the route can be called without any input (no params, no required body). */
export type InputOptional<R extends RouteDef> = object extends RouteInput<R> ? true : false;

/** `METHOD /path` of a route: its key in logs, errors and tests. */
export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/**
 * The route's path with its parameters filled in (each encoded), under /api's root:
 * `routePath(savedSearches.rename, { id: 'a b' })` → `/saved-searches/a%20b`.
 */
export function routePath(
  route: Pick<RouteDef, 'path'>,
  params?: Readonly<Record<string, unknown>>,
): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${route.path}: the parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}
