import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/helpers';
import {
  buildEntity,
  buildEntityAccount,
  buildReview,
  buildSignedInUser,
  buildUser,
  authHeader,
  insertOffers,
  offerPayload,
  reviewPayload,
} from '../../test/factories';
import { createOffer } from '../../test/offers';
import { offers } from '../db/schema';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('keeps an answer for its time, then loads again', async () => {
    let now = 1_000;
    const cache = new ReadCache(1_000, 1024 * 1024, () => now);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await cache.get('k', load)).toBe('answer 1');
    now += 999;
    expect(await cache.get('k', load)).toBe('answer 1');
    now += 1;
    expect(await cache.get('k', load)).toBe('answer 2');
  });

  it('shares one load between requests that miss together', async () => {
    const cache = new ReadCache(1_000);
    let loads = 0;
    let release!: (v: string) => void;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 20 }, () => cache.get('k', load));
    release('shared');
    expect(await Promise.all(waiting)).toEqual(Array(20).fill('shared'));
    expect(loads).toBe(1);
  });

  it('never keeps a failure', async () => {
    const cache = new ReadCache(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('db away')))).rejects.toThrow(
      'db away',
    );
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('keeps different keys apart and empties on clear()', async () => {
    const cache = new ReadCache(60_000);
    expect(await cache.get('a', async () => 'A')).toBe('A');
    expect(await cache.get('b', async () => 'B')).toBe('B');
    expect(await cache.get('a', async () => 'A2')).toBe('A');
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => 'A3')).toBe('A3');
  });

  it('a load that ends after clear() is not kept', async () => {
    const cache = new ReadCache(60_000);
    let release!: (v: string) => void;
    const pending = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('stale');
    expect(await pending).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('stays within its byte budget, dropping the oldest answers first', async () => {
    const cache = new ReadCache(60_000, 10_000);
    for (let i = 0; i < 10; i++) await cache.get(`key${i}`, async () => 'x'.repeat(1_000));
    // Each answer costs ~2 KB (UTF-16), so about five fit.
    expect(cache.size).toBeLessThanOrEqual(5);
    expect(await cache.get('key9', async () => 'reloaded')).toBe('x'.repeat(1_000));
    expect(await cache.get('key0', async () => 'reloaded')).toBe('reloaded');
  });

  it('drops the least recently used answers first: a popular answer stays while rare ones pass', async () => {
    const cache = new ReadCache(60_000, 10_000);
    await cache.get('popular', async () => 'p'.repeat(1_000));
    for (let i = 0; i < 10; i++) {
      await cache.get(`rare${i}`, async () => 'x'.repeat(1_000));
      // Asked again between the rare ones (by key, and by URL as registerReadCache does).
      if (i % 2) expect(await cache.get('popular', async () => 'reloaded')).toBe('p'.repeat(1_000));
      else expect(cache.peek('popular')).toBe('p'.repeat(1_000));
    }
    expect(cache.size).toBeLessThanOrEqual(5);
    expect(await cache.get('rare0', async () => 'reloaded')).toBe('reloaded');
  });

  it('is off at 0 ms: every call loads', async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get('k', async () => String(++loads));
    await cache.get('k', async () => String(++loads));
    expect(loads).toBe(2);
  });
});

