import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitCounters } from '../db/schema';

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

/** Drops windows that ended long ago. */
export async function pruneCounters(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, olderThan));
}
