import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitCounters, rateLimitEvents } from '../db/schema';
import { DAY_MS } from './time';

function windowStart(windowMs: number, now = Date.now()): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/** Adds one to the key's counter in the current window and returns the new count. */
export async function hitCounter(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: windowStart(windowMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return row!.count;
}

/**
 * Takes one of `limit` places in the key's current window, counting it in the same statement
 * (an upsert whose update only runs below the limit, so parallel requests on PostgreSQL cannot
 * pass a check together). Returns the window it was counted in (for releaseCounterSlot), or null
 * when the window is full.
 */
export async function takeCounterSlot(
  db: DbOrTx,
  key: string,
  windowMs: number,
  limit: number,
): Promise<Date | null> {
  if (limit < 1) return null;
  const start = windowStart(windowMs);
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
      setWhere: lt(rateLimitCounters.count, limit),
    })
    .returning({ count: rateLimitCounters.count });
  return rows.length === 1 ? start : null;
}

/** Gives back a place taken by takeCounterSlot (the attempt turned out not to count). */
export async function releaseCounterSlot(
  db: DbOrTx,
  key: string,
  windowStartedAt: Date,
): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`${rateLimitCounters.count} - 1` })
    .where(
      and(
        eq(rateLimitCounters.key, key),
        eq(rateLimitCounters.windowStart, windowStartedAt),
        gt(rateLimitCounters.count, 0),
      ),
    );
}

/** The key's count in the current window. */
export async function readCounter(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart(windowMs))),
    );
  return row?.count ?? 0;
}

export async function resetCounter(db: DbOrTx, key: string, windowMs: number): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(
      and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart(windowMs))),
    );
}

/** Drops windows that ended long ago, and sliding-window events as old. */
export async function pruneCounters(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, olderThan));
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.occurredAt, olderThan));
}

/** The longest sliding window: events older than this are pruned (pruneCounters, 24 h). */
export const SLIDING_WINDOW_MAX_MS = DAY_MS;

export interface WindowUsage {
  /** Events of the key within the window. */
  count: number;
  /** The oldest of them: the window frees a place when it is `windowMs` old. */
  oldest: Date | null;
}

/**
 * Exact sliding windows ("at most n in any hour"): the key's events within each window, in one
 * indexed read (rate_limit_events_key_occurred_idx). Windows up to SLIDING_WINDOW_MAX_MS. Call it
 * inside a transaction after lockKey when the answer decides whether to record one more.
 */
export async function slidingWindowUsage(
  db: DbOrTx,
  key: string,
  windowsMs: readonly number[],
): Promise<WindowUsage[]> {
  const longest = Math.max(...windowsMs);
  const since = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
  const columns = windowsMs.map(
    (ms, i) =>
      sql`count(*) filter (where ${rateLimitEvents.occurredAt} > ${since(ms)})::int as ${sql.raw(`c${i}`)}, min(${rateLimitEvents.occurredAt}) filter (where ${rateLimitEvents.occurredAt} > ${since(ms)}) as ${sql.raw(`o${i}`)}`,
  );
  const result = await db.execute(sql`
    select ${sql.join(columns, sql`, `)}
    from ${rateLimitEvents}
    where ${rateLimitEvents.key} = ${key} and ${rateLimitEvents.occurredAt} > ${since(longest)}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return windowsMs.map((_, i) => {
    const oldest = row[`o${i}`];
    return {
      count: Number(row[`c${i}`] ?? 0),
      oldest: oldest == null ? null : new Date(oldest as string | Date),
    };
  });
}

/** Records one event of the key (counted by slidingWindowUsage). */
export async function recordEvent(db: DbOrTx, key: string): Promise<void> {
  await db.insert(rateLimitEvents).values({ key });
}

/** The lock of one key until the transaction ends (an expression, for a statement of its own). */
export const keyLock = (key: string): SQL => sql`pg_advisory_xact_lock(hashtext(${key}))`;

/** Serialises check-and-record of one key until the transaction ends. */
export async function lockKey(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`select ${keyLock(key)}`);
}
