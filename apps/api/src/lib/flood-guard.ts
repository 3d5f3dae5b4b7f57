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

export interface ClientWindow {
  count: number;
  startedAt: number;
}

/**
 * Each client's count of something in fixed windows of `windowMs`, counted from its first (as
 * @fastify/rate-limit's in-process store did), in one Map bounded by `maxClients` (the oldest
 * windows go first): the flood guard's requests, the server renders of modules/pages.
 */
export class ClientWindows {
  private readonly clients = new Map<string, ClientWindow>();

  constructor(
    private readonly windowMs: number,
    private readonly maxClients = 100_000,
  ) {}

  /** Counts one for client `key` at `at`; answers its window (the count includes this one). */
  count(key: string, at: number): ClientWindow {
    let window = this.clients.get(key);
    if (window === undefined || window.startedAt + this.windowMs <= at) {
      // A new window goes to the end of the Map's order, so the oldest windows are dropped first.
      if (window !== undefined) this.clients.delete(key);
      else if (this.clients.size >= this.maxClients) {
        this.clients.delete(this.clients.keys().next().value!);
      }
      window = { count: 0, startedAt: at };
      this.clients.set(key, window);
    }
    window.count += 1;
    return window;
  }

  /** Whole seconds until `window` ends (Retry-After, x-ratelimit-reset). */
  secondsLeft(window: ClientWindow, at: number): number {
    return Math.ceil((window.startedAt + this.windowMs - at) / 1000);
  }
}

export function registerFloodGuard(app: FastifyInstance, options: FloodGuardOptions): void {
  const { max, windowMs, message, maxClients = 100_000, now = Date.now } = options;
  const clients = new ClientWindows(windowMs, maxClients);
  const limit = String(max);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.rateLimit === false) return done();
    const at = now();
    const window = clients.count(clientKey(request.ip), at);
    const reset = String(clients.secondsLeft(window, at));
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
