import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { COMPANY_LIMITS, COMPANY_MESSAGES } from '@trustlinks/contract/companies';
import { buildTestApp, testConfig, type TestContext } from '../../../test/helpers';
import { authHeader, buildEntity, buildSignedInUser, buildUser } from '../../../test/factories';
import { MESSAGES } from '../../auth/guards';
import { entities, rateLimitEvents, type users, type UserRow } from '../../db/schema';
import { pruneCounters, recordEvent } from '../../lib/counters.repository';
import { contactReadLimits } from './companies.service';
import {
  companyListQuery,
  companyTrigramQuery,
  companyWalkQuery,
  contactSearchQuery,
  estimateSearchMatches,
  listCompanies,
  listCompaniesWithPlan,
  SEARCH_WALK_BUDGET,
  SEARCH_WALK_ROWS_PER_MATCH,
  searchWalkBudget,
} from './companies.repository';
import { prefixUpperBound, splitSearchPage } from './company-split-search.repository';
import { importCompanies } from './company-import.service';
import { parseCsv } from './csv';
import * as companyRoutes from '@trustlinks/contract/routes/companies';
import { inject } from '../../../test/inject';

let ctx: TestContext;
const db = () => ctx.database.db;

const HEADER = 'company_name,website,entity_type,full_name,designation,email,phone';
/** 45 companies: 15 of each type, names "Acme 01" … ; two contacts at Acme 01. */
const FIXTURE = [
  HEADER,
  'Acme 01,https://acme01.example,Advertiser,Ada Stone,Affiliate Manager,ada@acme01.example,+44 20 7946 0001',
  'Acme 01,https://acme01.example,Advertiser,Bo Lind,CEO,bo@acme01.example,',
  ...Array.from({ length: 44 }, (_, i) => {
    const n = String(i + 2).padStart(2, '0');
    const type = ['Advertiser', 'Affiliate', 'Network'][(i + 1) % 3];
    return `Acme ${n},https://acme${n}.example,${type},,,,`;
  }),
  'Zeta 100% Media_Group,https://zeta.example,Affiliate,Zed Quinn,Founder,zed@zeta.example,+1 202 555 0100',
].join('\n');

let acme01: string;
let zeta: string;
let plain: { user: UserRow; headers: Record<string, string> };
let verified: { user: UserRow; headers: Record<string, string> };

beforeAll(async () => {
  ctx = await buildTestApp();
  const result = await importCompanies(db(), () => parseCsv(FIXTURE));
  expect(result.rejected).toEqual([]);
  const list = await fetch({ search: 'Acme 01', limit: '1' }, await headersFor());
  acme01 = list.json().data[0].affliate_id;
  zeta = (await fetch({ search: 'zeta' }, await headersFor())).json().data[0].affliate_id;
  plain = await buildSignedInUser(db());
  verified = await buildSignedInUser(db(), {
    identityVerified: true,
    identityMethod: 'business_email',
  });
});
afterAll(() => ctx.close());

async function headersFor(overrides: Partial<typeof users.$inferInsert> = {}) {
  return authHeader(db(), await buildUser(db(), overrides));
}

function fetch(query: Record<string, string>, headers?: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: '/api/affiliate-companies/fetch', query, headers });
}
const get = (url: string, headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url, headers });

/**
 * No email address or phone number of the fixture anywhere in a body. Ids are left out of the
 * search: a random UUID may hold the digits 7946 (it did: e46957946aa8).
 */
function expectNoContactDetails(body: string) {
  const withoutIds = body.replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
    '',
  );
  expect(withoutIds).not.toMatch(/@acme01\.example|@zeta\.example|7946|555 0100/);
  expect(body).not.toContain('"email"');
  expect(body).not.toContain('"phone"');
}

