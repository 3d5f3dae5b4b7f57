import {
  Column,
  getTableName,
  is,
  noopDecoder,
  sql,
  SQL,
  Subquery,
  type Placeholder,
} from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * What `make` builds for one database handle, made on the handle's first use and kept while the
 * handle lives: the app's named prepared statements (drizzle builds their SQL once, PostgreSQL
 * parses and plans them once per connection; docs/decisions/016-cpu-per-request.md), their rows
 * made into objects by leanRows. `key` tells apart the statements one `make` builds (a sort, a
 * filter), '' when there is one.
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
      value = leanRows(make(db, key));
      byKey.set(key, value);
    }
    return value;
  };
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

/** A selected field's value, as drizzle reads it from the driver (a column's or an SQL's decoder). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's prepared statements (node-postgres and PGlite alike) keep of their selection. */
interface PreparedInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * One step of turning a row into its object: create the nested object `node` under `key` of
 * `parent`, or set `key` of `node` to the row's value `index`, decoded unless `decode` is null.
 */
type RowStep =
  | { kind: 'object'; node: number; parent: number; key: string }
  | { kind: 'value'; node: number; key: string; index: number; decode: Decoder | null };

/**
 * `statement`, its rows made into objects as drizzle's own mapResultRow makes them (the same
 * nesting, keys and decoded values), with each field's place and decoder found once per
 * statement rather than once per row and field: mapResultRow asks every field of every row
 * whether it is a Column, an SQL or a Subquery by walking prototype chains, which was a sixth of
 * the app's CPU on an explorer page (docs/performance.md). As drizzle does, an
 * outer-joined table's object is null when its first column is (lib/prepared.test.ts holds the
 * two to each other).
 */
export function leanRows<S>(statement: S): S {
  if (!is(statement, PgPreparedQuery)) return statement;
  const prepared = statement as unknown as PreparedInternals;
  const fields = prepared.fields;
  if (!fields || prepared.customResultMapper) return statement;
  const steps: RowStep[] = [];
  const nodes = new Map<string, number>([['', 0]]);
  fields.forEach(({ path, field }, index) => {
    let parent = 0;
    let prefix = '';
    for (const key of path.slice(0, -1)) {
      prefix += `\u0000${key}`;
      let node = nodes.get(prefix);
      if (node === undefined) {
        node = nodes.size;
        nodes.set(prefix, node);
        steps.push({ kind: 'object', node, parent, key });
      }
      parent = node;
    }
    const decoder = decoderOf(field);
    const identity =
      decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue ||
      decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;
    steps.push({
      kind: 'value',
      node: parent,
      key: path.at(-1)!,
      index,
      decode: identity ? null : decoder,
    });
  });
  const nullable = outerJoined(fields, prepared.joinsNotNullableMap);
  const size = nodes.size;
  const toObject = (row: unknown[]) => {
    const objects: Record<string, unknown>[] = new Array(size);
    const root: Record<string, unknown> = {};
    objects[0] = root;
    for (const step of steps) {
      if (step.kind === 'object') {
        objects[step.node] = objects[step.parent]![step.key] = {};
      } else {
        const raw = row[step.index];
        objects[step.node]![step.key] =
          raw === null || step.decode === null ? raw : step.decode.mapFromDriverValue(raw);
      }
    }
    for (const { key, index } of nullable) if (row[index] === null) root[key] = null;
    return root;
  };
  prepared.customResultMapper = (rows) => rows.map(toObject);
  return statement;
}

/**
 * The top-level objects drizzle gives as null when their first column is null: those whose
 * columns all come from one table that the statement outer-joins (mapResultRow's nullifyMap).
 */
function outerJoined(
  fields: NonNullable<PreparedInternals['fields']>,
  notNullable: Record<string, boolean> | undefined,
): { key: string; index: number }[] {
  if (!notNullable) return [];
  const objects = new Map<string, { index: number; table: string | false }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const seen = objects.get(path[0]!);
    if (!seen) objects.set(path[0]!, { index, table });
    else if (seen.table !== table) seen.table = false;
  });
  return [...objects]
    .filter(([, o]) => o.table !== false && !notNullable[o.table])
    .map(([key, o]) => ({ key, index: o.index }));
}

/** mapResultRow's choice of decoder for a selected field (an SQL's decoder is private to drizzle). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const decoding = (q: unknown) => (q as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoding(field);
  if (is(field, Subquery)) return decoding((field as unknown as { _: { sql: SQL } })._.sql);
  return decoding((field as SQL.Aliased).sql);
}
