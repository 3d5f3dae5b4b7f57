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

export interface FetchCall {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * A fetch implementation answering by "METHOD /path" (query ignored; 404 for any other route),
 * its answers checked against the contract; `calls` records every request with its JSON body.
 */
export function routeFetch(routes: Record<string, (call: FetchCall) => Response>) {
  const calls: FetchCall[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const response = handler ? handler(call) : json(404, { error: 'Not found' });
    return checkAgainstContract(method, url.pathname, response);
  };
  return { impl, calls };
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type ApiHandler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (path without /api and query). Unknown calls
 * answer 404. Every call is recorded in `calls`; answers are checked against the contract.
 */
export function stubApi(handlers: Record<string, ApiHandler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler) return json(404, { error: `No handler for ${call.method} ${call.path}` });
    return checkAgainstContract(call.method, call.path, await handler(call));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, handlers };
}

/** A fetch answer that never comes, but fails like fetch does when its signal aborts. */
export function pendingUntilAborted(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
}
