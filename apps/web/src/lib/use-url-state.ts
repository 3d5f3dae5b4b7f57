import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One value of a page's state kept in the address (`?key=`), so a reload, a shared link and the
 * Back button keep it (docs/decisions/032: the admin panel's tabs, filters and pages). A missing or unknown
 * value reads as `fallback`; setting the fallback removes the key. Each change is a history entry
 * unless `replace` is asked for (typing into a search field).
 */
export function useUrlParam<V extends string>(
  key: string,
  fallback: V,
  allowed?: readonly V[],
): [V, (next: V, options?: { replace?: boolean; also?: Record<string, string | null> }) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value =
    raw !== null && (!allowed || (allowed as readonly string[]).includes(raw))
      ? (raw as V)
      : fallback;
  const set = useCallback(
    (next: V, options: { replace?: boolean; also?: Record<string, string | null> } = {}) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete(key);
          else updated.set(key, next);
          for (const [k, v] of Object.entries(options.also ?? {})) {
            if (v === null) updated.delete(k);
            else updated.set(k, v);
          }
          return updated;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setParams, key, fallback],
  );
  return [value, set];
}

/** A page number kept in the address (`?key=`, 1 when missing or not a whole number ≥ 1). */
export function useUrlPage(key: string): [number, (page: number) => void] {
  const [raw, setRaw] = useUrlParam<string>(key, '1');
  const parsed = Number(raw);
  const page = Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
  const setPage = useCallback((next: number) => setRaw(String(next)), [setRaw]);
  return [page, setPage];
}

/**
 * A paged list's filter and page kept in the address (usePagedFilter's shape): a new filter
 * starts again at page 1, in the same history entry.
 */
export function useUrlPagedFilter<F extends string>(
  keys: { filter: string; page: string },
  initial: F,
  allowed: readonly F[],
) {
  const [filter, setFilter] = useUrlParam<F>(keys.filter, initial, allowed);
  const [page, setPage] = useUrlPage(keys.page);
  const changeFilter = useCallback(
    (next: F) => setFilter(next, { also: { [keys.page]: null } }),
    [setFilter, keys.page],
  );
  return { filter, page, setPage, changeFilter };
}
