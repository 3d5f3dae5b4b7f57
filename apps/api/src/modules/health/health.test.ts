import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../db/client';
import { buildTestApp } from '../../../test/helpers';
import { closedPort, startFakePostgres, type FakePostgres } from '../../../test/fake-postgres';

let fake: FakePostgres | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await fake?.close();
  await database?.close();
  app = undefined;
  fake = undefined;
  database = undefined;
});

async function appOn(databaseUrl: string): Promise<FastifyInstance> {
  database = await openDatabase({ databaseUrl });
  app = (await buildTestApp({ database })).app;
  return app;
}

async function timedHealth(target: FastifyInstance) {
  const started = Date.now();
  const res = await target.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json(), ms: Date.now() - started };
}

describe('GET /api/health against a database that misbehaves', () => {
  it('answers 503 at once when nothing listens, and 200 once the server is back', async () => {
    const port = await closedPort();
    const target = await appOn(`postgres://fake@127.0.0.1:${port}/fake`);
    const down = await timedHealth(target);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'Database unavailable' });
    expect(down.ms).toBeLessThan(1000);

    fake = await startFakePostgres('ok', port);
    const up = await timedHealth(target);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 within about 2 s when the server accepts but never answers', async () => {
    fake = await startFakePostgres('blackhole');
    const target = await appOn(fake.url);
    const hung = await timedHealth(target);
    expect(hung.status).toBe(503);
    expect(hung.ms).toBeGreaterThanOrEqual(1900);
    expect(hung.ms).toBeLessThan(3000);

    fake.mode = 'ok';
    fake.dropAll();
    const up = await timedHealth(target);
    expect(up.status).toBe(200);
  });
});
