import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerFloodGuard } from './flood-guard';

async function guarded(max: number, clock: { now: number }, maxClients?: number) {
  const app = Fastify({ trustProxy: true });
  registerFloodGuard(app, {
    max,
    windowMs: 60_000,
    message: 'Too many requests.',
    now: () => clock.now,
    ...(maxClients === undefined ? {} : { maxClients }),
  });
  app.get('/hello', async () => ({ ok: true }));
  app.get('/health', { config: { rateLimit: false } }, async () => ({ ok: true }));
  await app.ready();
  const get = (url: string, ip = '10.0.0.1') =>
    app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': ip } });
  return { app, get };
}

describe('the flood guard', () => {
  it('counts each address in its own window and answers 429 past the limit', async () => {
    const clock = { now: 1_000_000 };
    const { app, get } = await guarded(2, clock);
    const first = await get('/hello');
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '60',
    });
    clock.now += 20_000;
    expect((await get('/hello')).headers['x-ratelimit-remaining']).toBe('0');
    const refused = await get('/hello');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many requests.' });
    expect(refused.headers['retry-after']).toBe('40');
    // Unknown paths count and are refused alike; another address has its own count.
    expect((await get('/nope')).statusCode).toBe(429);
    expect((await get('/hello', '10.0.0.2')).statusCode).toBe(200);
    // The window starts at the address's first request and ends a minute later.
    clock.now += 39_999;
    expect((await get('/hello')).statusCode).toBe(429);
    clock.now += 1;
    const again = await get('/hello');
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('1');
    await app.close();
  });

  it('leaves out routes that opt out (the health check), headers and count alike', async () => {
    const clock = { now: 0 };
    const { app, get } = await guarded(1, clock);
    for (let i = 0; i < 3; i++) {
      const health = await get('/health');
      expect(health.statusCode).toBe(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect((await get('/hello')).statusCode).toBe(200);
    expect((await get('/hello')).statusCode).toBe(429);
    await app.close();
  });

  it('keeps a bounded number of addresses, dropping the oldest window first', async () => {
    const clock = { now: 0 };
    const { app, get } = await guarded(1, clock, 2);
    expect((await get('/hello', '10.0.0.1')).statusCode).toBe(200);
    expect((await get('/hello', '10.0.0.2')).statusCode).toBe(200);
    expect((await get('/hello', '10.0.0.2')).statusCode).toBe(429);
    // A third address pushes the oldest (10.0.0.1) out; 10.0.0.2 is still counted.
    expect((await get('/hello', '10.0.0.3')).statusCode).toBe(200);
    expect((await get('/hello', '10.0.0.2')).statusCode).toBe(429);
    expect((await get('/hello', '10.0.0.1')).statusCode).toBe(200);
    await app.close();
  });
});