describe('ReadCache URLs (answers before the handler)', () => {
  it('gives a remembered URL the loaded, fresh answer of its key, per kind of viewer', async () => {
    let now = 1_000;
    const cache = new ReadCache(1_000, 1024 * 1024, () => now);
    cache.remember(false, '/api/x?a=1', 'k');
    expect(cache.peekUrl(false, '/api/x?a=1')?.body).toBeUndefined(); // nothing loaded yet
    let release!: (v: string) => void;
    const pending = cache.get('k', () => new Promise<string>((r) => (release = r)));
    expect(cache.peekUrl(false, '/api/x?a=1')?.body).toBeUndefined(); // still loading
    release('answer');
    await pending;
    expect(cache.peekUrl(false, '/api/x?a=1')?.body).toBe('answer');
    expect(cache.peekUrl(true, '/api/x?a=1')?.body).toBeUndefined(); // signed-in users: not told
    expect(cache.peekUrl(false, '/api/x?a=2')?.body).toBeUndefined();
    now += 1_000;
    expect(cache.peekUrl(false, '/api/x?a=1')?.body).toBeUndefined(); // expired
  });

  it('forgets answers that were emptied', async () => {
    const cache = new ReadCache(60_000);
    cache.remember(true, '/api/y', 'companies:y');
    await cache.get('companies:y', async () => 'list');
    expect(cache.peekUrl(true, '/api/y')?.body).toBe('list');
    cache.clear(['companies']);
    expect(cache.peekUrl(true, '/api/y')?.body).toBeUndefined();
  });
});

describe('ReadCache.takeHottest (docs/decisions/056, 059)', () => {
  it("lists visitors' and members' URLs apart, most asked first, a member's URL of the visitors' key as the visitors'", () => {
    const cache = new ReadCache(60_000);
    for (let i = 0; i < 3; i++) cache.remember(false, '/api/offers?p=1', 'offers:p1');
    // Members ask for the same offers page (the same key): counted with the visitors'.
    for (let i = 0; i < 2; i++) cache.remember(true, '/api/offers?p=1', 'offers:p1');
    // The company list is members' only.
    for (let i = 0; i < 4; i++) cache.remember(true, '/api/companies?q=a', 'companies:a');
    cache.remember(false, '/api/landing', 'landing:');
    expect(cache.takeHottest(10)).toEqual([
      { url: '/api/offers?p=1', asks: 5, signedIn: false },
      { url: '/api/companies?q=a', asks: 4, signedIn: true },
      { url: '/api/landing', asks: 1, signedIn: false },
    ]);
    // Halved (each kind's count: 3 → 1 and 2 → 1 for the offers page): what was asked once is
    // forgotten.
    expect(cache.takeHottest(10)).toEqual([
      { url: '/api/offers?p=1', asks: 2, signedIn: false },
      { url: '/api/companies?q=a', asks: 2, signedIn: true },
    ]);
  });
});

