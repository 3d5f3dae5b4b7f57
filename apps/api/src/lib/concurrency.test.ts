import { AsyncLocalStorage } from 'node:async_hooks';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers';
import { Admission, registerRequestAdmission } from './concurrency';

describe('Admission', () => {
  it('starts at most its limit, then the waiting ones in the order they came', () => {
    const admission = new Admission(2);
    const started: number[] = [];
    for (const n of [1, 2, 3, 4]) admission.enter(() => started.push(n));
    expect(started).toEqual([1, 2]);
    expect(admission.stats).toEqual({ active: 2, waiting: 2 });
    admission.leave();
    expect(started).toEqual([1, 2, 3]);
    admission.leave();
    admission.leave();
    expect(started).toEqual([1, 2, 3, 4]);
    admission.leave();
    expect(admission.stats).toEqual({ active: 0, waiting: 0 });
    admission.enter(() => started.push(5));
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts a waiting one in its own async context, not in that of the turn that ended', () => {
    const context = new AsyncLocalStorage<string>();
    const admission = new Admission(1);
    admission.enter(() => {});
    let seen: string | undefined;
    context.run('the waiting request', () =>
      admission.enter(() => {
        seen = context.getStore();
      }),
    );
    context.run('the request whose turn ended', () => admission.leave());
    expect(seen).toBe('the waiting request');
  });
});

/** Raw HTTP/1.1 on a socket: the test decides when each byte goes and when the client leaves. */
function rawRequest(port: number, head: string, body = '') {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.write(head + body);
  return {
    socket,
    send: (more: string) => socket.write(more),
    answered: () => vi.waitFor(() => expect(received).toMatch(/^HTTP\/1\.1 \d{3}/), 3000),
    text: () => received,
  };
}

/**
 * The admission hooks on a real server and real sockets, with routes the test holds open: one
 * turn (limit 1) makes every rule visible.
 */
describe('registerRequestAdmission (limit 1)', () => {
  let app: FastifyInstance;
  let port: number;
  let open: (() => void) | null = null;
  const order: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    registerRequestAdmission(app, 1);
    app.get('/held', async () => {
      order.push('held');
      await new Promise<void>((resolve) => (open = resolve));
      return { route: 'held' };
    });
    app.get('/quick', async () => {
      order.push('quick');
      return { route: 'quick' };
    });
    app.post('/echo', async (request) => request.body);
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());
  afterEach(() => {
    open?.();
    open = null;
    order.length = 0;
  });

  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
  /** A request that holds the one turn until the test opens it (its answer, not awaited). */
  const holdTheTurn = async () => {
    const held = get('/held');
    await vi.waitFor(() => expect(open).not.toBeNull());
    return { held };
  };

  it('a request waits while the turn is taken, and is worked on once it is free', async () => {
    const { held } = await holdTheTurn();
    const quick = get('/quick');
    await vi.waitFor(() => expect(app.admission!.stats).toEqual({ active: 1, waiting: 1 }));
    expect(order).toEqual(['held']);
    open!();
    expect((await held).status).toBe(200);
    expect(await (await quick).json()).toEqual({ route: 'quick' });
    expect(order).toEqual(['held', 'quick']);
    expect(app.admission!.stats).toEqual({ active: 0, waiting: 0 });
  });

  it('a client that leaves while it waits gives its turn back (no turn is lost)', async () => {
    const { held } = await holdTheTurn();
    const leaving = rawRequest(port, 'GET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    await vi.waitFor(() => expect(app.admission!.stats.waiting).toBe(1));
    leaving.socket.destroy();
    await new Promise((resolve) => leaving.socket.once('close', resolve));
    open!();
    await held;
    // Its turn came and went without work; the next request is answered at once.
    expect((await get('/quick')).status).toBe(200);
    expect(order).toEqual(['held', 'quick']);
    expect(app.admission!.stats).toEqual({ active: 0, waiting: 0 });
  });

  it('a client sending its body slowly holds no turn', async () => {
    const slow = rawRequest(
      port,
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n',
      '{"a":',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await get('/quick')).status).toBe(200);
    slow.send('"bcd"}');
    await slow.answered();
    expect(slow.text()).toContain('{"a":"bcd"}');
    slow.socket.destroy();
  });

  it('a client reading slowly holds no turn: it ends when the answer is handed over', async () => {
    const reader = rawRequest(port, 'GET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    reader.socket.pause();
    await vi.waitFor(() => expect(order).toEqual(['quick']));
    await vi.waitFor(() => expect(app.admission!.stats).toEqual({ active: 0, waiting: 0 }));
    reader.socket.destroy();
  });

  it('in-process requests (app.inject) are never held', async () => {
    const { held } = await holdTheTurn();
    const inner = await app.inject({ method: 'GET', url: '/quick' });
    expect(inner.statusCode).toBe(200);
    expect(app.admission!.stats).toEqual({ active: 1, waiting: 0 });
    open!();
    await held;
  });
});

describe('the app takes requests in turn (MAX_ACTIVE_REQUESTS)', () => {
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { MAX_ACTIVE_REQUESTS: '1' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app.server.address() as net.AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  it('answers many requests sent at once, one at a time, and none is lost', async () => {
    expect(ctx.app.admission?.limit).toBe(1);
    const paths = [1, 2, 3, 4, 5].map((page) => `/api/offers/fetch_all?page=${page}`);
    const answers = await Promise.all(
      [...paths, '/api/health', '/api/companies-count-does-not-exist'].map((p) => fetch(base + p)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 404]);
    expect(ctx.app.admission!.stats).toEqual({ active: 0, waiting: 0 });
  });

  it('0 turns the limit off', async () => {
    const off = await buildTestApp({ config: { MAX_ACTIVE_REQUESTS: '0' } });
    try {
      expect(off.app.admission).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
