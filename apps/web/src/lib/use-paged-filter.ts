import { useState } from 'react';

/** A paged list's filter and its page: a new filter starts again at page 1. */
export function usePagedFilter<F>(initial: F) {
  const [filter, setFilter] = useState<F>(initial);
  const [page, setPage] = useState(1);
  function changeFilter(next: F) {
    setFilter(next);
    setPage(1);
  }
  return { filter, page, setPage, changeFilter };
}