describe('ReadCache.clear by scope', () => {
  it('drops only the entries whose key starts with one of the scopes', async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    for (const key of ['offers:a', 'reviews:b', 'reviews-trust:c', 'companies:d']) {
      await cache.get(key, load);
    }
    cache.clear([]);
    expect(cache.size).toBe(4);
    cache.clear(['reviews', 'reviews-trust']);
    expect(cache.size).toBe(2);
    expect(await cache.get('offers:a', load)).toBe('answer 1');
    expect(await cache.get('reviews:b', load)).toBe('answer 5');
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('the read cache in the app (READ_CACHE_MS on)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { READ_CACHE_MS: '60000' } });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.database.db;
  const titlesOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('serves the offer explorer from the cache until a write empties it', async () => {
    const owner = await buildEntityAccount(db(), 'network');
    const create = (title: string) => createOffer((o) => ctx.app.inject(o), owner, { title });
    await create('Cached Keto One');

    const first = await titlesOf('/api/offers/fetch_all?title=cached');
    expect(first.json().offers.map((o: { title: string }) => o.title)).toEqual(['Cached Keto One']);
    expect(first.headers['content-type']).toMatch(/application\/json/);

    // A change behind the app's back (another instance, a script) shows only after the TTL…
    await db().update(offers).set({ title: 'Renamed Elsewhere' });
    const again = await titlesOf('/api/offers/fetch_all?title=cached');
    expect(again.body).toBe(first.body);
    // …another query is its own entry…
    const other = await titlesOf('/api/offers/fetch_all?title=renamed');
    expect(other.json().offers).toHaveLength(1);

    // …and a write through this instance empties the cache at once.
    await create('Cached Keto Two');
    const after = await titlesOf('/api/offers/fetch_all?title=cached');
    expect(after.json().offers.map((o: { title: string }) => o.title)).toEqual(['Cached Keto Two']);
  });

  // Decision 029: every page of the same filters shows the same total, counted once and kept in the
  // cache's `offers` scope, so it goes with the lists when a write changes what is listed.
  it('counts a total once for every page of its filters, until a write empties the lists', async () => {
    const owner = await buildEntityAccount(db(), 'network');
    const tag = `kt${Date.now()}`;
    await insertOffers(db(), owner.entity.id, `${tag} item`, 12);
    const totalOf = async (page: number) =>
      (await titlesOf(`/api/offers/fetch_all?title=${tag}&limit=5&page=${page}`)).json().pagination
        .total;
    expect(await totalOf(1)).toBe(12);
    // Behind the app's back: page 2 is loaded now, but its total is the one page 1 counted.
    await insertOffers(db(), owner.entity.id, `${tag} late`, 3);
    expect(await totalOf(2)).toBe(12);
    // A new offer through the app empties the lists and their totals.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload({ title: `${tag} new` }),
    });
    expect(created.statusCode).toBe(201);
    expect(await totalOf(2)).toBe(16);
    expect(await totalOf(1)).toBe(16);
  });

  it('a refused write leaves the cache alone', async () => {
    const first = await titlesOf('/api/offers/fetch_all?category=Finance');
    await db().update(offers).set({ category: 'Finance' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      payload: offerPayload(),
    });
    expect(refused.statusCode).toBe(401);
    expect((await titlesOf('/api/offers/fetch_all?category=Finance')).body).toBe(first.body);
  });

  it('keeps what visitors see of reviews, never a signed-in viewer’s own fields', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const reviewer = await buildUser(db());
    await buildReview(db(), { entityId: entity.id, reviewerUserId: reviewer.id, title: 'First' });
    const url = `/api/reviews/entity/${entity.id}`;
    const visitor = await titlesOf(url);
    expect(visitor.json().reviews).toHaveLength(1);

    const second = await buildUser(db());
    await buildReview(db(), { entityId: entity.id, reviewerUserId: second.id, title: 'Second' });
    expect((await titlesOf(url)).body).toBe(visitor.body);
    // A signed-in reader is answered from the same kept page (docs/decisions/029), with their own fields;
    // the kept bytes stay the visitors'.
    const signedIn = await titlesOf(url, await authHeader(db(), reviewer));
    expect(signedIn.json().reviews).toHaveLength(1);
    expect(signedIn.json().reviews[0]).toMatchObject({ title: 'First', is_own_review: true });
    expect((await titlesOf(url)).body).toBe(visitor.body);
  });

  it('a flagged review post keeps the entity’s pages; a published one empties them', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const url = `/api/reviews/entity/${entity.id}`;
    const post = async (text: string) => {
      const { headers } = await buildSignedInUser(db());
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers,
        payload: reviewPayload({ entity_id: entity.id, review_text: text }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().review.review_status as string;
    };
    const text = `Paid on time every month for a year of ${entity.id} traffic; support answered fast.`;
    expect(await post(text)).toBe('approved');
    expect((await titlesOf(url)).json().reviews).toHaveLength(1);
    expect((await titlesOf(url)).headers['x-cache']).toBe('hit');
    // The same text again is flagged: nothing public changed, the kept page stays.
    expect(await post(text)).toBe('flagged');
    expect((await titlesOf(url)).headers['x-cache']).toBe('hit');
    expect(await post(`A different year of ${entity.id} traffic, paid on time; fair terms.`)).toBe(
      'approved',
    );
    const after = await titlesOf(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().reviews).toHaveLength(2);
  });

  it('a held post that takes a burst back from the public empties the entity’s pages', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const url = `/api/reviews/entity/${entity.id}`;
    // Accounts two days old: published at once, but young enough to count towards a burst.
    const post = async (i: number) => {
      const { headers } = await buildSignedInUser(db(), {
        createdAt: new Date(Date.now() - 2 * 24 * 3_600_000),
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers,
        payload: reviewPayload({
          entity_id: entity.id,
          review_text: `Burst probe ${i} for ${entity.id}: paid on time, answered within hours.`,
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().review.review_status as string;
    };
    for (let i = 0; i < 5; i++) expect(await post(i)).toBe('approved');
    expect((await titlesOf(url)).json().reviews).toHaveLength(5);
    expect((await titlesOf(url)).headers['x-cache']).toBe('hit');
    expect(await post(5)).toBe('pending');
    const after = await titlesOf(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().reviews).toHaveLength(0);
  });

  it('never keeps an error: an entity missing at first is found once it exists', async () => {
    const id = '00000000-0000-4000-8000-00000000c0de';
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/reviews/entity/${id}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toHaveProperty('error');
    await buildEntity(db(), { id, verificationStatus: 'approved' });
    expect((await titlesOf(`/api/reviews/entity/${id}`)).json().reviews).toEqual([]);
  });

  it('still checks the session of every company-list request', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const url = '/api/affiliate-companies/fetch?search=acme';
    expect((await ctx.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
    const visitor = await ctx.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(401);
    const loggedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers,
    });
    expect(loggedOut.statusCode).toBeLessThan(300);
    expect((await ctx.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
  });

  it('says in x-cache whether the answer was loaded (miss) or kept (hit); the benchmark counts it', async () => {
    const url = '/api/offers/fetch_all?title=xcache-probe';
    expect((await titlesOf(url)).headers['x-cache']).toBe('miss');
    expect((await titlesOf(url)).headers['x-cache']).toBe('hit');
  });
  it('answers a repeated GET from the kept bytes with every header a handled answer has', async () => {
    const url = '/api/offers/fetch_all?title=early-probe';
    const miss = await titlesOf(url);
    const hit = await titlesOf(url);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.body).toBe(miss.body);
    for (const name of [
      'content-type',
      'content-length',
      'content-security-policy',
      'x-frame-options',
      'x-ratelimit-limit',
    ]) {
      expect(hit.headers[name], name).toBe(miss.headers[name]);
    }
    expect(hit.headers['x-request-id']).toBeTruthy();
    expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id']);
    // Still counted by the rate limit.
    expect(Number(hit.headers['x-ratelimit-remaining'])).toBeLessThan(
      Number(miss.headers['x-ratelimit-remaining']),
    );
  });

  it('a write empties only the cached reads its route declares it can change', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload({ title: 'Scoped Probe' }),
    });
    expect(created.statusCode).toBe(201);
    const explorer = '/api/offers/fetch_all?title=scoped';
    const entityPage = `/api/entities/public/${owner.entity.id}`;
    const first = await titlesOf(explorer);
    const page = await titlesOf(entityPage);
    await db().update(offers).set({ title: 'Scoped Elsewhere' });

    // A logout changes nothing a cached read shows: the explorer stays as it was.
    const visitor = await buildUser(db());
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: await authHeader(db(), visitor),
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect((await titlesOf(explorer)).body).toBe(first.body);
    expect((await titlesOf(entityPage)).headers['x-cache']).toBe('hit');

    // An offer edit empties the explorer and the publisher's entity page.
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/offers/${created.json().offer.offer_id}`,
      headers: owner.headers,
      payload: offerPayload({ title: 'Scoped Probe Edited' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await titlesOf(explorer)).body).not.toBe(first.body);
    const pageAfter = await titlesOf(entityPage);
    expect(pageAfter.headers['x-cache']).toBe('miss');
    expect(pageAfter.json()).toEqual(page.json());
  });
  // Decision 029: signed-in readers were 30 % of the mix and their review pages were never kept (a
  // quarter of the mix's misses). They now get the visitors' kept page and their own fields.
  it("answers a signed-in reader's review page from the visitors' kept page plus their own votes and reviews", async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const reader = await buildUser(db());
    const other = await buildUser(db());
    const theirs = await buildReview(db(), { entityId: entity.id, reviewerUserId: other.id });
    await buildReview(db(), { entityId: entity.id, reviewerUserId: reader.id });
    const url = `/api/reviews/entity/${entity.id}`;
    const readerHeaders = await authHeader(db(), reader);
    type Row = { review_id: string; my_vote?: string | null; is_own_review?: boolean };
    const byId = (res: { json(): { reviews: Row[] } }) =>
      new Map(res.json().reviews.map((r) => [r.review_id, r]));

    const visitor = await titlesOf(url);
    expect(visitor.headers['x-cache']).toBe('miss');
    const signedIn = await titlesOf(url, readerHeaders);
    // The shared part was kept: no load ran for the reader (the old code loaded every time).
    expect(signedIn.headers['x-cache']).toBe('hit');
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const rows = byId(signedIn);
    expect(rows.get(theirs.id)).toMatchObject({ my_vote: null, is_own_review: false });
    const own = [...rows.values()].find((r) => r.review_id !== theirs.id)!;
    expect(own).toMatchObject({ my_vote: null, is_own_review: true, proofs: [] });
    // Apart from the reader's fields, the same page as a visitor's.
    const bare = (r: Row) => {
      const {
        my_vote: _v,
        is_own_review: _o,
        proofs: _p,
        proof_verified: _pv,
        ...rest
      } = r as Row & { proofs?: unknown; proof_verified?: unknown };
      return rest;
    };
    expect(signedIn.json().reviews.map(bare)).toEqual(visitor.json().reviews);
    expect({ ...signedIn.json(), reviews: [] }).toEqual({ ...visitor.json(), reviews: [] });

    // Their answer never reaches a visitor, nor the visitors' bytes them (no early URL answer).
    const again = await titlesOf(url);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.json().reviews[0]).not.toHaveProperty('my_vote');
    expect(byId(await titlesOf(url, readerHeaders)).get(own.review_id)?.is_own_review).toBe(true);

    // Another reader sees their own view of the same kept page.
    const otherRows = byId(await titlesOf(url, await authHeader(db(), other)));
    expect(otherRows.get(theirs.id)).toMatchObject({ is_own_review: true });
    expect(otherRows.get(own.review_id)).toMatchObject({ is_own_review: false });

    // A vote shows at once to its voter, and its count to everyone.
    const vote = await ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${theirs.id}/vote`,
      headers: readerHeaders,
      payload: { vote_type: 'helpful' },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    expect(byId(await titlesOf(url, readerHeaders)).get(theirs.id)).toMatchObject({
      my_vote: 'helpful',
      helpful_votes: 1,
    });
    // (The reader's read above loaded the page again and kept it: the visitor is served that.)
    const visitorAfter = await titlesOf(url);
    expect(byId(visitorAfter).get(theirs.id)).toMatchObject({ helpful_votes: 1 });
    expect(byId(visitorAfter).get(theirs.id)).not.toHaveProperty('my_vote');
  });

  it('still shows an insider or an admin the reviews of an entity the public may not see', async () => {
    const pending = await buildEntity(db(), { verificationStatus: 'rejected' });
    await buildReview(db(), { entityId: pending.id, reviewerUserId: (await buildUser(db())).id });
    const url = `/api/reviews/entity/${pending.id}`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const admin = await authHeader(db(), await buildUser(db(), { role: 'admin' }));
    expect((await titlesOf(url, admin)).json().reviews).toHaveLength(1);
  });
});

