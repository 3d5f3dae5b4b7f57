// Test-only helpers of the offers feature (not imported by the app).
import { vi } from 'vitest';
import type { PublicEntity } from '@trustlinks/contract/entities';
import type { Offer } from '@trustlinks/contract/offers';

export function buildOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: '7d1c2e9a-0000-4000-8000-000000000001',
    entity_id: '5f0c1c9e-0000-4000-8000-000000000001',
    entity_name: 'Vitality Partners',
    entity_type: 'advertiser',
    title: 'KetoSlim Pro — Free Trial',
    category: 'Nutra',
    description: 'Free-trial keto supplement with a 1-step checkout.',
    target_geo: ['US', 'CA', 'GB'],
    payout_type: 'CPA',
    payout_value: 45,
    landing_page_url: 'https://offers.example.com/ketoslim',
    requirements: 'No incentivised traffic.',
    expires_at: null,
    offer_status: 'active',
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function buildPublicEntity(overrides: Partial<PublicEntity> = {}): PublicEntity {
  return {
    entity_id: '5f0c1c9e-0000-4000-8000-000000000001',
    name: 'Vitality Partners',
    entity_type: 'advertiser',
    website: null,
    description: null,
    image_url: null,
    country: null,
    verification_status: 'approved',
    reputation_score: 0,
    total_reviews: 0,
    offer_count: 0,
    entity_metadata: {},
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-06T10:00:00.000Z',
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

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

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch with a handler of the parsed URL; returns the mock to inspect calls. */
export function stubFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A fetch answer that never comes, but fails like fetch does when its signal aborts. */
export function pendingUntilAborted(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}
