import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
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
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data folder dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection must not crash the process; queries fail and health turns 503.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      query: async (sql, params) => {
        const r = await pool.query(sql, params as unknown[] | undefined);
        return { rows: r.rows as Record<string, unknown>[] };
      },
      withLock: async (lockId, fn) => {
        // Session-level advisory locks belong to one connection: hold a dedicated one.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [lockId]);
          try {
            return await fn();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [lockId]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
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