describe('compressed answers from the read cache', () => {
  let ctx: TestContext;
  // zlib's compressors, spied on before the app is built: @fastify/compress takes its synchronous
  // ones when it is registered and creates its streams per answer, so every compression counts.
  const spies: Record<string, MockInstance> = {};
  beforeAll(async () => {
    for (const name of ['brotliCompressSync', 'createBrotliCompress', 'gzipSync', 'createGzip']) {
      spies[name] = vi.spyOn(zlib, name as 'gzipSync');
    }
    ctx = await buildTestApp({ config: { READ_CACHE_MS: '60000' } });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await ctx.close();
  });
  const compressions = (encoding: 'br' | 'gzip') =>
    encoding === 'br'
      ? spies.brotliCompressSync!.mock.calls.length + spies.createBrotliCompress!.mock.calls.length
      : spies.gzipSync!.mock.calls.length + spies.createGzip!.mock.calls.length;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('compresses a kept answer once per encoding; every later hit sends the kept bytes', async () => {
    const owner = await buildEntityAccount(ctx.database.db, 'network');
    await insertOffers(ctx.database.db, owner.entity.id, 'Squeezed Probe', 12);
    const url = '/api/offers/fetch_all?title=squeezed';
    const plain = await get(url);
    expect(plain.json().offers).toHaveLength(12);
    expect(plain.rawPayload.length).toBeGreaterThan(1024); // over the compression threshold
    expect(plain.headers['content-encoding']).toBeUndefined();

    for (const [encoding, decompress] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const before = compressions(encoding);
      const first = await get(url, { 'accept-encoding': encoding });
      expect(first.headers['x-cache']).toBe('hit');
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.vary).toBe('accept-encoding, authorization');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(decompress(first.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(compressions(encoding)).toBe(before + 1);

      const second = await get(url, { 'accept-encoding': `${encoding}, identity` });
      expect(second.headers['content-encoding']).toBe(encoding);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(compressions(encoding)).toBe(before + 1); // not compressed again
    }

    // A browser's header picks brotli (the server's first choice), from the kept bytes too.
    const before = compressions('br');
    const browser = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(compressions('br')).toBe(before);

    // Identity: the plain bytes, as before.
    const identity: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0' },
    ];
    for (const headers of identity) {
      const res = await get(url, headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });

  it('leaves answers under the threshold uncompressed', async () => {
    const url = '/api/offers/fetch_all?title=nothing-matches-this';
    const miss = await get(url, { 'accept-encoding': 'br' });
    const hit = await get(url, { 'accept-encoding': 'br' });
    expect(hit.headers['x-cache']).toBe('hit');
    for (const res of [miss, hit]) {
      expect(res.rawPayload.length).toBeLessThan(1024);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().offers).toEqual([]);
    }
  });
});

describe('ReadCache lifetimes, tags and entity tags (decision 029)', () => {
  it('keeps answers up to maxAgeMs while it hears writes, ttlMs while it does not', async () => {
    let now = 1_000;
    const cache = new ReadCache(1_000, 1024 * 1024, () => now, 60_000);
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    cache.setListening(true);
    expect(await cache.get('k', load)).toBe('answer 1');
    now += 59_999;
    expect(await cache.get('k', load)).toBe('answer 1');
    now += 1; // the backstop: a change no write named shows after READ_CACHE_MAX_AGE_MS
    expect(await cache.get('k', load)).toBe('answer 2');
    // The connection is lost: emptied, and kept only briefly until it is back.
    cache.setListening(false);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe('answer 3');
    now += 1_000;
    expect(await cache.get('k', load)).toBe('answer 4');
    // Back: emptied again (a change may have been missed meanwhile).
    cache.setListening(true);
    expect(cache.size).toBe(0);
  });

  it('drops the entries whose scope or tags a write names, and those of unknown sources', async () => {
    const cache = new ReadCache(60_000);
    await cache.get('offers:a', async () => 'list');
    await cache.get(
      'entity:x',
      async () => 'x',
      () => ['entity:x-id'],
    );
    await cache.get(
      'entity:y',
      async () => 'y',
      () => ['entity:y-id'],
    );
    await cache.get(
      'page:/p',
      async () => 'page',
      () => null,
    );
    await cache.get(
      'page:/x',
      async () => 'page x',
      () => ['entity:x-id', 'offers'],
    );
    cache.clear(['entity:x-id']);
    expect(cache.peek('offers:a')).toBe('list');
    expect(cache.peek('entity:y')).toBe('y');
    expect(cache.peek('entity:x')).toBeUndefined();
    expect(cache.peek('page:/x')).toBeUndefined();
    expect(cache.peek('page:/p')).toBeUndefined(); // unknown sources go with any write
    expect(cache.describe('entity:y')?.tags).toEqual(['entity', 'entity:y-id']);
    cache.clear(['*']);
    expect(cache.size).toBe(0);
  });

  // The clear reads an index of scopes and tags instead of walking every entry (docs/decisions/029): the
  // index must follow every way an entry goes (cleared, replaced, evicted, failed).
  it('finds what a write names through its index, and keeps no key of an entry that went', async () => {
    const cache = new ReadCache(60_000, 2_000);
    let release: (v: string) => void = () => {};
    const loading = cache.get('reviews:slow', () => new Promise<string>((r) => (release = r)));
    cache.clear(['reviews']); // a loading entry goes by its scope
    release('late');
    await loading;
    expect(cache.peek('reviews:slow')).toBeUndefined();
    for (let i = 0; i < 200; i++) {
      const tag = `entity:e${i % 7}`;
      await cache.get(
        `entity:${i}`,
        async () => `answer ${i}`.padEnd(40),
        () => [tag],
      );
      await cache.get(
        `page:/${i}`,
        async () => 'page',
        () => (i % 5 ? [tag] : null),
      );
      await cache
        .get(
          `offers:${i}`,
          () => Promise.reject(new Error('no')),
          () => [],
        )
        .catch(() => {});
      if (i % 3 === 0) cache.clear([`entity:e${i % 7}`]);
    }
    // Every entry that remains is found by its tag; none of a cleared tag remains.
    cache.clear(['entity:e1']);
    for (let i = 0; i < 200; i++) {
      if (i % 7 === 1) expect(cache.peek(`entity:${i}`)).toBeUndefined();
    }
    cache.clear(['entity', 'page']);
    expect(cache.size).toBe(0);
    const index = cache as unknown as { byTag: Map<string, Set<string>>; untagged: Set<string> };
    expect(index.byTag.size).toBe(0);
    expect(index.untagged.size).toBe(0);
  });

  // A load that began before a write and ends after it may show what the write changed; its tags
  // are known only when it ends, so the write's clear could not find it then.
  it('does not keep a load that ends after a write named what it shows', async () => {
    const cache = new ReadCache(60_000);
    const slow = (tags: string[]) => {
      let release: (v: string) => void = () => {};
      const value = cache.get(
        `page:/${tags.join()}`,
        () => new Promise<string>((r) => (release = r)),
        () => tags,
      );
      return { value, release: (v: string) => release(v) };
    };
    const changed = slow(['entity:x']);
    const other = slow(['entity:y']);
    cache.clear(['entity:x']);
    changed.release('before the write');
    other.release('unchanged');
    expect(await changed.value).toBe('before the write'); // its waiters still get it
    await other.value;
    expect(cache.peek('page:/entity:x')).toBeUndefined();
    expect(cache.peek('page:/entity:y')).toBe('unchanged');
  });

  it('does not keep a value read before a write that named its scope (KeptValues)', async () => {
    const cache = new ReadCache(60_000);
    const before = cache.clearMark;
    cache.clear(['offers']); // a write while the value was being counted
    await cache.get('offers:total:a', () => Promise.resolve('12'), undefined, before);
    expect(cache.peek('offers:total:a')).toBeUndefined();
    const after = cache.clearMark;
    cache.clear(['entity:x']); // a write that does not touch it
    await cache.get('offers:total:b', () => Promise.resolve('13'), undefined, after);
    expect(cache.peek('offers:total:b')).toBe('13');
  });

  it('makes a strong ETag once per entry, from its bytes', async () => {
    const cache = new ReadCache(60_000);
    await cache.get('a', async () => Buffer.from('same'));
    await cache.get('b', async () => Buffer.from('same'));
    await cache.get('c', async () => Buffer.from('other'));
    const etag = cache.describe('a')!.etag;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(cache.describe('b')!.etag).toBe(etag);
    expect(cache.describe('c')!.etag).not.toBe(etag);
  });
});