describe('visitors', () => {
  it.each([
    '/api/affiliate-companies/fetch',
    '/api/affiliate-companies/00000000-0000-4000-8000-000000000000',
    '/api/affiliate-companies/00000000-0000-4000-8000-000000000000/contacts',
    '/api/affiliate-companies/contacts/search?q=ada',
  ])('get 401 with the spec message from %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: COMPANY_MESSAGES.loginRequired });
  });

  it('with an expired token are told their session expired', async () => {
    const res = await get('/api/affiliate-companies/fetch', {
      authorization: `Bearer ${'x'.repeat(43)}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.sessionExpired });
  });

  it('with a temporary password must reset it first', async () => {
    const res = await get(
      '/api/affiliate-companies/fetch',
      await headersFor({ passwordResetRequired: true }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.mustResetPassword });
  });
});

describe('GET /api/affiliate-companies/teaser: what a visitor sees (docs/decisions/053)', () => {
  it('answers the first companies in name order with name, type and website only, and the total', async () => {
    const res = await inject(ctx.app, companyRoutes.teaser);
    expect(res.status).toBe(200);
    const body = res.answer();
    expect(body.total).toBe(46);
    expect(body.data).toHaveLength(COMPANY_LIMITS.teaserSize);
    expect(body.data.map((c) => c.company_name)).toEqual(
      Array.from(
        { length: COMPANY_LIMITS.teaserSize },
        (_, i) => `Acme ${String(i + 1).padStart(2, '0')}`,
      ),
    );
    expect(body.data[0]).toEqual({
      company_name: 'Acme 01',
      website: 'https://acme01.example',
      entity_type: 'Advertiser',
    });
    for (const company of JSON.parse(res.text).data as object[]) {
      expect(Object.keys(company).sort()).toEqual(['company_name', 'entity_type', 'website']);
    }
    // Acme 01 has two contacts with email and phone: none of it, nor an id to ask for them with.
    expectNoContactDetails(res.text);
    expect(res.text).not.toMatch(/affliate_id|contact|designation|Ada Stone|full_name/);
  });

  it('is bounded: a query cannot page, widen, search or filter it', async () => {
    const first = await inject(ctx.app, companyRoutes.teaser);
    for (const query of [
      'limit=1000',
      'page=3&limit=100',
      'search=zeta',
      'type=Network',
      'q=ada',
    ]) {
      const res = await get(`/api/affiliate-companies/teaser?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first.answer());
    }
  });

  it('is the same for a signed-in user', async () => {
    const visitor = await get('/api/affiliate-companies/teaser');
    const signedIn = await get('/api/affiliate-companies/teaser', plain.headers);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(visitor.json());
  });

  it('is kept by the read cache between reads', async () => {
    const cached = await buildTestApp({ config: { READ_CACHE_MS: '60000' } });
    try {
      await importCompanies(cached.database.db, () => parseCsv(FIXTURE));
      const url = '/api/affiliate-companies/teaser';
      const first = await cached.app.inject({ method: 'GET', url });
      expect(first.headers['x-cache']).toBe('miss');
      const again = await cached.app.inject({ method: 'GET', url });
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.body).toBe(first.body);
    } finally {
      await cached.close();
    }
  });

  it('the rest of the database stays closed to visitors', async () => {
    const res = await get(`/api/affiliate-companies/${acme01}/contacts`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: COMPANY_MESSAGES.loginRequired });
  });
});

