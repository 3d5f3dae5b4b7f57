import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../../test/helpers';
import { startFakePostgres, type FakePostgres } from '../../test/fake-postgres';
import { isDatabaseUnavailable } from '../lib/http-errors';
import { openDatabase, type Database } from './client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL pool when the server goes away', () => {
  let fake: FakePostgres | undefined;
  let database: Database | undefined;
  afterEach(async () => {
    await fake?.close();
    await database?.close();
    fake = undefined;
    database = undefined;
  });

  // pg-pool watches only idle connections; without a listener of our own, a checked-out one
  // losing its server emits an unhandled 'error' and the whole process dies.
  it('survives losing a checked-out connection, and reconnects', async () => {
    fake = await startFakePostgres('ok');
    database = await openDatabase({ databaseUrl: fake.url, poolSize: 2 });
    const failure = await database
      .withLock(1, async () => {
        fake!.dropAll();
        await sleep(200); // the connection dies while this code holds it between queries
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(database.query('SELECT 1')).resolves.toEqual({ rows: [] });
  });

  it('fails queries with a database-unavailable error while the server is shutting down', async () => {
    fake = await startFakePostgres('terminate');
    database = await openDatabase({ databaseUrl: fake.url, poolSize: 2 });
    const err = await database.query('SELECT 1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    fake.mode = 'ok';
    await expect(database.query('SELECT 1')).resolves.toEqual({ rows: [] });
  });

  // drizzle 0.45 leaks the pool client when BEGIN fails (drizzle-orm#6023): with a pool of one,
  // a single failed BEGIN would leave every later transaction waiting for a connection.
  it('gives the connection back when a transaction cannot even begin', async () => {
    fake = await startFakePostgres('terminate');
    database = await openDatabase({ databaseUrl: fake.url, poolSize: 1 });
    for (let i = 0; i < 3; i++) {
      const err = await database.db
        .transaction(async () => {})
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isDatabaseUnavailable(err)).toBe(true);
    }
    fake.mode = 'ok';
    const started = Date.now();
    await expect(database.db.transaction(async () => 'done')).resolves.toBe('done');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'real PostgreSQL: a terminated backend inside a transaction does not crash the process',
    async () => {
      database = await createTestDatabase();
      const { rows } = await database.query('SELECT current_database() AS name');
      const name = String(rows[0]!.name);
      const failure = await database.db
        .transaction(async (tx) => {
          await tx.execute('SELECT 1');
          // Only this test's own database: other files' connections must live on.
          const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await admin.connect();
          await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          await admin.end();
          await sleep(200);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await expect(database.query('SELECT 1 AS one')).resolves.toEqual({ rows: [{ one: 1 }] });
    },
  );

  // Behind a transaction pooler a session advisory lock would be taken on one server connection
  // and released on another: withLock holds it on DATABASE_DIRECT_URL (docs/deployment.md).
  it('takes session locks on the direct URL when one is given', async () => {
    fake = await startFakePostgres('terminate'); // the pooled URL: every query fails
    const direct = await startFakePostgres('ok');
    try {
      database = await openDatabase({ databaseUrl: fake.url, directUrl: direct.url, poolSize: 2 });
      expect(database.sessionUrl).toBe(direct.url);
      await expect(database.withLock(1, async () => 'locked')).resolves.toBe('locked');
      await expect(database.query('SELECT 1')).rejects.toThrow();
    } finally {
      await database?.close();
      database = undefined;
      await direct.close();
    }
  });

  it('without one, session locks and LISTEN use the database URL', async () => {
    fake = await startFakePostgres('ok');
    database = await openDatabase({ databaseUrl: fake.url, poolSize: 2 });
    expect(database.sessionUrl).toBe(fake.url);
    await expect(database.withLock(1, async () => 'locked')).resolves.toBe('locked');
  });
});
