import { sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** A node of an EXPLAIN (FORMAT JSON) plan: the fields this app reads, and its children. */
export interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/**
 * The plan PostgreSQL makes for a query with its values: EXPLAIN only, no row is read (a round
 * trip and a planning, ~0.2–1 ms).
 */
export async function plannerPlan(db: DbOrTx, query: SQLWrapper): Promise<PlanNode> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as
    { Plan?: PlanNode }[] | undefined;
  return plan?.[0]?.Plan ?? {};
}

/** A plan's nodes, its subplans' included (InitPlan, SubPlan). */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * The planner's estimate of the rows a query returns. A statistic from the last ANALYZE: good to
 * tell "a few" from "many thousands", not an exact figure (docs/decisions/006-capped-totals.md).
 */
export async function plannerRowEstimate(db: DbOrTx, query: SQLWrapper): Promise<number> {
  return Number((await plannerPlan(db, query))['Plan Rows'] ?? 0);
}

const TTL_MS = 60_000;
/** Kept estimates per database: one per set of filters of the busy lists (a few bytes each). */
const MAX_ENTRIES = 20_000;
const caches = new WeakMap<object, Map<string, { value: unknown; until: number }>>();

const kept = (db: DbOrTx, key: string): { value: unknown } | undefined => {
  const hit = caches.get(db)?.get(key);
  return hit && hit.until > Date.now() ? hit : undefined;
};

/** The estimate kept for this key, if one is (no query): lets a caller plan its statements. */
export function knownEstimate(db: DbOrTx, key: string): number | undefined {
  const value = kept(db, key)?.value;
  return typeof value === 'number' ? value : undefined;
}

/**
 * An estimate per database and key, reused for a minute: statistics change with ANALYZE, not
 * with each write, so asking on every request would only add a round trip and a planning. (Also
 * a choice the planner made, as 1 or 0: offers.service categoryWalk.)
 */
export function cachedEstimate(
  db: DbOrTx,
  key: string,
  estimate: () => Promise<number>,
): Promise<number> {
  return cachedStatistic(db, key, estimate);
}

/**
 * Any statistic PostgreSQL keeps (pg_stats: the commonest lexemes of the word search, decision
 * 028), kept per database and key for a minute as cachedEstimate keeps the planner's estimates.
 */
export async function cachedStatistic<T>(
  db: DbOrTx,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const known = kept(db, key);
  if (known) return known.value as T;
  const value = await read();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  cache.delete(key);
  cache.set(key, { value, until: Date.now() + TTL_MS });
  // Oldest out first (a Map iterates in insertion order).
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