describe('GET /api/affiliate-companies/fetch', () => {
  it('answers { data, pagination } in name order, 20 by default', async () => {
    const res = await fetch({}, plain.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toEqual({
      affliate_id: acme01,
      company_name: 'Acme 01',
      website: 'https://acme01.example',
      entity_type: 'Advertiser',
    });
    const names = body.data.map((c: { company_name: string }) => c.company_name);
    expect(names).toEqual([...names].sort());
    expect(body.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 46,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: false,
      totalIsCapped: false,
    });
  });

  it('pages to the end and past it', async () => {
    const middle = (await fetch({ page: '2' }, plain.headers)).json();
    expect(middle.pagination).toMatchObject({ page: 2, hasNextPage: true, hasPreviousPage: true });
    const last = (await fetch({ page: '3' }, plain.headers)).json();
    expect(last.data).toHaveLength(6);
    expect(last.pagination).toMatchObject({
      page: 3,
      total: 46,
      totalPages: 3,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    const past = (await fetch({ page: '4' }, plain.headers)).json();
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ page: 4, total: 46, hasNextPage: false });
    const all = (await fetch({ limit: '100' }, plain.headers)).json();
    expect(all.data).toHaveLength(46);
    expect(all.pagination).toMatchObject({ total: 46, totalPages: 1, hasNextPage: false });
    // Every company exactly once across the pages.
    const ids = new Set<string>();
    for (const page of ['1', '2', '3']) {
      for (const c of (await fetch({ page }, plain.headers)).json().data) ids.add(c.affliate_id);
    }
    expect(ids.size).toBe(46);
  });

  it('filters by type (any case; all means no filter) with exact counts', async () => {
    const res = (await fetch({ type: 'Network' }, plain.headers)).json();
    expect(res.data.every((c: { entity_type: string }) => c.entity_type === 'Network')).toBe(true);
    expect(res.pagination.total).toBe(15);
    expect((await fetch({ type: 'affiliate' }, plain.headers)).json().pagination.total).toBe(16);
    expect((await fetch({ type: 'all' }, plain.headers)).json().pagination.total).toBe(46);
  });

  it('searches names: substring from 3 characters, prefix below, case-insensitive', async () => {
    const sub = (await fetch({ search: 'CME 1' }, plain.headers)).json();
    expect(sub.data.map((c: { company_name: string }) => c.company_name)).toEqual([
      'Acme 10',
      'Acme 11',
      'Acme 12',
      'Acme 13',
      'Acme 14',
      'Acme 15',
      'Acme 16',
      'Acme 17',
      'Acme 18',
      'Acme 19',
    ]);
    expect(sub.pagination).toMatchObject({ total: 10, totalPages: 1, hasNextPage: false });
    expect((await fetch({ search: 'ze' }, plain.headers)).json().pagination.total).toBe(1);
    expect((await fetch({ search: 'me' }, plain.headers)).json().pagination.total).toBe(0);
    const typed = (await fetch({ search: 'acme', type: 'Network' }, plain.headers)).json();
    expect(typed.pagination.total).toBe(15);
  });

  it('treats % and _ in a search as text', async () => {
    expect((await fetch({ search: '100%' }, plain.headers)).json().data).toHaveLength(1);
    expect((await fetch({ search: 'a_g' }, plain.headers)).json().data).toHaveLength(1);
    expect((await fetch({ search: '%%%' }, plain.headers)).json().data).toHaveLength(0);
    expect((await fetch({ search: "'; drop table users; --" }, plain.headers)).statusCode).toBe(
      200,
    );
  });

  it('answers an empty result with zero totals', async () => {
    const res = (await fetch({ search: 'no such company' }, plain.headers)).json();
    expect(res).toEqual({
      data: [],
      pagination: {
        page: 1,
        limit: 20,
        total: 0,
        totalPages: 0,
        hasNextPage: false,
        hasPreviousPage: false,
        totalIsCapped: false,
      },
    });
  });

  it.each([
    [{ limit: '0' }],
    [{ limit: '101' }],
    [{ limit: 'ten' }],
    [{ page: '0' }],
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ page: String(COMPANY_LIMITS.maxDepth / 20 + 1) }],
    [{ page: '101', limit: '100' }],
    [{ type: 'Agency' }],
    [{ search: 'x'.repeat(101) }],
    [{ search: 'a\u0000b' }],
  ])('refuses %j with 400 and a message', async (query) => {
    const res = await fetch(query, plain.headers);
    expect(res.statusCode).toBe(400);
    // A human message: ours ("Invalid input: …"), or the app-wide refusal of NUL characters.
    expect(res.json().error).toMatch(/^Invalid input: |NUL/);
  });

  it('reaches the deepest allowed page and says there is no next one', async () => {
    const res = await fetch({ page: '100', limit: '100' }, plain.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toMatchObject({ page: 100, hasNextPage: false });
  });
});

describe('GET /api/affiliate-companies/:id', () => {
  it('answers the company with its contact count', async () => {
    const res = await get(`/api/affiliate-companies/${acme01}`, plain.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      affliate_id: acme01,
      company_name: 'Acme 01',
      entity_type: 'Advertiser',
      contact_count: 2,
    });
    expectNoContactDetails(res.body);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'or'1"])(
    'answers 404 for %s',
    async (id) => {
      const res = await get(`/api/affiliate-companies/${encodeURIComponent(id)}`, plain.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: COMPANY_MESSAGES.notFound });
    },
  );
});

