import type { Review } from '@trustlinks/contract/reviews';
import { json } from '../../test/fetch';

export { json };

// Test data for the reviews feature's tests (not used by the app).

let seq = 0;

export function buildReview(overrides: Partial<Review> = {}): Review {
  seq += 1;
  return {
    review_id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    entity_id: 'e-1',
    entity_name: 'Vitality Partners',
    entity_type: 'advertiser',
    title: `Review ${seq}`,
    review_text: 'Paid every Friday, honest caps and a responsive manager.',
    overall_rating: 4,
    category_ratings: { quality: 4, support: 5, reliability: 4, payment_speed: 3 },
    tags: ['fast payouts'],
    is_anonymous: false,
    review_status: 'approved',
    helpful_votes: 2,
    unhelpful_votes: 0,
    reply_count: 0,
    has_owner_reply: false,
    created_at: '2026-03-01T10:00:00.000Z',
    published_at: '2026-03-01T10:00:00.000Z',
    reviewer_name: 'Maya Patel',
    reviewer_type: 'user',
    labels: [],
    ...overrides,
  };
}

export interface FetchCall {
  method: string;
  url: URL;
  body: unknown;
}

/** A fetch stub answering by "METHOD /path" (query ignored); records every call. */
export function routeFetch(routes: Record<string, (call: FetchCall) => Response>) {
  const calls: FetchCall[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : json(404, { error: 'Not found' });
  };
  return { impl, calls };
}
