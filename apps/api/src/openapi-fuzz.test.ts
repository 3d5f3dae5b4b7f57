// Walks the OpenAPI document and sends every operation malformed input, with and without a
// session: the API must never answer 5xx, never leak a stack trace, and write nothing when it
// refuses (docs/architecture.md#cross-cutting-rules; the bad-input bar of the project).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../test/helpers';
import { authHeader, buildEntityAccount, buildUser } from '../test/factories';
import { DAY_MS } from './lib/time';
import { runSavedSearchAlerts } from './modules/saved-searches/saved-search-alerts';

const alertDeps = () => ({ db: ctx.database.db, config: ctx.app.config, wakeMailer: () => {} });

interface Operation {
  method: string;
  path: string;
  query: Record<string, { type?: string }>;
  body: Record<string, { type?: string }> | null;
}

let ctx: TestContext;
const operations: Operation[] = [];
let sessions: Record<string, Record<string, string>> = {};
let knownId = '';

const HUGE = 'x'.repeat(20_000);
const UNICODE = '𝕋𝕣𝕦𝕤𝕥 💥 \u202e\u0000 ümlaut 漢字';
const PATH_VALUES = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  "1' OR '1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent(UNICODE),
  'a'.repeat(300),
  '%00',
  '-1',
  '9'.repeat(40),
];
const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  -1e308,
  0.000001,
  '',
  ' ',
  HUGE,
  UNICODE,
  [],
  ['a', 'b'],
  {},
  { nested: { deep: [1, 2, 3] } },
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
];
const BODIES: unknown[] = [
  {},
  null,
  [],
  'just a string',
  42,
  { __proto__: { isAdmin: true } },
  JSON.parse(
    '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
  ),
  { unknown_field: 'x', another: 1 },
];

beforeAll(async () => {
  ctx = await buildTestApp({ config: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  const db = ctx.database.db;
  const admin = await buildUser(db, { role: 'admin' });
  const user = await buildUser(db);
  const advertiser = await buildEntityAccount(db, 'advertiser');
  const affiliate = await buildEntityAccount(db, 'affiliate');
  knownId = advertiser.entity.id;
  sessions = {
    visitor: {},
    user: await authHeader(db, user),
    admin: await authHeader(db, admin),
    advertiser: advertiser.headers,
    affiliate: affiliate.headers,
  };
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema?: { type?: string } }[];
          requestBody?: {
            content?: Record<
              string,
              { schema?: { properties?: Record<string, { type?: string }> } }
            >;
          };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const query: Operation['query'] = {};
      for (const p of op.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema ?? {};
      const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? null;
      operations.push({ method: method.toUpperCase(), path, query, body });
    }
  }
});
afterAll(() => ctx.close());

/** Every table's row count but the rate-limit counters (refused logins count by design). */
async function snapshot(): Promise<string> {
  const db = ctx.database.db;
  const tables = (await db.execute(sql`
    SELECT tablename FROM pg_tables
    WHERE schemaname = 'public' AND tablename <> 'rate_limit_counters'
    ORDER BY tablename`)) as unknown as { rows: { tablename: string }[] };
  const parts = tables.rows.map(
    (t) => `(SELECT count(*) FROM "${t.tablename}") AS "${t.tablename}"`,
  );
  const counts = (await db.execute(sql.raw(`SELECT ${parts.join(', ')}`))) as unknown as {
    rows: Record<string, unknown>[];
  };
  return JSON.stringify(counts.rows[0]);
}

/** The row counts as the last refused request left them; undefined after one that may write. */
let lastCounts: string | undefined;

function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, value);
}

