import type { Pagination } from '@trustlinks/contract/entities';

/** The spec's pagination fields (docs/product/data.md company pagination), used by every paged list. */
export function paginate(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    page,
    limit,
    total,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
