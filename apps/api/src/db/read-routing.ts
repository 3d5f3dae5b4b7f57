// Which database a request reads from (docs/decisions/017-read-replicas.md). Public lists and
// searches read through `deps.forPublicRead(request)`: the replica (replica.ts) when one is
// configured, unless this client wrote something a moment ago — then the primary, and past the
// read cache, whose entries may come from the replica. Everything else uses `deps.db`: the primary.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { clientKey } from '../lib/client-key';
import type { Deps } from '../lib/deps';
import type { DbOrTx } from './client';
import type { ReadReplica } from './replica';
import { serverSecret } from './server-secrets.repository';

/**
 * Set on every successful write response while a replica is configured; its value is the time
 * (ms since the epoch) until which the client reads the primary, and that time's signature
 * (`<until>.<HMAC-SHA256, base64url>`). A cookie, so that any instance behind the load balancer
 * recognizes the client (the SPA's fetches send it by themselves); signed with a key all
 * instances share (server_secrets), so a client cannot make one up or change it.
 */
export const STICKY_COOKIE = 'tl_read_primary';

/** Instances' clocks may disagree this much; a cookie claiming a later time is ignored. */
const CLOCK_SKEW_MS = 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A method that may change something: any but GET/HEAD/OPTIONS. */
export function isWriteMethod(method: string): boolean {
  return !SAFE_METHODS.has(method);
}

/** A write that changed something: a write method (isWriteMethod) answered below 400. */
export function isSuccessfulWrite(request: FastifyRequest, reply: FastifyReply): boolean {
  return isWriteMethod(request.method) && reply.statusCode < 400;
}

/**
 * The signature of a sticky window's end for one client (its clientKey: an address, an IPv6
 * client's /64): HMAC-SHA256 under the shared key, base64url. Bound to the client, so a cookie
 * handed to another address does not send that one's reads past the replica and the read cache.
 */
function signature(until: string, key: string, client: string): string {
  return createHmac('sha256', key)
    .update(`${STICKY_COOKIE}=${until};${client}`)
    .digest('base64url');
}

/**
 * The read-cache scopes a successful write changed: those its handler named (changesReadCache),
 * else its route's `config.clearsReadCache` (every write route declares them: lib/read-cache/plugin.ts);
 * none for a write no route declares (a form posted to a page's address, answered 303).
 */
export function writeScopes(request: FastifyRequest): readonly string[] {
  return request.readCacheScopes ?? request.routeOptions.config?.clearsReadCache ?? [];
}

/**
 * Whether the Cookie header carries a sticky window that is still open at `now`, signed with
 * `key` for this `client`. A forged or changed cookie (no signature, another key's, another
 * time's, another client's) does not count; nor does a value further ahead than the window itself
 * (a cookie of a longer REPLICA_STICKY_MS).
 */
export function withinStickyWindow(
  cookieHeader: string | undefined,
  now: number,
  stickyMs: number,
  key: string,
  client: string,
): boolean {
  if (!cookieHeader || stickyMs === 0) return false;
  const at = cookieHeader.indexOf(`${STICKY_COOKIE}=`);
  if (at === -1 || (at > 0 && !/[;\s]/.test(cookieHeader[at - 1]!))) return false;
  const match = /^(\d{1,15})\.([\w-]{43})(?=;|\s|$)/.exec(
    cookieHeader.slice(at + STICKY_COOKIE.length + 1),
  );
  if (!match) return false;
  const until = Number(match[1]);
  if (!(until > now && until <= now + stickyMs + CLOCK_SKEW_MS)) return false;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signature(match[1]!, key, client));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Set-Cookie value that opens the sticky window at `now` for `client`, signed with `key`. */
export function stickyCookie(
  now: number,
  stickyMs: number,
  secure: boolean,
  key: string,
  client: string,
): string {
  const maxAge = Math.ceil(stickyMs / 1000);
  const until = String(now + stickyMs);
  return (
    `${STICKY_COOKIE}=${until}.${signature(until, key, client)}; Max-Age=${maxAge}; ` +
    `Path=/api; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
  );
}

/**
 * The deps of buildApp with `forPublicRead`: the same deps for every request without a replica;
 * with one, a copy whose `db` reads from it, except for a client inside its sticky window.
 */
export function withReadRouting(base: Omit<Deps, 'forPublicRead'>, replica?: ReadReplica): Deps {
  const primary: Deps = {
    ...base,
    forPublicRead: replica
      ? (request) => (request.readsPrimary ? primary : onReplica)
      : () => primary,
  };
  const onReplica: Deps = replica ? { ...primary, db: replica.db } : primary;
  return primary;
}

/**
 * Decides once per request whether it reads the primary (`request.readsPrimary`), opens the
 * sticky window on every successful write, and logs the replica going away and coming back.
 * Without a replica nothing is added but the (always false) request flag.
 */
export async function registerReadRouting(
  app: FastifyInstance,
  config: Config,
  replica: ReadReplica | undefined,
  primary: DbOrTx,
): Promise<void> {
  app.decorateRequest('readsPrimary', false);
  if (!replica) return;
  const stickyMs = config.REPLICA_STICKY_MS;
  const secure = config.APP_URL.startsWith('https:');

  replica.onStateChange = (state, reason) => {
    if (state === 'ok') app.log.info({ replica: state }, 'read replica: reads go to it again');
    else {
      const detail = reason instanceof Error ? { err: reason } : { reason };
      app.log.warn({ replica: state, ...detail }, 'read replica: reads go to the primary');
    }
  };

  if (stickyMs === 0) return;
  // One key for every instance of this database, made by the first (docs/decisions/017).
  const key = await serverSecret(primary, 'read_primary_cookie');
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      withinStickyWindow(request.headers.cookie, Date.now(), stickyMs, key, clientKey(request.ip))
    ) {
      request.readsPrimary = true;
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Only a write that changed what a cached public read shows opens the window: any other (a
    // sign-in's options, a page's form post) would hand out a way past the read cache for free.
    if (isSuccessfulWrite(request, reply) && writeScopes(request).length > 0) {
      reply.header(
        'set-cookie',
        stickyCookie(Date.now(), stickyMs, secure, key, clientKey(request.ip)),
      );
    }
    done(null, payload);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This client wrote within REPLICA_STICKY_MS (a replica is configured): its public reads go
     * to the primary and past the read cache.
     */
    readsPrimary: boolean;
  }
}
