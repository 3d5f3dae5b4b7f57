// Which database each request reads from (read-routing.ts), on any database: the "replica" here
// is a second copy of the migrated template that never receives a write, i.e. a replica that lags
// for ever. What a public list shows tells which database answered it. The real streaming
// replica, its lag and its outage are tested in replica.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, createTestDatabase, useTestApp, type TestContext } from '../../test/helpers';
import {
  buildEntityAccount,
  buildReview,
  buildUser,
  authHeader,
  offerPayload,
  offerRequestPayload,
} from '../../test/factories';
import { hashPassword } from '../auth/passwords';
import { importCompanies } from '../modules/companies/company-import.service';
import { parseCsv } from '../modules/companies/csv';
import type { ReadReplica } from './replica';
import { serverSecrets } from './schema';
import { STICKY_COOKIE, stickyCookie, withinStickyWindow, withReadRouting } from './read-routing';

const NOW = 1_800_000_000_000;

const KEY = 'a-key-all-instances-share';
/** The client (clientKey) the window is opened for. */
const CLIENT = '203.0.113.7';
/** The Cookie header a browser sends back for a window opened at `at`. */
const cookieOf = (at: number, stickyMs = 5000, key = KEY, client = CLIENT) =>
  stickyCookie(at, stickyMs, false, key, client).split(';')[0]!;
const within = (header: string | undefined, now: number, stickyMs = 5000, client = CLIENT) =>
  withinStickyWindow(header, now, stickyMs, KEY, client);

