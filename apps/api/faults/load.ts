// A bounded request loop that records every response (status, latency, body shape) on a
// timeline, so a fault can be placed against what clients saw.

export interface Sample {
  /** ms since the load started, when the response (or failure) came back */
  at: number;
  path: string;
  /** HTTP status, or 0 when no response came (connection error or client timeout) */
  status: number;
  ms: number;
  /** 503 answered with JSON `{ error: string }` */
  jsonError: boolean;
  failure?: string;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface LoadOptions {
  base: string;
  requests: LoadRequest[];
  concurrency: number;
  durationMs: number;
  /** A response slower than this counts as hanging. */
  timeoutMs: number;
}

export async function runLoad(
  options: LoadOptions,
  startedAt = Date.now(),
): Promise<{ samples: Sample[]; startedAt: number }> {
  const samples: Sample[] = [];
  let next = 0;
  const worker = async () => {
    while (Date.now() - startedAt < options.durationMs) {
      const request = options.requests[next++ % options.requests.length]!;
      const path = `${request.method} ${request.path}`;
      const t0 = Date.now();
      try {
        const res = await fetch(options.base + request.path, {
          method: request.method,
          ...(request.body === undefined
            ? {}
            : {
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(request.body),
              }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await res.text();
        let jsonError = false;
        if (res.status !== 200) {
          try {
            const body = JSON.parse(text) as { error?: unknown };
            jsonError =
              typeof body.error === 'string' &&
              (res.headers.get('content-type') ?? '').includes('application/json');
          } catch {
            jsonError = false;
          }
        }
        const now = Date.now();
        samples.push({ at: now - startedAt, path, status: res.status, ms: now - t0, jsonError });
      } catch (err) {
        const now = Date.now();
        samples.push({
          at: now - startedAt,
          path,
          status: 0,
          ms: now - t0,
          jsonError: false,
          failure: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
        // A refused connection would otherwise spin.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { samples, startedAt };
}
