import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import {
  routeKey,
  type RouteBody,
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
} from '@trustlinks/contract/route';
import { ALL_ROUTES } from '@trustlinks/contract/routes/index';

/**
 * The API's side of the route table (docs/decisions/046-route-table.md): an /api route is
 * registered only from its description in packages/contract/src/routes, with its method, path,
 * auth rule, schemas and summary taken from there; what stays here is the server's own: the
 * handler and the route's server-side settings (the read-cache scopes a write clears, the
 * sessions held back that may still call it, the flood guard's opt-out).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table's description this route was registered from (registerRouteTable checks it). */
    route?: RouteDef;
  }
}

/**
 * A route's server-side settings: everything of `config` but what the table already says, and
 * `bodyLimit` for the rare route that takes more than the server's default body (a review's proofs).
 */
export type RouteSettings = Omit<FastifyContextConfig, 'auth' | 'route' | 'url' | 'method'> & {
  bodyLimit?: number;
};

type Known<T> = [T] extends [never] ? unknown : T;

/** The request a table route's handler gets: params, query and body as parsed by its schemas. */
export type TableRequest<R extends RouteDef> = FastifyRequest<{
  Params: Known<RouteParams<R>>;
  Querystring: Known<RouteQuery<R>>;
  Body: Known<RouteBody<R>>;
}>;

/** A handler answers the route's success body, or sends through `reply` (another status, a file). */
export type TableHandler<R extends RouteDef> = (
  request: TableRequest<R>,
  reply: FastifyReply,
) => Promise<RouteResult<R> | FastifyReply> | RouteResult<R> | FastifyReply;

/** Registers `route` of the table on `app` (inside a plugin registered with prefix '/api'). */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  settings: RouteSettings,
  handler: TableHandler<R>,
): void {
  const { bodyLimit, ...config } = settings;
  app.route({
    method: route.method,
    url: route.path,
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    config: { ...config, auth: route.auth, route },
    schema: {
      tags: [route.tag],
      summary: route.summary,
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: route.responses,
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** Routes under /api outside the table: the OpenAPI document and its UI. */
const TABLE_EXEMPT_PREFIXES = ['/api/docs'];

/**
 * Start-up refuses an /api route that is not the table's (registered by hand, or under another
 * path or method than its description says), and a table route no module registered.
 */
export function registerRouteTable(
  app: FastifyInstance,
  table: readonly RouteDef[] = ALL_ROUTES,
): void {
  // By `METHOD /api/path`, to check what is registered against.
  const byKey = new Map(
    table.map((route) => [routeKey({ ...route, path: `/api${route.path}` }), route]),
  );
  const registered = new Set<RouteDef>();
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith('/api')) return;
    if (TABLE_EXEMPT_PREFIXES.some((prefix) => options.url.startsWith(prefix))) return;
    const methods = [options.method].flat();
    if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
    const key = `${methods.join(',')} ${options.url}`;
    const route = options.config?.route;
    if (!route || byKey.get(key) !== route) {
      throw new Error(
        `Route ${key} is not in the route table: describe it with defineRoute in packages/contract/src/routes and register it with addRoute (lib/route-table.ts)`,
      );
    }
    registered.add(route);
  });
  app.addHook('onReady', async () => {
    const missing = table.filter((route) => !registered.has(route)).map(routeKey);
    if (missing.length > 0) {
      throw new Error(`The route table lists routes no module registers: ${missing.join(', ')}`);
    }
  });
}
