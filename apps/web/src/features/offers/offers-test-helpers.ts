// Test-only helpers of the offers feature (not imported by the app).
import type { Offer } from '@trustlinks/contract/offers';

export { json, stubFetch } from '../../test/fetch';
export { buildOffer, buildPublicEntity } from '../../test/factories';

export function offersPage(
  offers: Offer[],
  pagination: Partial<{
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    hasNextPage: boolean;
    totalIsCapped: boolean;
  }> = {},
) {
  const total = pagination.total ?? offers.length;
  return {
    offers,
    pagination: {
      page: 1,
      limit: 20,
      total,
      totalPages: Math.max(1, Math.ceil(total / 20)),
      hasNextPage: false,
      hasPreviousPage: false,
      totalIsCapped: false,
      ...pagination,
    },
  };
}

/** A fetch answer that never comes, but fails like fetch does when its signal aborts. */
export function pendingUntilAborted(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}
