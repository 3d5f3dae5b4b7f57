// A read replica behind the public lists (docs/decisions/017-read-replicas.md): a drizzle
// database whose queries go to the replica and fall back to the primary, query by query, when the
// replica is down, failing or too far behind. Which requests read through it is decided in
// read-routing.ts; everything else uses the primary's `db` directly.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import type { Db } from './client';
import { isDatabaseUnavailable } from './errors';
import * as schema from './schema';

export interface ReplicaOptions {
  /** DATABASE_READ_URL. */
  url: string;
  poolSize?: number;
  /** Reads leave the replica while its replay lag is above this (REPLICA_MAX_LAG_MS; 0: unchecked). */
  maxLagMs: number;
  /**
   * REPLICA_RETRY_MS: after a failure or too much lag the replica is skipped this long, then
   * probed (one small query) before reads return to it; while it is healthy its lag is checked
   * this often.
   */
  retryMs: number;
  now?: () => number;
}

/** The replica settings of the configuration; undefined without DATABASE_READ_URL. */
export function replicaOptions(config: Config): ReplicaOptions | undefined {
  if (!config.DATABASE_READ_URL) return undefined;
  return {
    url: config.DATABASE_READ_URL,
    maxLagMs: config.REPLICA_MAX_LAG_MS,
    retryMs: config.REPLICA_RETRY_MS,
  };
}

/** `ok`: reads go to the replica; `failed` or `lagging`: to the primary until a probe passes. */
export type ReplicaState = 'ok' | 'failed' | 'lagging';

export interface ReadReplica {
  /** Drizzle over the replica with the fallback; its transactions run on the primary. */
  readonly db: Db;
  readonly state: ReplicaState;
  /** Queries answered by the replica, by the primary, and replica failures retried on the primary. */
  readonly stats: { replica: number; primary: number; fallbacks: number };
  /** Told when the state changes (the app logs it). */
  onStateChange: ((state: ReplicaState, reason: unknown) => void) | undefined;
  close: () => Promise<void>;
}

/**
 * The replica's replay lag in ms: 0 when it has replayed all it received (an idle primary makes
 * the last replay timestamp old without any lag), else the age of the last replayed transaction.
 */
const LAG_SQL = `SELECT (CASE
  WHEN NOT pg_is_in_recovery() THEN 0
  WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
  ELSE coalesce(1000 * extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()), 0)
END)::float8 AS lag_ms`;

/** A connection the replica does not give within this is a failure (reads go to the primary). */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

type Query = (config: pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;

export function openReadReplica(
  options: ReplicaOptions,
  primary: { pool: pg.Pool; db: Db },
): ReadReplica {
  const now = options.now ?? Date.now;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // As for the primary (client.ts): a replica that goes away must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const onReplica = pool.query.bind(pool) as unknown as Query;
  const onPrimary = primary.pool.query.bind(primary.pool) as unknown as Query;

  let state: ReplicaState = 'ok';
  let nextProbeAt = 0; // the first read checks the lag
  let probing = false;
  let failures = 0;
  const stats = { replica: 0, primary: 0, fallbacks: 0 };

  const replica: ReadReplica = {
    db: undefined as unknown as Db,
    get state() {
      return state;
    },
    stats,
    onStateChange: undefined,
    close: () => pool.end(),
  };

  const setState = (next: ReplicaState, reason: unknown) => {
    if (next === state) return;
    state = next;
    replica.onStateChange?.(next, reason);
  };

  /** One lag query at a time, at most every retryMs; it also tells a failed replica is back. */
  const maybeProbe = () => {
    if (probing || now() < nextProbeAt) return;
    if (state === 'ok' && options.maxLagMs === 0) return;
    probing = true;
    nextProbeAt = now() + options.retryMs;
    const failuresBefore = failures;
    onReplica({ text: LAG_SQL })
      .then(
        (result) => {
          // A read that failed meanwhile knows better than a probe that started before it.
          if (failures !== failuresBefore) return;
          const lagMs = Number(result.rows[0]?.lag_ms ?? 0);
          const lagging = options.maxLagMs > 0 && lagMs > options.maxLagMs;
          setState(lagging ? 'lagging' : 'ok', { lagMs });
        },
        (err: unknown) => setState('failed', err),
      )
      .finally(() => {
        probing = false;
        nextProbeAt = now() + options.retryMs;
      });
  };

  const failed = (err: unknown) => {
    failures++;
    nextProbeAt = now() + options.retryMs;
    setState('failed', err);
  };

  // What drizzle's session calls: `query(config, values)`. Not a Pool (drizzle would check out a
  // client of it for a transaction): transactions are sent to the primary below.
  const router = {
    async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
      maybeProbe();
      if (state !== 'ok') {
        stats.primary++;
        return onPrimary(config, values);
      }
      try {
        const result = await onReplica(config, values);
        stats.replica++;
        return result;
      } catch (replicaError) {
        stats.fallbacks++;
        // Down, refusing or restarting: skip it for a while, whatever the primary says.
        if (isDatabaseUnavailable(replicaError)) failed(replicaError);
        // Anything else (a query cancelled by a recovery conflict, a migration not replayed yet)
        // is retried on the primary too; an error the primary gives as well was the query's own,
        // and is what the request fails with.
        const result = await onPrimary(config, values);
        stats.primary++;
        if (state === 'ok') failed(replicaError);
        return result;
      }
    },
  };

  const db = drizzle(router as unknown as pg.Pool, { schema }) as unknown as Db;
  // A transaction reads and writes together: always the primary's (with its connection handling).
  db.transaction = primary.db.transaction;
  (replica as { db: Db }).db = db;
  return replica;
}
