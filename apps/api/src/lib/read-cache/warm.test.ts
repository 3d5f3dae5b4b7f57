import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext, buildInstance } from '../../../test/helpers';
import { buildEntity, buildEntityAccount, buildSignedInUser } from '../../../test/factories';
import { createOffer } from '../../../test/offers';
import { readCacheChanges, readCacheWarmUrls } from '../../db/schema';

/**
 * A start that is not cold (docs/decisions/056-warm-start.md): an instance saves the URLs
 * visitors asked for most as it stops; the next instance on the database loads their answers
 * first, so visitors' first requests are hits.
 */
const CACHE = { READ_CACHE_MS: '1000', READ_CACHE_MAX_AGE_MS: '600000' };
const HOT = '/api/offers/fetch_all?page=1&limit=12';
const WARM = '/api/landing';
const COLD = '/api/offers/fetch_all?page=2&limit=12';

describe('warming the read cache from the instances before', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await buildTestApp({ config: CACHE });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  async function instance(config: Record<string, string> = {}): Promise<FastifyInstance> {
    const app = await buildInstance(ctx.database, { ...CACHE, ...config });
    await vi.waitFor(() => expect(app.readCache.hearsWrites).toBe(true));
    return app;
  }
  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('saves the hottest visitor and member URLs as an instance stops, most asked first, and the next instance answers them from its first request', async () => {
    await db().delete(readCacheWarmUrls);
    const before = await instance();
    for (let i = 0; i < 4; i++) expect((await get(before, HOT)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await get(before, WARM)).statusCode).toBe(200);
    // A signed-in member's reads are saved as a member's: never asked anew by a warm start.
    const member = await buildSignedInUser(db());
    const mine = '/api/offers/fetch_all?page=3&limit=12';
    expect((await get(before, mine, member.headers)).statusCode).toBe(200);
    await before.close();

    const saved = await db().select().from(readCacheWarmUrls);
    const byAsks = [...saved]
      .sort((a, b) => b.asks - a.asks)
      .map((r) => [r.url, r.signedIn] as const);
    expect(byAsks).toEqual([
      [HOT, false],
      [WARM, false],
      [mine, true],
    ]);

    const after = await instance();
    try {
      // Before warming: the first visitor's request is a miss (the old, cold start).
      expect((await get(after, COLD)).headers['x-cache']).toBe('miss');
      expect(await after.warmReadCache()).toEqual({ restored: 3, loaded: 0 });
      const hot = await get(after, HOT);
      expect(hot.statusCode).toBe(200);
      expect(hot.headers['x-cache']).toBe('hit');
      expect((await get(after, WARM)).headers['x-cache']).toBe('hit');
    } finally {
      await after.close();
    }
  }, 120_000);

  it('keeps at most READ_CACHE_WARM_URLS of them', async () => {
    await db().delete(readCacheWarmUrls);
    const before = await instance({ READ_CACHE_WARM_URLS: '1' });
    for (let i = 0; i < 3; i++) await get(before, HOT);
    await get(before, WARM);
    await before.close();
    expect((await db().select().from(readCacheWarmUrls)).map((r) => r.url)).toEqual([HOT]);
  }, 120_000);

  it('saves and loads nothing when READ_CACHE_WARM_URLS is 0', async () => {
    await db().delete(readCacheWarmUrls);
    const before = await instance({ READ_CACHE_WARM_URLS: '0' });
    await get(before, HOT);
    await before.close();
    expect(await db().select().from(readCacheWarmUrls)).toEqual([]);
    await db().insert(readCacheWarmUrls).values({ url: HOT, asks: 5 });
    const after = await instance({ READ_CACHE_WARM_URLS: '0' });
    try {
      expect(await after.warmReadCache()).toEqual({ restored: 0, loaded: 0 });
      expect((await get(after, HOT)).headers['x-cache']).toBe('miss');
    } finally {
      await after.close();
    }
  }, 120_000);

  /**
   * Kept answers (docs/decisions/058-kept-answers.md): the stopping instance keeps its hottest
   * answers beside their URLs; the next keeps them again without a load, unless a write logged
   * since names what they show.
   */
  it('keeps the hottest answers as an instance stops, and the next instance keeps them again without loading them', async () => {
    await db().delete(readCacheWarmUrls);
    const before = await instance();
    for (let i = 0; i < 3; i++) await get(before, HOT);
    const sent = (await get(before, HOT)).body;
    await get(before, WARM);
    await before.close();

    const [row] = await db().select().from(readCacheWarmUrls).where(eq(readCacheWarmUrls.url, HOT));
    expect(row?.body).toBe(sent);
    expect(row?.tags).toContain('offers');
    expect(row?.currentAt).toBeInstanceOf(Date);

    const after = await instance();
    try {
      expect(await after.warmReadCache()).toEqual({ restored: 2, loaded: 0 });
      const hot = await get(after, HOT);
      expect(hot.headers['x-cache']).toBe('hit');
      expect(hot.body).toBe(sent);
    } finally {
      await after.close();
    }
  }, 120_000);

  /**
   * A member's answer (docs/decisions/059-members-kept-answers.md): the company list, which only
   * signed-in members may read, is kept for members and never answers a visitor's GET of the
   * same URL, which still hears the guard.
   */
  it("keeps a member's answer again for members only: a visitor's GET of the same URL still hears the guard", async () => {
    await db().delete(readCacheWarmUrls);
    const member = await buildSignedInUser(db());
    const companies = '/api/affiliate-companies/fetch?search=harbor';
    const before = await instance();
    for (let i = 0; i < 2; i++) {
      expect((await get(before, companies, member.headers)).statusCode).toBe(200);
    }
    const sent = (await get(before, companies, member.headers)).body;
    await before.close();
    const [row] = await db()
      .select()
      .from(readCacheWarmUrls)
      .where(eq(readCacheWarmUrls.url, companies));
    expect(row).toMatchObject({ signedIn: true, body: sent });

    const after = await instance();
    try {
      expect(await after.warmReadCache()).toEqual({ restored: 1, loaded: 0 });
      const visitor = await get(after, companies);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.body).not.toBe(sent);
      const other = await buildSignedInUser(db());
      const kept = await get(after, companies, other.headers);
      expect(kept.headers['x-cache']).toBe('hit');
      expect(kept.body).toBe(sent);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('loads again, instead of keeping, an answer that a write since it was current changed, even one no running instance heard', async () => {
    await db().delete(readCacheWarmUrls);
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const reviews = `/api/reviews/entity/${entity.id}?page=1&limit=10`;
    const before = await instance();
    await get(before, HOT);
    const first = await get(before, reviews);
    expect(first.statusCode, first.body).toBe(200);
    await before.close();

    // A new offer, published on another instance while no instance of these was running.
    const owner = await buildEntityAccount(db(), 'network');
    await createOffer((o) => ctx.app.inject(o), owner, {
      title: 'Published between two instances',
    });
    const logged = await db().select().from(readCacheChanges);
    expect(logged.some((c) => c.scopes.includes('offers'))).toBe(true);

    const after = await instance();
    try {
      // The reviews answer shows nothing the write changed: kept; the offers page is not (its
      // first visitor loads it, with the new offer).
      expect(await after.warmReadCache()).toEqual({ restored: 1, loaded: 0 });
      const titles = (await get(after, HOT)).json().offers.map((o: { title: string }) => o.title);
      expect(titles).toContain('Published between two instances');
      expect((await get(after, reviews)).headers['x-cache']).toBe('hit');
    } finally {
      await after.close();
    }
  }, 120_000);

  it('loads nothing anew where it kept answers again: the first visitors load the rest', async () => {
    await db().delete(readCacheWarmUrls);
    const before = await instance();
    for (let i = 0; i < 3; i++) await get(before, HOT);
    for (let i = 0; i < 2; i++) await get(before, WARM);
    await get(before, COLD);
    await before.close();
    // HOT's answer emptied by a write, COLD's past the kept bytes: neither is kept again.
    for (const url of [HOT, COLD]) {
      await db()
        .update(readCacheWarmUrls)
        .set({ body: null })
        .where(eq(readCacheWarmUrls.url, url));
    }

    const after = await instance();
    try {
      // WARM is kept again; HOT and COLD wait for their first visitor, each loaded once then
      // (docs/decisions/058-kept-answers.md, Note 2026-11-30).
      expect(await after.warmReadCache()).toEqual({ restored: 1, loaded: 0 });
      expect((await get(after, WARM)).headers['x-cache']).toBe('hit');
      expect((await get(after, HOT)).headers['x-cache']).toBe('miss');
      expect((await get(after, HOT)).headers['x-cache']).toBe('hit');
    } finally {
      await after.close();
    }
  }, 120_000);

  it('does not keep again an answer past its expiry, nor one current longer ago than the writes are logged', async () => {
    await db().delete(readCacheWarmUrls);
    const before = await instance();
    await get(before, HOT);
    await get(before, WARM);
    await before.close();
    await db()
      .update(readCacheWarmUrls)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(readCacheWarmUrls.url, HOT));
    await db()
      .update(readCacheWarmUrls)
      .set({ currentAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(readCacheWarmUrls.url, WARM));

    const after = await instance();
    try {
      expect(await after.warmReadCache()).toEqual({ restored: 0, loaded: 2 });
    } finally {
      await after.close();
    }
  }, 120_000);
});