describe('the sticky window', () => {
  it('is open from a write until REPLICA_STICKY_MS later', () => {
    const header = cookieOf(NOW);
    expect(header).toMatch(new RegExp(`^${STICKY_COOKIE}=${NOW + 5000}\\.[\\w-]{43}$`));
    expect(within(header, NOW)).toBe(true);
    expect(within(header, NOW + 4999)).toBe(true);
    expect(within(header, NOW + 5000)).toBe(false);
  });

  it('is found among other cookies, and only under its own name', () => {
    const value = cookieOf(NOW - 4000);
    expect(within(`a=1; ${value}; b=2`, NOW)).toBe(true);
    expect(within(`a=1;${value}`, NOW)).toBe(true);
    expect(within(`x${value}`, NOW)).toBe(false);
    expect(within(`${value}x`, NOW)).toBe(false);
    expect(within(`${STICKY_COOKIE}=`, NOW)).toBe(false);
    expect(within('a=1', NOW)).toBe(false);
    expect(within(undefined, NOW)).toBe(false);
  });

  it('ignores a cookie that claims more than the window (a forged one, to load the primary)', () => {
    // Signed for a longer window (another setting, or signed by an instance with another key).
    expect(within(cookieOf(NOW + 1000), NOW)).toBe(true);
    expect(within(cookieOf(NOW, 3_600_000), NOW)).toBe(false);
  });

  it('regression: ignores an unsigned, forged or changed cookie', () => {
    const signed = cookieOf(NOW);
    const [, until, mac] = /=(\d+)\.(.+)$/.exec(signed)!;
    for (const forged of [
      // The old unsigned form: anyone could write it.
      `${STICKY_COOKIE}=${NOW + 5000}`,
      `${STICKY_COOKIE}=${NOW + 5000}.`,
      // Another time under a valid signature, a signature changed, one under another key.
      `${STICKY_COOKIE}=${Number(until) - 1}.${mac}`,
      `${STICKY_COOKIE}=${until}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`,
      `${STICKY_COOKIE}=${until}.${mac!.slice(0, -2)}`,
      cookieOf(NOW, 5000, 'another-key'),
      `${STICKY_COOKIE}=99999999999999999999.${mac}`,
    ]) {
      expect(within(forged, NOW), forged).toBe(false);
    }
    expect(within(signed, NOW)).toBe(true);
  });

  it('regression: counts only for the client it was handed to (a cookie is no pass for others)', () => {
    expect(within(cookieOf(NOW), NOW, 5000, '198.51.100.9')).toBe(false);
    expect(
      within(cookieOf(NOW, 5000, KEY, '2001:db8:1:2::/64'), NOW, 5000, '2001:db8:1:2::/64'),
    ).toBe(true);
    expect(
      within(cookieOf(NOW, 5000, KEY, '2001:db8:1:2::/64'), NOW, 5000, '2001:db8:1:3::/64'),
    ).toBe(false);
  });

  it('is off with REPLICA_STICKY_MS=0', () => {
    expect(within(cookieOf(NOW - 4000), NOW, 0)).toBe(false);
  });

  it('is a cookie for the API only, never readable by scripts, Secure on https', () => {
    expect(stickyCookie(NOW, 5000, false, KEY, CLIENT)).toMatch(
      new RegExp(
        `^${STICKY_COOKIE}=${NOW + 5000}\\.[\\w-]{43}; Max-Age=5; Path=/api; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(stickyCookie(NOW, 1500, true, KEY, CLIENT)).toMatch(/Max-Age=2; .*; Secure$/);
  });
});

describe('withReadRouting', () => {
  const base = { db: {} as never, config: {} as never, log: {} as never, wakeMailer: () => {} };
  const request = (readsPrimary: boolean) => ({ readsPrimary }) as FastifyRequest;

  it('without a replica, every read uses the same deps', () => {
    const deps = withReadRouting(base);
    expect(deps.forPublicRead(request(false))).toBe(deps);
    expect(deps.forPublicRead(request(true))).toBe(deps);
  });

  it('with one, public reads use its db unless the client has just written', () => {
    const replica = { db: { replica: true } } as unknown as ReadReplica;
    const deps = withReadRouting(base, replica);
    expect(deps.db).toBe(base.db);
    const onReplica = deps.forPublicRead(request(false));
    expect(onReplica.db).toBe(replica.db);
    expect(onReplica.config).toBe(base.config);
    expect(deps.forPublicRead(request(true))).toBe(deps);
    // Chosen once: the replica's deps route the same way.
    expect(onReplica.forPublicRead(request(true))).toBe(deps);
  });
});

describe('without DATABASE_READ_URL', () => {
  const t = useTestApp();

  it('a write sets no sticky cookie', async () => {
    const owner = await buildEntityAccount(t.db(), 'advertiser');
    const res = await t.inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload(),
    });
    expect(res.statusCode).toBe(201);
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain(STICKY_COOKIE);
  });
});

describe('with a replica', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  let sticky: string;
  let marks: {
    offerId: string;
    entityId: string;
    reviewId: string;
    requestId: string;
    company: string;
  };
  let viewer: Record<string, string>;

  beforeAll(async () => {
    const primary = await createTestDatabase();
    const frozen = await createTestDatabase();
    const replica: ReadReplica = {
      db: frozen.db,
      state: 'ok',
      stats: { replica: 0, primary: 0, fallbacks: 0 },
      onStateChange: undefined,
      close: () => frozen.close(),
    };
    ctx = await buildTestApp({
      // The read cache on: a client inside its sticky window must read past it.
      config: { READ_CACHE_MS: '60000', REPLICA_STICKY_MS: '60000' },
      database: {
        ...primary,
        replica,
        close: async () => {
          await primary.close();
          await frozen.close();
        },
      },
    });

    // Written to the primary only: what the frozen copy cannot show.
    const owner = await buildEntityAccount(db(), 'advertiser', { name: 'Primary Only Media' });
    const reviewer = await buildUser(db());
    const review = await buildReview(db(), {
      entityId: owner.entity.id,
      reviewerUserId: reviewer.id,
    });
    await importCompanies(db(), () =>
      parseCsv('company_name,entity_type\nPrimaryonly Traffic,Affiliate'),
    );
    const affiliate = await buildEntityAccount(db(), 'affiliate');
    const request = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/offer-request',
      headers: affiliate.headers,
      payload: offerRequestPayload(),
    });
    expect(request.statusCode).toBe(201);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload({ title: 'Primary only offer' }),
    });
    expect(created.statusCode).toBe(201);
    const cookie = String(created.headers['set-cookie']);
    expect(cookie).toMatch(
      new RegExp(`^${STICKY_COOKIE}=\\d+\\.[\\w-]{43}; Max-Age=60; Path=/api; HttpOnly`),
    );
    sticky = cookie.split(';')[0]!;
    marks = {
      offerId: created.json().offer.offer_id,
      entityId: owner.entity.id,
      reviewId: review.id,
      requestId: JSON.stringify(request.json()).match(/"offer_request_id":"([^"]+)"/)![1]!,
      company: 'Primaryonly Traffic',
    };
    viewer = await authHeader(db(), await buildUser(db()));
  });
  afterAll(() => ctx.close());

  const publicReads = () =>
    [
      ['/api/offers/fetch_all', marks.offerId],
      [`/api/offers/entity/public/${marks.entityId}`, marks.offerId],
      ['/api/offers/offer-requests', marks.requestId],
      ['/api/affiliate-companies/fetch', marks.company],
      ['/api/entities/public', marks.entityId],
      [`/api/entities/public/${marks.entityId}`, marks.entityId],
      ['/api/entities/type/advertiser', marks.entityId],
      [`/api/reviews/entity/${marks.entityId}`, marks.reviewId],
      [`/api/reviews/entity/${marks.entityId}/trust`, marks.entityId],
      ['/api/reviews/recent', marks.reviewId],
      [`/api/reviews/${marks.reviewId}/replies`, 'replies'],
    ] as const;

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...viewer, ...(cookie ? { cookie } : {}) },
    });
  const shows = (res: LightMyRequestResponse, mark: string) =>
    res.statusCode === 200 && res.body.includes(mark);

  it('the write answered with the sticky cookie, a refused one does not', async () => {
    expect(sticky).toMatch(new RegExp(`^${STICKY_COOKIE}=\\d+\\.[\\w-]{43}$`));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      payload: offerPayload(),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('public lists and pages read from the replica', async () => {
    for (const [url, mark] of publicReads()) {
      const res = await get(url);
      expect([200, 404], url).toContain(res.statusCode);
      expect(shows(res, mark), url).toBe(false);
    }
  });

  it('the client that has just written reads its write from the primary, past the read cache', async () => {
    // Kept in the read cache from the replica by the test before.
    expect(shows(await get('/api/offers/fetch_all'), marks.offerId)).toBe(false);
    for (const [url, mark] of publicReads()) {
      expect(shows(await get(url, sticky), mark), url).toBe(true);
    }
    // Its answer was not kept for everyone else.
    expect(shows(await get('/api/offers/fetch_all'), marks.offerId)).toBe(false);
  });

  it('a window that closed, or one claimed too long, reads the replica again', async () => {
    const [until, mac] = sticky.split('=')[1]!.split('.');
    for (const cookie of [
      `${STICKY_COOKIE}=${Date.now() - 1}.${mac}`,
      `${STICKY_COOKIE}=${Number(until) + 3_600_000}.${mac}`,
    ]) {
      expect(shows(await get('/api/offers/fetch_all', cookie), marks.offerId)).toBe(false);
    }
  });

  it('regression: a write that changes no cached read opens no window (a sign-in, a page form post)', async () => {
    const user = await buildUser(db(), {
      passwordHash: await hashPassword('sticky pass 1'),
      emailVerifiedAt: new Date(),
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'sticky pass 1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    const pagePost = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.example&password=x',
    });
    expect(pagePost.statusCode).toBe(303);
    expect(pagePost.headers['set-cookie']).toBeUndefined();
  });

  it("regression: the write's cookie from another address reads the replica and the read cache", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/fetch_all',
      headers: { ...viewer, cookie: sticky },
      remoteAddress: '127.0.0.2',
    });
    expect(shows(res, marks.offerId)).toBe(false);
    expect(res.headers['x-cache']).toBe('hit');
  });

  it('regression: a forged or changed cookie reads the replica and the read cache', async () => {
    const [until, mac] = sticky.split('=')[1]!.split('.');
    for (const cookie of [
      // Unsigned, as the cookie was before it was signed: anyone could write one.
      `${STICKY_COOKIE}=${Date.now() + 30_000}`,
      // Another time under the write's signature; the signature changed; another key's.
      `${STICKY_COOKIE}=${Number(until) - 1}.${mac}`,
      `${STICKY_COOKIE}=${until}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`,
      stickyCookie(Date.now(), 30_000, false, 'a-guessed-key', '127.0.0.1').split(';')[0]!,
    ]) {
      const res = await get('/api/offers/fetch_all', cookie);
      expect(shows(res, marks.offerId), cookie).toBe(false);
      expect(res.headers['x-cache'], cookie).toBe('hit');
    }
  });

  it('another instance of the same database honours the cookie (one shared key)', async () => {
    const other = await buildTestApp({
      config: { READ_CACHE_MS: '60000', REPLICA_STICKY_MS: '60000' },
      // The same primary and replica; closed with ctx.
      database: { ...ctx.database, close: async () => {} },
    });
    try {
      const read = (cookie?: string) =>
        other.app.inject({
          method: 'GET',
          url: '/api/offers/fetch_all',
          headers: { ...viewer, ...(cookie ? { cookie } : {}) },
        });
      expect(shows(await read(sticky), marks.offerId)).toBe(true);
      expect(shows(await read(), marks.offerId)).toBe(false);
      const [stored] = await db().select().from(serverSecrets);
      expect(stored).toMatchObject({ name: 'read_primary_cookie' });
      expect(stored!.secret).toMatch(/^[\w-]{43}$/);
      expect(await db().select().from(serverSecrets)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('everything else reads the primary', async () => {
    const offer = await get(`/api/offers/${marks.offerId}`);
    expect(offer.statusCode).toBe(200);
    const session = await get('/api/users/profile');
    expect(session.statusCode).toBe(200);
  });
});
