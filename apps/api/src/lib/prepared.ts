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
