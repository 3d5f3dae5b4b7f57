import type { FastifyInstance } from 'fastify';
import { clientKey } from './client-key';

/**
 * The per-instance flood guard of docs/decisions/002-rate-limits.md: at most `max` requests per
 * client address in a window of `windowMs`, counted from the address's first request (as
 * @fastify/rate-limit's in-process store did), unknown paths included; a route opts out with
 * `config: { rateLimit: false }` (the health check). Every counted answer carries
 * `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset` (seconds); past the limit
 * the answer is a 429 with `retry-after` and `message`.
 *
 * One synchronous onRequest hook and a Map: the plugin it replaces spent ~15 µs a request in
 * promises and option objects, a sixth of a cached answer (docs/decisions/016-cpu-per-request.md).
 */
export interface FloodGuardOptions {
  max: number;
  windowMs: number;
  /** The 429's `error`. */
  message: string;
  /** Addresses kept at once (the oldest first go past it); default 100,000. */
  maxClients?: number;
  now?: () => number;
}

interface Window {
  count: number;
  startedAt: number;
}

export function registerFloodGuard(app: FastifyInstance, options: FloodGuardOptions): void {
  const { max, windowMs, message, maxClients = 100_000, now = Date.now } = options;
  const clients = new Map<string, Window>();
  const limit = String(max);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.rateLimit === false) return done();
    const at = now();
    const key = clientKey(request.ip);
    let window = clients.get(key);
    if (window === undefined || window.startedAt + windowMs <= at) {
      // A new window goes to the end of the Map's order, so the oldest windows are dropped first.
      if (window !== undefined) clients.delete(key);
      else if (clients.size >= maxClients) clients.delete(clients.keys().next().value!);
      window = { count: 0, startedAt: at };
      clients.set(key, window);
    }
    window.count += 1;
    const reset = String(Math.ceil((window.startedAt + windowMs - at) / 1000));
    reply.headers({
      'x-ratelimit-limit': limit,
      'x-ratelimit-remaining': String(Math.max(0, max - window.count)),
      'x-ratelimit-reset': reset,
    });
    if (window.count <= max) return done();
    reply.code(429).header('retry-after', reset).send({ error: message });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: not counted by the flood guard (lib/flood-guard.ts). */
    rateLimit?: false;
  }
}
