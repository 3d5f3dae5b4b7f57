import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client';
import { buildTestApp } from '../../test/helpers';
import { closedPort, startFakePostgres, type FakePostgres } from '../../test/fake-postgres';
import { ERROR_MESSAGES, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './http-errors';

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises a database that is away', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true); // admin shutdown
    expect(isDatabaseUnavailable(withCode('57P03'))).toBe(true); // starting up
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // drizzle wraps the driver's error
    expect(
      isDatabaseUnavailable(
        new Error('Failed query: select 1', { cause: withCode('57P01', 'terminating') }),
      ),
    ).toBe(true);
    // Node tries each address of a host name and reports them together
    expect(
      isDatabaseUnavailable(
        new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
      ),
    ).toBe(true);
  });

  it('leaves real faults and bad input alone', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false); // unique violation
    expect(isDatabaseUnavailable(withCode('22P02'))).toBe(false); // bad input
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

async function appOn(database: Database): Promise<FastifyInstance> {
  return (await buildTestApp({ database })).app;
}

const requests = [
  { method: 'GET', url: '/api/offers/fetch_all' },
  {
    method: 'POST',
    url: '/api/users/register',
    payload: {
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      password: 'secret123',
    },
  },
  // The session lookup happens in the auth hook, before the route.
  {
    method: 'GET',
    url: '/api/users/profile',
    headers: { authorization: `Bearer ${'a'.repeat(43)}` },
  },
] as const;

describe('requests while PostgreSQL is away answer 503, never 500', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: `postgres://nobody@127.0.0.1:${await closedPort()}/trustlinks`,
    });
    app = await appOn(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(requests)('$method $url (connection refused)', async (request) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({ error: ERROR_MESSAGES.unavailable });
  });
});

describe('requests while PostgreSQL is shutting down answer 503', () => {
  let fake: FakePostgres;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakePostgres('terminate');
    database = await openDatabase({ databaseUrl: fake.url });
    app = await appOn(database);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
    await database.close();
  });

  it.each(requests)('$method $url (57P01 admin shutdown)', async (request) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: ERROR_MESSAGES.unavailable });
  });
});
