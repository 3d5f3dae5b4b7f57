// Test-only fetch stubs shared by every feature's tests. Their answers are checked against the
// contract (test/contract.ts) before they are returned, so a drifted fixture fails its test.
import { vi } from 'vitest';
import { checkAgainstContract } from './contract';

/** A JSON answer as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Wraps a fetch mock so that its answers are checked against the contract. */
export function withContractCheck(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    return checkAgainstContract(init?.method ?? 'GET', url.pathname, await fetchFn(input, init));
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch with a handler of the parsed URL; returns the mock to inspect calls. */
export function stubFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    return checkAgainstContract(init?.method ?? 'GET', url.pathname, await handler(url, init));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
