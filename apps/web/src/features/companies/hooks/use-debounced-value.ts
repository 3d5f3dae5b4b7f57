import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (e.g. a search box, docs/product/constants.md). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
