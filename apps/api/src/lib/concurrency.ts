import { AsyncResource } from 'node:async_hooks';
import { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * At most `limit` client requests are worked on at once; the others wait their turn, in the
 * order they came (docs/decisions/038-request-admission.md).
 *
 * Why: one Node process interleaves every request it has started. Under load, a request that
 * needs several database round trips (a miss, a write) waits behind every other started request
 * at each of them, so its time grows with their number, not with its own work. Admitted in
 * turn, the requests being worked on are few: each round trip waits behind few, and the waiting
 * is done once, in line.
 *
 * A turn starts before the first hook of a request without a body, and once the body has arrived
 * for one with a body (a client sending slowly holds no turn). It ends when the answer is handed
 * over (onSend: a client reading slowly holds none either), or when the client leaves. Answers
 * from the read cache take turns too: under load the turns bound how many requests the event
 * loop interleaves, whatever each costs. In-process requests (`app.inject`: the server-rendered
 * pages' reads, made while their page holds a turn) are never held: they would wait for the turn
 * their page keeps.
 */
export function registerRequestAdmission(app: FastifyInstance, limit: number): void {
  if (limit <= 0) return;
  const admission = new Admission(limit);
  app.decorate('admission', admission);
  app.decorateRequest('endTurn', null);
  const begin = (request: FastifyRequest, reply: FastifyReply, done: () => void) =>
    admission.enter(() => {
      // The client left while it waited: its turn goes to the next one, nothing is worked on.
      if (request.raw.socket?.destroyed !== false) return admission.leave();
      let held = true;
      const end = () => {
        if (!held) return;
        held = false;
        admission.leave();
      };
      request.endTurn = end;
      reply.raw.once('close', end);
      done();
    });
  // A request without a body takes its turn before its first hook (the session check included);
  // one with a body once the body has arrived.
  app.addHook('onRequest', (request, reply, done) => {
    if (!fromClient(request) || hasBody(request)) return done();
    begin(request, reply, done);
  });
  app.addHook('preValidation', (request, reply, done) => {
    if (!fromClient(request) || !hasBody(request)) return done();
    begin(request, reply, done);
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    request.endTurn?.();
    done(null, payload);
  });
}

/** A request from a client on a socket (not `app.inject`). */
const fromClient = (request: FastifyRequest) => request.raw instanceof IncomingMessage;

/** The request has a body to read (its turn starts once it has been read). */
const hasBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
};

/** A counting semaphore with a first-come, first-served line. */
export class Admission {
  private active = 0;
  private readonly line: (() => void)[] = [];
  private head = 0;

  constructor(readonly limit: number) {}

  /**
   * Runs `start` now if a turn is free, else when one is (in arrival order), in the async context
   * it was queued from: not in that of the request whose turn ended.
   */
  enter(start: () => void): void {
    if (this.active < this.limit) {
      this.active++;
      start();
    } else {
      // A resource and runInAsyncScope, not AsyncResource.bind: bind also defines a deprecated
      // property on every function it makes (0.6 % of the app's CPU under load).
      const context = new AsyncResource('TrustlinksAdmission');
      this.line.push(() => context.runInAsyncScope(start));
    }
  }

  /** A turn ends: the next in line starts in it. */
  leave(): void {
    if (this.head === this.line.length) {
      this.active--;
      return;
    }
    const next = this.line[this.head]!;
    this.line[this.head++] = NOTHING;
    if (this.head === this.line.length) {
      this.line.length = 0;
      this.head = 0;
    }
    next();
  }

  /** Requests being worked on, and waiting. */
  get stats(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.line.length - this.head };
  }
}

const NOTHING = () => {};

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when MAX_ACTIVE_REQUESTS is above 0. */
    admission?: Admission;
  }
  interface FastifyRequest {
    /** Ends the request's turn (once; null outside one). */
    endTurn: (() => void) | null;
  }
}
