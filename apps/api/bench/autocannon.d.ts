// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** The request autocannon is about to send (setupRequest may change any of it). */
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  /** One connection: 'headers' gives the parsed status line and the raw header list. */
  export interface Client {
    on(event: 'headers', listener: (info: { statusCode: number; headers: string[] }) => void): void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
    setupClient?: (client: Client) => void;
    renderProgressBar?: boolean;
    renderResultsTable?: boolean;
  }

  interface Instance extends PromiseLike<Result> {
    stop: () => void;
    on(
      event: 'response',
      listener: (client: Client, status: number, bytes: number, responseTime: number) => void,
    ): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
