// Test helpers for the dashboards' page tests: a tiny router over a stubbed fetch.
import { vi } from 'vitest';
import type { Bid, OfferRequest } from '@trustlinks/contract/offer-requests';
import type { Offer } from '@trustlinks/contract/offers';
import { checkAgainstContract } from '../../test/contract';
import { json } from '../../test/fetch';

export { json };

export { buildApplication } from '../../test/factories';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (path without /api and query). Unknown calls
 * answer 404. Every call is recorded in `calls`; answers are checked against the contract.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler) return json(404, { error: `No handler for ${call.method} ${call.path}` });
    // Answers are checked against the contract (test/contract.ts) before they are returned.
    return checkAgainstContract(call.method, call.path, await handler(call));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, handlers };
}

let seq = 0;
const id = (prefix: string) => {
  seq += 1;
  return `${prefix}0000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export function buildOfferRequest(overrides: Partial<OfferRequest> = {}): OfferRequest {
  return {
    offer_request_id: id('1'),
    entity_id: 'other-entity',
    entity_name: 'Northwind Traffic',
    user_name: 'Ethan Clarke',
    title: 'Nutra traffic',
    vertical: 'Nutra',
    geos_targeting: ['US', 'CA'],
    traffic_type: ['Social'],
    traffic_volume: 60000,
    platforms_used: ['Facebook'],
    desired_payout_type: 'CPA',
    budget_range: null,
    notes: null,
    expires_at: null,
    created_at: '2026-03-04T10:00:00.000Z',
    request_status: 'active',
    priority: 'high',
    ...overrides,
  };
}

export function buildOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: id('2'),
    entity_id: 'adv-entity',
    entity_name: 'Vitality Partners',
    entity_type: 'advertiser',
    title: 'Keto Burn Trial',
    category: 'Nutra',
    description: 'Trial offer for a keto supplement.',
    target_geo: ['US', 'CA', 'GB'],
    payout_type: 'CPA',
    payout_value: 45.5,
    landing_page_url: 'https://keto.example.com',
    requirements: null,
    expires_at: null,
    offer_status: 'active',
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function buildBid(overrides: Partial<Bid> = {}): Bid {
  return {
    bid_id: id('3'),
    offer_request_id: 'r',
    entity_id: 'net-entity',
    entity_name: 'BlockReach Media',
    entity_type: 'network',
    bid_amount: 32.5,
    bid_notes: null,
    offer_details: {},
    status: 'open',
    created_at: '2026-03-05T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}
