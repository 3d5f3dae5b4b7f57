import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * What `make` builds for one database handle, made on the handle's first use and kept while the
 * handle lives: the app's named prepared statements (drizzle builds their SQL once, PostgreSQL
 * parses and plans them once per connection; docs/decisions/016-cpu-per-request.md). `key`
 * tells apart the statements one `make` builds (a sort, a filter), '' when there is one.
 */
export function perHandle<T>(
  make: (db: DbOrTx, key: string) => T,
): (db: DbOrTx, key?: string) => T {
  const made = new WeakMap<object, Map<string, T>>();
  return (db, key = '') => {
    let byKey = made.get(db);
    if (!byKey) {
      byKey = new Map();
      made.set(db, byKey);
    }
    let value = byKey.get(key);
    if (value === undefined) {
      value = make(db, key);
      byKey.set(key, value);
    }
    return value;
  };
}

/**
 * How many first pages of a page statement get statements of their own with LIMIT and OFFSET
 * written in (pageKey).
 */
export const WRITTEN_PAGES = 5;

/**
 * The page part of a named page statement's key (docs/decisions/037-generic-plans.md).
 * PostgreSQL keeps a named statement's generic plan only when it does not look dearer than the
 * plans it made with the values, and a LIMIT or OFFSET it cannot see counts as a tenth of all the
 * rows: with both bound, a page statement is planned anew on every run, although its plan is the
 * same for every value. So the first WRITTEN_PAGES pages of the size the app asks for (`size`:
 * its LIMIT, and the OFFSET's step) are statements of their own, `${limit}_${offset}`, planned
 * once per connection. Any other page is '' (bound, planned each run as before): clients choose
 * those, so they get no statements of their own.
 */
export function pageKey(
  limit: number,
  offset: number,
  size: { limit: number; step: number },
): string {
  const page = offset / size.step;
  return limit === size.limit && Number.isInteger(page) && page >= 0 && page < WRITTEN_PAGES
    ? `${limit}_${offset}`
    : '';
}

/**
 * The LIMIT and OFFSET of the statement made for a pageKey: written into the SQL, or the
 * placeholders `limit` and `offset` for ''. (Drizzle writes an SQL chunk given to .limit() and
 * .offset() as it is; its types name only numbers and placeholders.)
 */
export function pageBounds(key: string): {
  limit: number | Placeholder;
  offset: number | Placeholder;
} {
  if (key === '') return { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  const match = /^(\d+)_(\d+)$/.exec(key);
  if (!match) throw new Error(`not a page key: ${key}`);
  const written = (n: string) => sql.raw(String(Number(n))) as unknown as number;
  return { limit: written(match[1]!), offset: written(match[2]!) };
}

/**
 * A named statement's placeholder that PostgreSQL is not to plan by (docs/decisions/037-generic-
 * plans.md), for a statement whose plan is the same for every value: read through a subquery,
 * the value is estimated as any value would be, so each run's own plan costs what the generic
 * plan costs and PostgreSQL keeps the generic one after five runs. Planned by the value (an
 * entity with thousands of reviews looks cheaper to page through than the average one), the own
 * plans look cheaper and PostgreSQL plans every run anew. `type` is a type name of ours.
 */
export const unplannedPlaceholder = (name: string, type: UnplannedType): SQL =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;

/** The types an unplannedPlaceholder reads its value as (type names of ours, never input). */
export type UnplannedType = 'uuid' | 'text' | 'text[]' | 'int' | 'numeric' | 'timestamptz';