describe('contact email and phone', () => {
  const contactsOf = (id: string, headers: Record<string, string>) =>
    get(`/api/affiliate-companies/${id}/contacts`, headers);
  const search = (q: string, headers: Record<string, string>) =>
    get(`/api/affiliate-companies/contacts/search?q=${encodeURIComponent(q)}`, headers);

  it('are absent for an unverified user, in contacts and in search', async () => {
    const res = await contactsOf(acme01, plain.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      access: 'limited',
      data: [
        {
          contact_id: expect.any(String),
          full_name: 'Ada Stone',
          first_name: null,
          last_name: null,
          designation: 'Affiliate Manager',
        },
        {
          contact_id: expect.any(String),
          full_name: 'Bo Lind',
          first_name: null,
          last_name: null,
          designation: 'CEO',
        },
      ],
    });
    expectNoContactDetails(res.body);

    const found = await search('ada', plain.headers);
    expect(found.statusCode).toBe(200);
    expect(found.json().access).toBe('limited');
    expect(found.json().data[0]).toMatchObject({
      full_name: 'Ada Stone',
      company: { affliate_id: acme01, company_name: 'Acme 01' },
    });
    expectNoContactDetails(found.body);
    // Email and phone are not searchable either (that would leak them a letter at a time).
    expect((await search('acme01.example', plain.headers)).json().data).toEqual([]);
    expect((await search('7946', plain.headers)).json().data).toEqual([]);
  });

  it('are present for a user with a verified identity', async () => {
    const res = (await contactsOf(acme01, verified.headers)).json();
    expect(res.access).toBe('full');
    expect(res.data[0]).toMatchObject({
      full_name: 'Ada Stone',
      email: 'ada@acme01.example',
      phone: '+44 20 7946 0001',
    });
    expect(res.data[1]).toMatchObject({
      full_name: 'Bo Lind',
      email: 'bo@acme01.example',
      phone: null,
    });
    const found = (await search('quinn', verified.headers)).json();
    expect(found.access).toBe('full');
    expect(found.data[0]).toMatchObject({ email: 'zed@zeta.example', phone: '+1 202 555 0100' });
  });

  it('are present for entity users (an approved entity), absent once it is rejected', async () => {
    const entity = await buildEntity(db(), {
      entityType: 'affiliate',
      verificationStatus: 'approved',
    });
    for (const role of ['advertiser', 'affiliate', 'network'] as const) {
      const headers = await headersFor({ role, entityId: entity.id });
      const res = (await contactsOf(zeta, headers)).json();
      expect(res.access, role).toBe('full');
      expect(res.data[0].email).toBe('zed@zeta.example');
    }
    const user = await buildUser(db(), { role: 'affiliate', entityId: entity.id });
    const headers = await authHeader(db(), user);
    // Regression (docs/decisions/011): the entity's status decides, not the role column (still 'affiliate').
    await db()
      .update(entities)
      .set({ verificationStatus: 'rejected' })
      .where(eq(entities.id, entity.id));
    const res = await contactsOf(zeta, headers);
    expect(res.json().access).toBe('limited');
    expectNoContactDetails(res.body);
  });

  it('are absent for an admin without a verified identity', async () => {
    const res = await contactsOf(acme01, await headersFor({ role: 'admin' }));
    expect(res.json().access).toBe('limited');
    expectNoContactDetails(res.body);
  });

  it('disappear as soon as a verification is revoked', async () => {
    const user = await buildUser(db(), { identityVerified: true });
    const headers = await authHeader(db(), user);
    expect((await contactsOf(acme01, headers)).json().access).toBe('full');
    const admin = await headersFor({ role: 'admin' });
    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/identity-verification`,
      headers: admin,
    });
    expect(revoke.statusCode).toBe(200);
    const after = await contactsOf(acme01, headers);
    expect(after.json().access).toBe('limited');
    expectNoContactDetails(after.body);
  });

  it('answers 404 for contacts of an unknown company and 400 for a bad search', async () => {
    const res = await contactsOf('00000000-0000-4000-8000-000000000000', plain.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: COMPANY_MESSAGES.notFound });
    for (const url of [
      '/api/affiliate-companies/contacts/search',
      '/api/affiliate-companies/contacts/search?q=ab',
      '/api/affiliate-companies/contacts/search?q=ada&limit=51',
      '/api/affiliate-companies/contacts/search?q=ada&type=Agency',
    ]) {
      const bad = await get(url, plain.headers);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().error).toMatch(/^Invalid input: /);
    }
  });
});

describe('contact reads are rate limited per account (sliding windows)', () => {
  const config = testConfig();
  const HOUR = 3600_000;
  /** Reads the account made `agoMs` ago, as the limiter records them. */
  async function pastReads(userId: string, n: number, agoMs: number) {
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: n }, () => ({
          key: `contact-reads:${userId}`,
          occurredAt: new Date(Date.now() - agoMs),
        })),
      );
  }
  const contacts = (headers: Record<string, string>) =>
    get(`/api/affiliate-companies/${acme01}/contacts`, headers);
  const hourly =
    /^You have looked up a lot of contacts in a short time\. .* limited to 100 per hour\. Please try again in \d+ minutes?\.$/;

  it('answers 429 with a clear message past the hourly allowance, for that user only', async () => {
    const user = await buildUser(db(), {
      identityVerified: true,
      createdAt: new Date(Date.now() - 30 * 24 * HOUR),
    });
    const headers = await authHeader(db(), user);
    for (let i = 0; i < config.CONTACT_READS_PER_HOUR - 1; i++) {
      await recordEvent(db(), `contact-reads:${user.id}`);
    }
    expect((await contacts(headers)).statusCode).toBe(200);
    for (const url of [
      `/api/affiliate-companies/${acme01}/contacts`,
      '/api/affiliate-companies/contacts/search?q=ada',
    ]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(hourly);
    }
    // The company list is not a contact read, and other users keep their allowance.
    expect((await fetch({}, headers)).statusCode).toBe(200);
    expect((await contacts(plain.headers)).statusCode).toBe(200);
  });

  it('regression: the hour slides (no double allowance across a clock hour), and frees up as reads age', async () => {
    // 100 reads in the last 59 minutes: a fixed clock-hour window would reset at the next full
    // hour and allow 100 more at once; a sliding window refuses until the oldest is an hour old.
    const user = await buildUser(db(), { createdAt: new Date(Date.now() - 30 * 24 * HOUR) });
    const headers = await authHeader(db(), user);
    await pastReads(user.id, config.CONTACT_READS_PER_HOUR / 2, 59 * 60_000);
    await pastReads(user.id, config.CONTACT_READS_PER_HOUR / 2, 10 * 60_000);
    const res = await contacts(headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/Please try again in 1 minute\.$/);
    // Reads older than an hour no longer count against the hour.
    const later = await buildUser(db(), { createdAt: new Date(Date.now() - 30 * 24 * HOUR) });
    await pastReads(later.id, config.CONTACT_READS_PER_HOUR, 61 * 60_000);
    expect((await contacts(await authHeader(db(), later))).statusCode).toBe(200);
  });

  it('caps reads per 24 hours, and new accounts get a smaller daily cap', async () => {
    const old = await buildUser(db(), { createdAt: new Date(Date.now() - 30 * 24 * HOUR) });
    const oldHeaders = await authHeader(db(), old);
    await pastReads(old.id, config.CONTACT_READS_PER_DAY - 1, 5 * HOUR);
    expect((await contacts(oldHeaders)).statusCode).toBe(200);
    const capped = await contacts(oldHeaders);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error).toMatch(
      /^You have reached today's limit of contact lookups\. .*each account can look up 300 contacts in 24 hours\. Please try again in 19 hours\.$/,
    );
    // Refused reads are not counted.
    expect((await contacts(oldHeaders)).statusCode).toBe(429);
    const counted = await db()
      .select({ key: rateLimitEvents.key })
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.key, `contact-reads:${old.id}`));
    expect(counted).toHaveLength(config.CONTACT_READS_PER_DAY);

    const young = await buildUser(db(), { createdAt: new Date(Date.now() - 2 * HOUR) });
    const youngHeaders = await authHeader(db(), young);
    await pastReads(young.id, config.CONTACT_READS_NEW_ACCOUNT_PER_DAY - 1, HOUR + 60_000);
    expect((await contacts(youngHeaders)).statusCode).toBe(200);
    const small = await contacts(youngHeaders);
    expect(small.statusCode).toBe(429);
    expect(small.json().error).toMatch(/accounts in their first day can look up 30 contacts/);
  });

  it('housekeeping prunes reads older than the longest window', async () => {
    const user = await buildUser(db());
    await pastReads(user.id, 2, 25 * HOUR);
    await pastReads(user.id, 1, 23 * HOUR);
    await pruneCounters(db(), new Date(Date.now() - 24 * HOUR));
    const left = await db()
      .select({ key: rateLimitEvents.key })
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.key, `contact-reads:${user.id}`));
    expect(left).toHaveLength(1);
  });

  it('the limits come from the configuration', () => {
    const now = Date.now();
    const custom = testConfig({
      CONTACT_READS_PER_HOUR: '7',
      CONTACT_READS_PER_DAY: '70',
      CONTACT_READS_NEW_ACCOUNT_PER_DAY: '9',
    });
    expect(contactReadLimits(custom, new Date(now - 25 * HOUR), now)).toEqual({
      perHour: 7,
      perDay: 70,
      newAccount: false,
    });
    expect(contactReadLimits(custom, new Date(now - 23 * HOUR), now)).toEqual({
      perHour: 7,
      perDay: 9,
      newAccount: true,
    });
    expect(() => testConfig({ CONTACT_READS_PER_DAY: '0' })).toThrow(/CONTACT_READS_PER_DAY/);
  });
});

describe('prefixUpperBound: the end of the names that start with a search', () => {
  it('is the least text after every text that starts with it, in byte order', () => {
    expect(prefixUpperBound('harbor')).toBe('harbos');
    expect(prefixUpperBound('caf\u00e9')).toBe('caf\u00ea');
    // Past the last code point it carries over; UTF-8 has no surrogates to land on.
    expect(prefixUpperBound('a\u{10ffff}')).toBe('b');
    expect(prefixUpperBound('a\ud7ff')).toBe('a\ue000');
    expect(prefixUpperBound('\u{10ffff}')).toBeNull();
    const after = (t: string) =>
      Buffer.compare(Buffer.from(t), Buffer.from(prefixUpperBound('ab')!));
    for (const name of ['ab', 'ab\u{10ffff}', 'abzzz', 'ab\u00ff']) expect(after(name)).toBe(-1);
    expect(after('ac')).toBe(0);
  });
});

describe('search at scale', () => {
  it('totals of a search stop at the cap and say so; its pages stop there too', async () => {
    await ctx.database.query(`
      INSERT INTO affiliate_companies (company_name, entity_type, company_key)
      SELECT 'Bulk Capped ' || g, 'Network', 'name:bulk capped ' || g
      FROM generate_series(1, ${COMPANY_LIMITS.totalCap + 50}) g`);
    const res = (await fetch({ search: 'capped' }, plain.headers)).json();
    expect(res.pagination).toEqual({
      page: 1,
      limit: 20,
      total: COMPANY_LIMITS.totalCap,
      totalPages: COMPANY_LIMITS.totalCap / 20,
      hasNextPage: true,
      hasPreviousPage: false,
      totalIsCapped: true,
    });
    expect(res.data[0].company_name).toBe('Bulk Capped 1');
    const lastPage = String(COMPANY_LIMITS.totalCap / 20);
    const deepest = (await fetch({ search: 'capped', page: lastPage }, plain.headers)).json();
    expect(deepest.data).toHaveLength(20);
    expect(deepest.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const tooDeep = await fetch(
      { search: 'capped', page: String(Number(lastPage) + 1) },
      plain.headers,
    );
    expect(tooDeep.statusCode).toBe(400);
    // Prefix searches are capped alike.
    expect((await fetch({ search: 'bu' }, plain.headers)).json().pagination).toMatchObject({
      total: COMPANY_LIMITS.totalCap,
      totalIsCapped: true,
    });
    // Without a search the total is exact (trigger-kept counters), not capped.
    const all = (await fetch({ type: 'Network' }, plain.headers)).json();
    expect(all.pagination).toMatchObject({
      total: 15 + COMPANY_LIMITS.totalCap + 50,
      totalIsCapped: false,
    });
    await ctx.database.query(
      `DELETE FROM affiliate_companies WHERE company_key LIKE 'name:bulk capped %'`,
    );
    expect((await fetch({ type: 'Network' }, plain.headers)).json().pagination.total).toBe(15);
  });

  it('a many-match search gives the same pages whether the walk succeeds or falls back', async () => {
    // Matches clustered at the end of the alphabet, behind many non-matching names.
    await ctx.database.query(`
      INSERT INTO affiliate_companies (company_name, entity_type, company_key)
      SELECT CASE WHEN g % 2 = 0 THEN 'Yonder Walk ' ELSE 'Alpha Other ' END || g, 'Advertiser', 'name:walk ' || g
      FROM generate_series(1, 400) g`);
    const filter = { search: 'walk', substringMinLength: 3 };
    for (const offset of [0, 20, 180]) {
      const page = { limit: 20, offset };
      const expected = await companyTrigramQuery(db(), filter, page);
      expect(expected).toHaveLength(20);
      for (const budget of [5, 250, 10_000]) {
        const rows = await listCompanies(db(), filter, page, budget);
        expect(
          rows.map((r) => r.id),
          `offset ${offset}, budget ${budget}`,
        ).toEqual(expected.map((r) => r.id));
      }
      // And the walk alone, when it has room, finds exactly that page.
      expect((await companyWalkQuery(db(), filter, page, 10_000)).map((r) => r.company.id)).toEqual(
        expected.map((r) => r.id),
      );
    }
    await ctx.database.query(
      `DELETE FROM affiliate_companies WHERE company_key LIKE 'name:walk %'`,
    );
  });

  it('the walk finds matches that begin far into the list, case-insensitively like ILIKE', async () => {
    // 6,000 names before the first match (more than the old 5,000-row budget), then matches in
    // mixed case, some with letters beyond ASCII.
    await ctx.database.query(`
      INSERT INTO affiliate_companies (company_name, entity_type, company_key)
      SELECT CASE WHEN g <= 6000 THEN 'Aardvark Other ' || g
          WHEN g % 2 = 0 THEN 'Yonder FARWALK École ' || g ELSE 'Yonder farwalk ÉCOLE ' || g END,
        'Advertiser', 'name:farwalk ' || g
      FROM generate_series(1, 6100) g`);
    for (const search of ['farWalk', 'école', 'alk éc']) {
      const filter = { search, substringMinLength: 3 };
      for (const offset of [0, 40]) {
        const page = { limit: 20, offset };
        const expected = await companyTrigramQuery(db(), filter, page);
        const walked = await companyWalkQuery(db(), filter, page);
        expect(
          walked.map((r) => r.company.id),
          `${search} offset ${offset}`,
        ).toEqual(expected.map((r) => r.id));
        if (search === 'farWalk') expect(walked).toHaveLength(20);
      }
    }
    await ctx.database.query(
      `DELETE FROM affiliate_companies WHERE company_key LIKE 'name:farwalk %'`,
    );
  });

  it('the walk goes as far as the expected matches make it cheaper than sorting them', async () => {
    // The budget follows the planner's estimate of the matches past the old fixed 100,000 rows:
    // "ver" at 1,000,000 names (~57,000 matches, estimated 60,606) first matches at row 157,142.
    expect(searchWalkBudget(0)).toBe(SEARCH_WALK_BUDGET);
    expect(searchWalkBudget(2_000)).toBe(SEARCH_WALK_BUDGET);
    expect(searchWalkBudget(60_606)).toBe(60_606 * SEARCH_WALK_ROWS_PER_MATCH);
    expect(searchWalkBudget(60_606)).toBeGreaterThan(157_142);
    expect(searchWalkBudget(10, 50)).toBe(10 * SEARCH_WALK_ROWS_PER_MATCH);

    // 3,000 names before the first match, then 300 matches in one block (as every "Kindred …"
    // name for "red"): a walk of the floor alone (1,000 rows) gives up for the trigram path, a
    // walk scaled by 300 expected matches reaches them, and both give the same pages.
    await ctx.database.query(`
      INSERT INTO affiliate_companies (company_name, entity_type, company_key)
      SELECT CASE WHEN g <= 3000 THEN 'Aardvark Other ' || g ELSE 'Yonder Latewalk ' || g END,
        'Advertiser', 'name:latewalk ' || g
      FROM generate_series(1, 3300) g`);
    await ctx.database.query('ANALYZE affiliate_companies');
    const filter = { search: 'LATEwalk', substringMinLength: 3 };
    expect(await estimateSearchMatches(db(), filter)).toBeGreaterThan(0);
    for (const offset of [0, 100, 280]) {
      const page = { limit: 20, offset };
      const floorOnly = await listCompaniesWithPlan(db(), filter, page, searchWalkBudget(0, 1_000));
      const scaled = await listCompaniesWithPlan(db(), filter, page, searchWalkBudget(300, 1_000));
      expect(floorOnly.plan, `offset ${offset}`).toBe('trigram');
      expect(scaled.plan, `offset ${offset}`).toBe('walk');
      expect(scaled.rows.map((r) => r.id)).toEqual(floorOnly.rows.map((r) => r.id));
      expect(scaled.rows).toHaveLength(20);
      expect(scaled.rows[0]!.companyName).toMatch(/^Yonder Latewalk /);
    }
    // Past the last match the walk cannot fill the page: the trigram path answers (empty).
    const past = await listCompaniesWithPlan(
      db(),
      filter,
      { limit: 20, offset: 300 },
      searchWalkBudget(300, 1_000),
    );
    expect(past).toEqual({ rows: [], plan: 'trigram' });
    await ctx.database.query(
      `DELETE FROM affiliate_companies WHERE company_key LIKE 'name:latewalk %'`,
    );
  });

  it('a search split at the start of names gives the pages and totals of the plain search', async () => {
    // Many names start with the word (one block of the list order), a few have it further in,
    // some twice, in every case, over every type; "%" and "_" in a search stay literal.
    await ctx.database.query(`
      INSERT INTO affiliate_companies (company_name, entity_type, company_key)
      SELECT CASE
          WHEN g % 10 = 0 THEN 'Alpha splitword ' || g
          WHEN g % 10 = 1 THEN 'Zulu SPLITWORD Splitword ' || g
          WHEN g % 10 = 2 THEN 'Other ' || g
          ELSE 'Splitword ' || g END,
        (ARRAY['Advertiser','Affiliate','Network'])[1 + g % 3], 'name:split ' || g
      FROM generate_series(1, 300) g`);
    for (const type of [undefined, 'Network' as const]) {
      for (const search of ['splitword', 'LITWO', 'word 2', 'tword_']) {
        const filter = { search, type, substringMinLength: 3 };
        const expectedAll = await companyTrigramQuery(db(), filter, { limit: 1000, offset: 0 });
        for (const offset of [0, 20, 100, 220]) {
          const page = { limit: 20, offset };
          const split = await splitSearchPage(db(), filter, page, 1000, 1000);
          expect(
            split.rows.map((r) => r.id),
            `${search} ${type ?? ''} offset ${offset}`,
          ).toEqual(expectedAll.slice(offset, offset + 20).map((r) => r.id));
          expect((split.prefixCount ?? NaN) + split.innerCount).toBe(expectedAll.length);
        }
      }
    }
    // Counting stops past the cap; too many matches inside names are reported as such.
    const capped = await splitSearchPage(
      db(),
      { search: 'splitword', substringMinLength: 3 },
      { limit: 20, offset: 0 },
      50,
      10,
    );
    expect(capped.prefixCount).toBe(51);
    expect(capped.innerCount).toBe(11);
    // Names starting with the search are not counted when the caller knows they are many.
    const uncounted = await splitSearchPage(
      db(),
      { search: 'splitword', substringMinLength: 3 },
      { limit: 20, offset: 0 },
      null,
      1000,
    );
    expect(uncounted.prefixCount).toBeNull();
    expect(uncounted.rows).toHaveLength(20);
    // Through the endpoint: exact totals below the cap, in list order.
    const res = (await fetch({ search: 'splitword', type: 'Network' }, plain.headers)).json();
    expect(res.pagination).toMatchObject({ total: 90, totalIsCapped: false, hasNextPage: true });
    expect(res.data[0].company_name).toMatch(/^Alpha splitword /);
    await ctx.database.query(
      `DELETE FROM affiliate_companies WHERE company_key LIKE 'name:split %'`,
    );
  });

  it('the search statements use the trigram indexes (EXPLAIN on a few thousand rows)', async () => {
    await ctx.database.query(`
      INSERT INTO affiliate_companies (company_name, entity_type, company_key)
      SELECT initcap(md5(g::text)) || ' Partners', 'Affiliate', 'name:explain ' || g
      FROM generate_series(1, 3000) g`);
    const [company] = (
      await ctx.database.query(
        `SELECT id FROM affiliate_companies WHERE company_key = 'name:explain 1'`,
      )
    ).rows as { id: string }[];
    await ctx.database.query(
      `
      INSERT INTO affiliate_company_contacts (company_id, contact_key, full_name, designation)
      SELECT $1, 'name:' || g, initcap(md5(g::text)), 'Media Buyer'
      FROM generate_series(1, 3000) g`,
      [company!.id],
    );
    // VACUUM also moves the fresh rows out of the GIN pending lists (as autovacuum would).
    await ctx.database.query('VACUUM ANALYZE affiliate_companies');
    await ctx.database.query('VACUUM ANALYZE affiliate_company_contacts');

    const plan = (query: { getSQL: () => unknown }) =>
      db().transaction(async (tx) => {
        // Proves the index can serve the statement; on tiny tables a scan may be cheaper.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = await tx.execute(sql`EXPLAIN ${query as never}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
    const list = await plan(
      companyTrigramQuery(
        db(),
        { search: 'a1b2', substringMinLength: 3 },
        { limit: 20, offset: 0 },
      ),
    );
    expect(list).toContain('affiliate_companies_name_trgm_idx');
    const contactsPlan = await plan(
      contactSearchQuery(db(), { q: 'a1b2' }, { limit: 20, offset: 0 }, COMPANY_LIMITS.totalCap),
    );
    expect(contactsPlan).toContain('affiliate_company_contacts_search_trgm_idx');
    const prefix = await plan(
      companyListQuery(db(), { search: 'ab', substringMinLength: 3 }, { limit: 20, offset: 0 }),
    );
    // A short search is a range of the sort index: no scan, no sort.
    expect(prefix).toMatch(/Index Scan using affiliate_companies_sort_idx[\s\S]*Index Cond/);
    expect(prefix).not.toContain('Sort');
  });
});
