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
import { importCompanies } from '../modules/companies/company-import.service';
import { parseCsv } from '../modules/companies/csv';
import type { ReadReplica } from './replica';
import { STICKY_COOKIE, stickyCookie, withinStickyWindow, withReadRouting } from './read-routing';

const NOW = 1_800_000_000_000;

describe('the sticky window', () => {
  it('is open from a write until REPLICA_STICKY_MS later', () => {
    const header = stickyCookie(NOW, 5000, false).split(';')[0]!;
    expect(header).toBe(`${STICKY_COOKIE}=${NOW + 5000}`);
    expect(withinStickyWindow(header, NOW, 5000)).toBe(true);
    expect(withinStickyWindow(header, NOW + 4999, 5000)).toBe(true);
    expect(withinStickyWindow(header, NOW + 5000, 5000)).toBe(false);
  });

  it('is found among other cookies, and only under its own name', () => {
    const value = `${STICKY_COOKIE}=${NOW + 1000}`;
    expect(withinStickyWindow(`a=1; ${value}; b=2`, NOW, 5000)).toBe(true);
    expect(withinStickyWindow(`a=1;${value}`, NOW, 5000)).toBe(true);
    expect(withinStickyWindow(`x${value}`, NOW, 5000)).toBe(false);
    expect(withinStickyWindow(`${STICKY_COOKIE}=${NOW + 1000}x`, NOW, 5000)).toBe(false);
    expect(withinStickyWindow(`${STICKY_COOKIE}=`, NOW, 5000)).toBe(false);
    expect(withinStickyWindow('a=1', NOW, 5000)).toBe(false);
    expect(withinStickyWindow(undefined, NOW, 5000)).toBe(false);
  });

  it('ignores a cookie that claims more than the window (a forged one, to load the primary)', () => {
    expect(withinStickyWindow(`${STICKY_COOKIE}=${NOW + 5000 + 1000}`, NOW, 5000)).toBe(true);
    expect(withinStickyWindow(`${STICKY_COOKIE}=${NOW + 3_600_000}`, NOW, 5000)).toBe(false);
    expect(withinStickyWindow(`${STICKY_COOKIE}=99999999999999999999`, NOW, 5000)).toBe(false);
  });

  it('is off with REPLICA_STICKY_MS=0', () => {
    expect(withinStickyWindow(`${STICKY_COOKIE}=${NOW + 1000}`, NOW, 0)).toBe(false);
  });

  it('is a cookie for the API only, never readable by scripts, Secure on https', () => {
    expect(stickyCookie(NOW, 5000, false)).toBe(
      `${STICKY_COOKIE}=${NOW + 5000}; Max-Age=5; Path=/api; HttpOnly; SameSite=Lax`,
    );
    expect(stickyCookie(NOW, 1500, true)).toMatch(/Max-Age=2; .*; Secure$/);
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
    expect(cookie).toMatch(new RegExp(`^${STICKY_COOKIE}=\\d+; Max-Age=60; Path=/api; HttpOnly`));
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
    expect(sticky).toMatch(new RegExp(`^${STICKY_COOKIE}=\\d+$`));
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
    const until = Number(sticky.split('=')[1]);
    for (const cookie of [
      `${STICKY_COOKIE}=${Date.now() - 1}`,
      `${STICKY_COOKIE}=${until + 3_600_000}`,
    ]) {
      expect(shows(await get('/api/offers/fetch_all', cookie), marks.offerId)).toBe(false);
    }
  });

  it('everything else reads the primary', async () => {
    const offer = await get(`/api/offers/${marks.offerId}`);
    expect(offer.statusCode).toBe(200);
    const session = await get('/api/users/profile');
    expect(session.statusCode).toBe(200);
  });
});
