// Test-only: fixtures answered by the fetch stubs are checked against the contract's response
// schemas, so a fixture that drifted from what the API can send fails its test.
import { z } from 'zod';
import type { RouteDef } from '@trustlinks/contract/route';
import { ALL_ROUTES } from '@trustlinks/contract/routes/index';

interface Route {
  method: string;
  segments: string[];
  params: number;
  schema: z.ZodType;
}

/** A route's 2xx schema (its first success status). */
function successSchema(route: RouteDef): z.ZodType | undefined {
  const code = Object.keys(route.responses).find((status) => /^2\d\d$/.test(status));
  return code === undefined ? undefined : route.responses[Number(code)];
}

// Every route of the table (docs/decisions/046-route-table.md). Literal routes win over routes
// with parameters (/offers/fetch_all before /offers/:id).
const ROUTES: Route[] = ALL_ROUTES.flatMap((route) => {
  const schema = successSchema(route);
  if (!schema) return [];
  const segments = route.path.split('/').filter(Boolean);
  const params = segments.filter((s) => s.startsWith(':')).length;
  return [{ method: route.method, segments, params, schema }];
}).sort((a, b) => a.params - b.params);

/** The contract's schema of a 2xx answer to `method path` (path with or without /api). */
export function responseSchemaFor(method: string, path: string): z.ZodType | undefined {
  const parts = path
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);
  const route = ROUTES.find(
    (r) =>
      r.method === method.toUpperCase() &&
      r.segments.length === parts.length &&
      r.segments.every((s, i) => s.startsWith(':') || s === parts[i]),
  );
  return route?.schema;
}

/** Parses a fixture with the contract; throws a readable error when it drifted. */
export function parseFixture<S extends z.ZodType>(schema: S, body: unknown, label = 'fixture') {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${label} does not match the contract:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

const violations: string[] = [];

/**
 * Checks a stubbed answer against the contract before the stub returns it. A drift is recorded
 * (the test fails when it ends, with the reason) and the fetch fails, as a broken API would.
 */
export async function checkAgainstContract(
  method: string,
  path: string,
  response: Response,
): Promise<Response> {
  const schema = response.ok ? responseSchemaFor(method, path) : undefined;
  if (!schema) return response;
  const text = await response.clone().text();
  // A download (CSV, a file) is not JSON: its schema is the text itself.
  if (!text || !(response.headers.get('content-type') ?? '').includes('json')) return response;
  try {
    parseFixture(schema, JSON.parse(text), `The stubbed answer to ${method} ${path}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    violations.push(message);
    console.error(message);
    throw error;
  }
  return response;
}

/** Fails the test that just ended when one of its stubbed answers drifted (test/setup.ts). */
export function throwContractViolations(): void {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(found.join('\n\n'));
}