async function send(
  op: Operation,
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<void> {
  const hasBody = payload !== undefined && op.method !== 'GET' && op.method !== 'DELETE';
  // The counts after a refused request are the counts before it (asserted below): the next
  // request starts from them without counting again. An accepted request may have written.
  const before = lastCounts ?? (await snapshot());
  lastCounts = undefined;
  const res = await ctx.app.inject({
    method: op.method as 'GET',
    url,
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify(payload) } : {}),
  });
  const where = `${op.method} ${url.slice(0, 160)} ${hasBody ? JSON.stringify(payload).slice(0, 120) : ''}`;
  expect(res.statusCode, `${where} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  expect(res.body, where).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+:\d+/);
  if (res.statusCode >= 400) {
    expect(await snapshot(), `${where} wrote despite ${res.statusCode}`).toBe(before);
    lastCounts = before;
    if (res.headers['content-type']?.toString().includes('json')) {
      expect(typeof res.json().error, where).toBe('string');
    }
  }
}

describe('every operation of the OpenAPI document under malformed input', () => {
  it('found the operations', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it('path parameters: never 5xx', async () => {
    for (const op of operations.filter((o) => o.path.includes('{'))) {
      for (const value of PATH_VALUES) {
        for (const who of ['visitor', 'user', 'admin'] as const) {
          await send(op, fill(op.path, value), sessions[who]!, op.body ? {} : undefined);
        }
      }
    }
    // The walk grows with the API: its time is bounded by the operations, not by a fixed 30 s.
  }, 600_000);

  it('query strings: wrong types, huge and hostile values, unknown and prototype keys', async () => {
    for (const op of operations) {
      const base = fill(op.path, knownId);
      const names = Object.keys(op.query);
      const variants = [
        '__proto__[polluted]=yes',
        'constructor[prototype][polluted]=yes',
        'unknown=1&unknown=2',
        ...names.flatMap((n) => [
          `${n}=abc`,
          `${n}=-1`,
          `${n}=1e309`,
          `${n}=${encodeURIComponent(UNICODE)}`,
          `${n}=${'q'.repeat(5000)}`,
          `${n}=1&${n}=2&${n}=3`,
          `${n}[]=x`,
          `${n}=`,
        ]),
      ];
      for (const q of variants) {
        for (const who of ['visitor', 'admin'] as const) {
          await send(op, `${base}?${q}`, sessions[who]!);
        }
      }
    }
  }, 600_000);

  it('bodies: wrong shapes, wrong field types, huge and hostile values', async () => {
    for (const op of operations.filter((o) => o.method === 'POST' || o.method === 'PUT')) {
      const url = fill(op.path, knownId);
      const fields = Object.keys(op.body ?? {});
      const payloads: unknown[] = [...BODIES];
      for (const field of fields) {
        for (const value of WRONG_VALUES) payloads.push({ [field]: value });
      }
      // Every field wrong at once.
      payloads.push(Object.fromEntries(fields.map((f) => [f, HUGE])));
      payloads.push(Object.fromEntries(fields.map((f) => [f, -1e308])));
      for (const payload of payloads) {
        for (const who of ['visitor', 'user', 'admin', 'advertiser', 'affiliate'] as const) {
          await send(op, url, sessions[who]!, payload);
        }
      }
    }
  }, 1_200_000);

  it('raw bodies that are not JSON at all', async () => {
    for (const op of operations.filter((o) => o.method === 'POST' || o.method === 'PUT')) {
      const url = fill(op.path, knownId);
      for (const raw of [
        '{"unterminated": ',
        'null',
        '\u0000\u0001',
        '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
      ]) {
        const before = await snapshot();
        const res = await ctx.app.inject({
          method: op.method as 'POST',
          url,
          headers: { ...sessions.admin, 'content-type': 'application/json' },
          payload: raw,
        });
        expect(res.statusCode, `${op.method} ${url} ${JSON.stringify(raw)}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await snapshot()).toBe(before);
      }
    }
  });

  it('the explorer’s word search and filters (decision 028): any text, any sort, no SQL error', async () => {
    // A session of its own: the walks above sign the shared user out (POST /users/logout).
    const db = ctx.database.db;
    const searcher = await authHeader(db, await buildUser(db));
    const op = operations.find((o) => o.method === 'GET' && o.path === '/api/offers/fetch_all')!;
    const params = ['title', 'sort', 'payout_type', 'entity', 'payout_min', 'payout_max'];
    expect(Object.keys(op.query)).toEqual(expect.arrayContaining(params));
    const texts = [
      "'",
      '\\',
      'keto:*',
      '!!',
      '& | !',
      '(((',
      '<-> <2>',
      "keto' & !boost:* | (",
      "'' ''",
      'x5',
      '-',
      '--keto',
      '-keto -boost',
      'ab',
      UNICODE,
      'ß æ ø œ ł',
      '%_',
      'ﬁ ⑴ ¼ ʼn',
      'a'.repeat(100),
      'word '.repeat(20).trim(),
    ];
    const filters = [
      '',
      '&payout_type=CPA&payout_type=RevShare',
      `&entity=${knownId}&payout_min=0&payout_max=5`,
      // An advertiser by a slug (docs/decisions/052), here one that names no company.
      '&entity=no-such-company&category=Nutra',
    ];
    for (const text of texts) {
      // NUL is refused for every text field (400); everything else is searched.
      const status = text.includes('\u0000') ? 400 : 200;
      for (const sort of ['newest', 'best', 'payout']) {
        for (const more of filters) {
          const url = `/api/offers/fetch_all?title=${encodeURIComponent(text)}&sort=${sort}${more}`;
          const before = await ctx.app.inject({ method: 'GET', url });
          expect(before.statusCode, `${url} ${before.body.slice(0, 200)}`).toBe(status);
        }
      }
      // The same text saved, then matched by the alert worker's SQL.
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: searcher,
        payload: { name: 'Fuzz', filters: { title: text, sort: 'best' } },
      });
      expect(saved.statusCode, saved.body).toBe(status === 200 ? 201 : 400);
      if (status !== 200) continue;
      await runSavedSearchAlerts(alertDeps(), new Date(Date.now() + 2 * DAY_MS));
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/saved-searches/${saved.json().saved_search.saved_search_id}`,
        headers: searcher,
      });
    }
  }, 600_000);

  it('left no prototype polluted', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
