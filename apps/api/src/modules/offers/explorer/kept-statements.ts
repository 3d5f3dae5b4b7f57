import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../../db/client';
import { leanRows } from '../../../lib/prepared';
import { Binder } from './filters.sql';
import type { KeptMode } from './plan';

/**
 * The explorer's statements compiled once per shape (which filters, how many values each, the
 * sort, whether the count rides along) and kept per database handle, run with each request's
 * values: drizzle's building and compiling of these statements was a fifth of the app's CPU on
 * the mixed workload's misses (docs/performance.md). They are unnamed statements, so
 * PostgreSQL still plans each execution with its own values (a plan kept for one word would be
 * wrong for another: docs/decisions/016-cpu-per-request.md). Bounded: emptied when full.
 */
interface KeptStatement<R> {
  execute(values: Record<string, unknown>): Promise<R[]>;
}
type Preparable<R> = { prepare(name: string): KeptStatement<R> };
const MAX_KEPT_STATEMENTS = 1_000;
const keptStatements = new WeakMap<object, Map<string, KeptStatement<unknown>>>();

/**
 * Runs the statement `build` makes, compiled once per `kind` and shape. `bind` binds the values
 * only, in the order `build` binds them (its binder's shape is the key): a kept statement is run
 * without building the query at all.
 */
export function keptStatement<R>(
  db: DbOrTx,
  kind: string,
  bind: (b: Binder) => void,
  build: (b: Binder) => unknown,
  /**
   * Sent as a named statement, so that PostgreSQL may keep a generic plan after five runs: only
   * for a shape whose plan is the same for every value (docs/decisions/037-generic-plans.md).
   */
  mode: KeptMode = 'placeholders',
  /** A named statement's name begins `offers_${label}_`. */
  label = mode === 'generic' ? 'walk' : 'kept',
): Promise<R[]> {
  const named = mode !== 'placeholders';
  const values = new Binder(mode);
  bind(values);
  const key = `${kind}|${values.shape}`;
  let statements = keptStatements.get(db);
  if (!statements) {
    statements = new Map();
    keptStatements.set(db, statements);
  }
  let statement = statements.get(key) as KeptStatement<R> | undefined;
  if (!statement) {
    const b = new Binder(mode);
    const query = build(b) as Preparable<R>;
    if (b.shape !== values.shape) {
      throw new Error(`kept statement ${kind}: bound ${values.shape}, built ${b.shape}`);
    }
    if (statements.size >= MAX_KEPT_STATEMENTS) statements.clear();
    // An empty name: node-postgres sends an unnamed statement, parsed and planned each time. A
    // name is the key's hash: the same key builds the same SQL, as node-postgres requires of a
    // name it has seen on a connection, also after the map was emptied.
    statement = leanRows(
      query.prepare(
        named ? `offers_${label}_${createHash('sha1').update(key).digest('hex').slice(0, 20)}` : '',
      ),
    );
    statements.set(key, statement as KeptStatement<unknown>);
  }
  return statement.execute(values.params);
}
