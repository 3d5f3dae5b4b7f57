import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext, buildInstance } from '../../test/helpers';
import {
  buildEntity,
  buildEntityAccount,
  buildSignedInUser,
  offerPayload,
  reviewPayload,
} from '../../test/factories';
import { createOffer } from '../../test/offers';
import { offers } from '../db/schema';
import { READ_CACHE_CHANNEL } from './read-cache';

/**
 * The long-lived read cache (docs/decisions/029-long-lived-read-cache.md): two app
 * instances on one database (PGlite in one process here, PostgreSQL when DATABASE_URL is set:
 * there each instance LISTENs on its own connection). Answers are kept until a write names what
 * it changed; the other instance hears it through NOTIFY.
 */
const CACHE = { READ_CACHE_MS: '1000', READ_CACHE_MAX_AGE_MS: '600000' };

describe('the read cache across two instances', () => {
  let ctx: TestContext;
  let b: FastifyInstance;
  const a = () => ctx.app;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await buildTestApp({ config: CACHE });
    b = await buildInstance(ctx.database, CACHE);
    await vi.waitFor(() => {
      expect(a().readCache.hearsWrites && b.readCache.hearsWrites).toBe(true);
    });
  }, 180_000); // two apps on a shared, loaded machine
  afterAll(async () => {
    await b?.close();
    await ctx?.close();
  });

  /** B has heard every write A has notified so far (a notification arrives a moment later). */
  const heard = () => b.readCache.heard();

  const get = async (
    app: FastifyInstance,
    url: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> => {
    const res = await app.inject({ method: 'GET', url, headers });
    expect([200, 304], res.body).toContain(res.statusCode);
    return res;
  };
  const titles = (res: LightMyRequestResponse) =>
    res.json().offers.map((o: { title: string }) => o.title);

  async function publishedOffer(title: string) {
    const owner = await buildEntityAccount(db(), 'network');
    const created = await a().inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      // With an expiry: a listed field an edit of other fields must leave as it is.
      payload: offerPayload({
        title,
        description: 'The first description of the offer.',
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await heard();
    return { owner, offer: created.json().offer as { offer_id: string } };
  }

  const edit = async (
    owner: { headers: Record<string, string> },
    offerId: string,
    changes: Record<string, unknown>,
  ) => {
    const res = await a().inject({
      method: 'PUT',
      url: `/api/offers/${offerId}`,
      headers: owner.headers,
      payload: changes,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('shows an edit made on instance A on instance B within a second', async () => {
    const { owner, offer } = await publishedOffer('Twin Keto Drops');
    const url = '/api/offers/fetch_all?title=twin';
    expect(titles(await get(b, url))).toEqual(['Twin Keto Drops']);
    expect((await get(b, url)).headers['x-cache']).toBe('hit');

    await edit(owner, offer.offer_id, { title: 'Twin Keto Capsules' });
    // From the moment the writer has its answer: B's reads until then may still be the old one.
    const started = Date.now();
    await vi.waitFor(
      async () => expect(titles(await get(b, url))).toEqual(['Twin Keto Capsules']),
      { timeout: 1000, interval: 20 },
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps the searches and lists cached on both instances when only a description changes', async () => {
    const { owner, offer } = await publishedOffer('Described Serum');
    const search = '/api/offers/fetch_all?title=described';
    const list = '/api/offers/fetch_all';
    const entityPage = `/api/entities/public/${owner.entity.id}`;
    for (const app of [a(), b]) {
      for (const url of [search, list, entityPage]) await get(app, url);
      for (const url of [search, list, entityPage]) {
        expect((await get(app, url)).headers['x-cache'], url).toBe('hit');
      }
    }
    // A change no request makes (so no notification): what is kept is what is answered.
    await db().update(offers).set({ category: 'Hidden Change' });

    await edit(owner, offer.offer_id, { description: 'A second, longer description of it.' });
    await heard();
    // The offer's owner's page went on both instances…
    for (const app of [a(), b])
      expect((await get(app, entityPage)).headers['x-cache']).toBe('miss');
    // …the searches and lists did not.
    for (const app of [a(), b]) {
      for (const url of [search, list]) {
        const res = await get(app, url);
        expect(res.headers['x-cache'], url).toBe('hit');
        expect(res.body).not.toContain('Hidden Change');
      }
    }
  });

  it('empties the searches and lists on both instances when a title changes', async () => {
    const { owner, offer } = await publishedOffer('Retitled Tonic');
    const search = '/api/offers/fetch_all?title=retitled';
    for (const app of [a(), b]) {
      await get(app, search);
      expect((await get(app, search)).headers['x-cache']).toBe('hit');
    }
    await edit(owner, offer.offer_id, { title: 'Retitled Tonic Plus' });
    expect((await get(a(), search)).headers['x-cache']).toBe('miss'); // the writer's own: at once
    await vi.waitFor(
      async () => expect(titles(await get(b, search))).toEqual(['Retitled Tonic Plus']),
      { timeout: 1000, interval: 20 },
    );
  });

  it("a review of entity X keeps entity Y's pages cached and empties X's", async () => {
    const x = await buildEntity(db(), { verificationStatus: 'approved' });
    const y = await buildEntity(db(), { verificationStatus: 'approved' });
    const pages = (id: string) => [
      `/api/entities/public/${id}`,
      `/api/reviews/entity/${id}`,
      `/api/reviews/entity/${id}/trust`,
    ];
    await heard();
    for (const url of [...pages(x.id), ...pages(y.id)]) await get(b, url);
    const { headers } = await buildSignedInUser(db(), {});
    const review = await a().inject({
      method: 'POST',
      url: '/api/reviews',
      headers,
      payload: reviewPayload({ entity_id: x.id }),
    });
    expect(review.statusCode, review.body).toBe(201);
    await vi.waitFor(
      async () =>
        expect((await get(b, `/api/reviews/entity/${x.id}`)).json().reviews).toHaveLength(1),
      { timeout: 1000, interval: 20 },
    );
    for (const url of pages(x.id).slice(0, 1)) {
      expect((await get(b, url)).headers['x-cache'], url).toBe('miss');
    }
    for (const url of pages(y.id)) expect((await get(b, url)).headers['x-cache'], url).toBe('hit');
  });

  it('gives visitors a public answer with an ETag, 304 on a match, a new ETag after a write', async () => {
    const { owner, offer } = await publishedOffer('Tagged Balm');
    const url = '/api/offers/fetch_all?title=tagged';
    const first = await get(b, url);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=60');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers.vary).toMatch(/authorization/i);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The same tag on every answer of the same bytes (made once per entry).
    expect((await get(b, url)).headers.etag).toBe(etag);

    const notModified = await b.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    const other = await b.inject({ method: 'GET', url, headers: { 'if-none-match': '"nope"' } });
    expect(other.statusCode).toBe(200);

    await edit(owner, offer.offer_id, { title: 'Tagged Balm Gold' });
    await vi.waitFor(
      async () => {
        const res = await b.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).not.toBe(etag);
        expect(titles(res)).toEqual(['Tagged Balm Gold']);
      },
      { timeout: 1000, interval: 20 },
    );
  });

  it('tags a compressed answer by its encoding and still answers 304 to it', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    for (let i = 0; i < 6; i++) {
      const res = await a().inject({
        method: 'POST',
        url: '/api/offers/create',
        headers: owner.headers,
        payload: offerPayload({ title: `Zipped Elixir ${i}` }),
      });
      expect(res.statusCode).toBe(201);
    }
    await heard();
    const url = '/api/offers/fetch_all?title=zipped';
    const zipped = await b.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const etag = zipped.headers.etag as string;
    expect(etag).toMatch(/-gzip"$/);
    const again = await b.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps signed-in answers private, without an ETag', async () => {
    const { headers } = await buildSignedInUser(db(), {});
    const url = '/api/offers/fetch_all?title=private';
    for (const app of [a(), b]) {
      await get(app, url, headers);
      const res = await get(app, url, headers);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers.vary).toMatch(/authorization/i);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'empties the whole cache when its LISTEN connection comes back, so a missed write never lingers',
    async () => {
      await publishedOffer('Reconnected Tea');
      const url = '/api/offers/fetch_all?title=reconnected';
      await get(b, url);
      expect((await get(b, url)).headers['x-cache']).toBe('hit');
      // Cut every read-cache listener of this database (both instances').
      await ctx.database.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = $1 AND datname = current_database()`,
        [`trustlinks-listen-${READ_CACHE_CHANNEL}`],
      );
      await vi.waitFor(() => expect(b.readCache.hearsWrites).toBe(false), { timeout: 2000 });
      // A change B does not hear while it is cut off (made behind the app's back: no notify)…
      await db()
        .update(offers)
        .set({ title: 'Reconnected Tea Leaves' })
        .where(eq(offers.title, 'Reconnected Tea'));
      await vi.waitFor(() => expect(b.readCache.hearsWrites).toBe(true), { timeout: 5000 });
      // …is not served once it is back.
      expect(titles(await get(b, url))).toEqual(['Reconnected Tea Leaves']);
    },
  );
});

describe('the read cache on embedded PGlite (one instance)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: CACHE });
  });
  afterAll(() => ctx.close());

  it('hears its own database and keeps answers until a write changes them', async () => {
    await vi.waitFor(() => expect(ctx.app.readCache.hearsWrites).toBe(true));
    expect(ctx.app.readCache.lifetimeMs).toBe(600_000);
    const owner = await buildEntityAccount(ctx.database.db, 'network');
    const url = '/api/offers/fetch_all?title=solo';
    const create = (title: string) => createOffer((o) => ctx.app.inject(o), owner, { title });
    await create('Solo Tonic');
    await ctx.app.inject({ method: 'GET', url });
    expect((await ctx.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('hit');
    await create('Solo Tonic Two');
    const after = await ctx.app.inject({ method: 'GET', url });
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().offers).toHaveLength(2);
  });
});
