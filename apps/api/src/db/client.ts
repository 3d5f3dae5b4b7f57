import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable } from './errors';
import { openReadReplica, type ReadReplica, type ReplicaOptions } from './replica';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL with parameters, for migrations, health checks and tests. */
  query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs fn while holding a cluster-wide advisory lock (a no-op lock on embedded PGlite). */
  withLock: <T>(lockId: number, fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** The read replica (DATABASE_READ_URL) for public lists, with its fallback (replica.ts). */
  replica?: ReadReplica;
  /**
   * PostgreSQL: the URL for what needs a server session of its own (session advisory locks,
   * LISTEN): DATABASE_DIRECT_URL when set, else DATABASE_URL. Never a transaction pooler's.
   */
  sessionUrl?: string;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data folder dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** A streaming replica of databaseUrl (PostgreSQL only). */
  readReplica?: Omit<ReplicaOptions, 'now'> | undefined;
  /**
   * The same primary without a transaction pooler in between (DATABASE_DIRECT_URL), for session
   * advisory locks and LISTEN; unset: databaseUrl (docs/deployment.md, connection pooler).
   */
  directUrl?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection must not crash the process; queries fail (503) and the pool opens new
    // connections once the server is back. pg-pool listens for errors only on idle clients: a
    // checked-out client (inside a transaction, or holding an advisory lock) whose server goes
    // away would emit an unhandled 'error' and kill the process, so every client gets a listener
    // of its own. Its query in flight, or its next one, fails instead.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // drizzle 0.45 runs BEGIN before the try/finally that hands the client back, so a BEGIN that
    // fails (the connection died while idle: a database restart) leaks a pool slot for good, and
    // after ten of them every request waits for a connection that never comes (upstream
    // drizzle-orm#6023). We check the client out ourselves and always give it back, destroying it
    // when the database was the problem.
    const clientDbs = new WeakMap<pg.PoolClient, Db>();
    const transaction: Db['transaction'] = async (fn, config) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        let clientDb = clientDbs.get(client);
        if (!clientDb) {
          clientDb = drizzlePg(client, { schema }) as unknown as Db;
          clientDbs.set(client, clientDb);
        }
        return await clientDb.transaction(fn, config);
      } catch (err) {
        if (isDatabaseUnavailable(err)) broken = err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
    };
    db.transaction = transaction;
    // Session-level advisory locks (withLock) need a server session of their own for as long as
    // they are held, which a transaction pooler does not give: a small pool of direct connections.
    const lockPool = options.directUrl
      ? new pg.Pool({ connectionString: options.directUrl, max: 2, connectionTimeoutMillis: 5000 })
      : pool;
    if (lockPool !== pool) {
      lockPool.on('error', () => {});
      lockPool.on('connect', (client) => {
        client.on('error', () => {});
      });
    }
    const replica = options.readReplica
      ? openReadReplica({ poolSize: options.poolSize, ...options.readReplica }, { pool, db })
      : undefined;
    return {
      db,
      kind: 'postgres',
      ...(replica ? { replica } : {}),
      sessionUrl: options.directUrl ?? options.databaseUrl,
      query: async (sql, params) => {
        const r = await pool.query(sql, params as unknown[] | undefined);
        return { rows: r.rows as Record<string, unknown>[] };
      },
      withLock: async (lockId, fn) => {
        // Session-level advisory locks belong to one connection: hold a dedicated one.
        const client = await lockPool.connect();
        let broken: Error | undefined;
        try {
          await client.query('SELECT pg_advisory_lock($1)', [lockId]);
          try {
            return await fn();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [lockId]);
          }
        } catch (err) {
          broken = err instanceof Error ? err : new Error(String(err));
          throw err;
        } finally {
          // After a failure the connection may be dead or still hold the lock: never reuse it.
          client.release(broken);
        }
      },
      close: async () => {
        await Promise.all([pool.end(), replica?.close(), lockPool !== pool && lockPool.end()]);
      },
    };
  }

  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    query: async (sql, params) => {
      const r = await client.query<Record<string, unknown>>(sql, params as unknown[] | undefined);
      return { rows: r.rows };
    },
    // One process owns a PGlite folder, so there is nobody to take turns with.
    withLock: (_lockId, fn) => fn(),
    close: () => client.close(),
    // Exposed for the test helper that dumps a migrated template.
    ...({ pglite: client } as object),
  };
}
