import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import {
  adminHeader,
  buildEntity,
  buildReview,
  buildSignedInUser,
  buildUser,
  insertOffers,
  reviewPayload,
} from '../../../test/factories';
import { buildWeb } from '../../../test/web-build';
import { executableInlineScripts, inlineScriptHashes } from '../../app';
import { offers } from '../../db/schema';
import { PAGES_MESSAGES } from './pages.messages';

/**
 * The public pages rendered on the server (docs/decisions/021-server-rendering.md), from a build of
 * the web app's current sources: what a search engine, a link preview or a reader without
 * JavaScript gets.
 */
let web: string;
let ctx: TestContext;
let cached: TestContext;
/** The read cache on, and few renders per client: the flood cap. */
let capped: TestContext;
const RENDERS_PER_MINUTE = 3;
const APP_URL = 'https://trustlinks.example';

interface Seeded {
  entityId: string;
  entitySlug: string;
  quietId: string;
  offerId: string;
  pendingReviewId: string;
  quietSlug: string;
  rejectedSlug: string;
  offerSlug: string;
}
let ids: Seeded;
let cachedIds: Seeded;

beforeAll(async () => {
  web = process.env.TEST_WEB_DIST_REUSE ?? (await buildWeb());
  ctx = await buildTestApp({ webDistDir: web, config: { APP_URL } });
  cached = await buildTestApp({ webDistDir: web, config: { APP_URL, READ_CACHE_MS: '60000' } });
  capped = await buildTestApp({
    webDistDir: web,
    config: {
      APP_URL,
      READ_CACHE_MS: '60000',
      PAGE_RENDERS_PER_CLIENT_PER_MINUTE: String(RENDERS_PER_MINUTE),
    },
  });
  ids = await seed(ctx);
  cachedIds = await seed(cached);
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  await cached?.close();
  await capped?.close();
  if (web && !process.env.TEST_WEB_DIST_REUSE) fs.rmSync(web, { recursive: true, force: true });
});

/** An approved entity with two published reviews and one pending, offers, a rejected entity. */
async function seed({ app, database }: TestContext): Promise<Seeded> {
  const db = database.db;
  const admin = await adminHeader(db);
  /** Published as a moderator does, so the entity's TrustScore and count follow. */
  const approve = async (reviewId: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/reviews/${reviewId}/moderate`,
      headers: admin,
      payload: { action: 'approve' },
    });
    expect(res.statusCode).toBe(200);
  };
  const reviewer = await buildUser(db, { firstName: 'Rita', lastName: 'Reviewer' });
  const entity = await buildEntity(db, {
    name: 'Horizon Ads',
    verificationStatus: 'approved',
    description: 'Performance network for Nutra & Finance.',
  });
  const first = await buildReview(db, {
    entityId: entity.id,
    reviewerUserId: reviewer.id,
    title: 'Paid on time, every time',
    overallRating: 5,
    status: 'pending',
  });
  const second = await buildReview(db, {
    entityId: entity.id,
    reviewerUserId: (await buildUser(db)).id,
    title: 'Solid support </script><script>alert(1)</script>',
    overallRating: 4,
    status: 'pending',
  });
  const pending = await buildReview(db, {
    entityId: entity.id,
    reviewerUserId: (await buildUser(db)).id,
    title: 'Still waiting for moderation',
    status: 'pending',
  });
  await approve(first.id);
  await approve(second.id);
  const quiet = await buildEntity(db, { name: 'Quiet Traffic', verificationStatus: 'approved' });
  const rejected = await buildEntity(db, { name: 'Gone Media', verificationStatus: 'rejected' });
  await insertOffers(db, entity.id, 'Keto Nutra US', 2, { geo: sql`ARRAY['US','CA']` });
  await insertOffers(db, entity.id, 'Loans Finance DE', 2, {
    category: sql`'Finance'`,
    geo: sql`ARRAY['DE']`,
  });
  const [offer] = await db
    .insert(offers)
    .values({
      entityId: entity.id,
      title: 'KetoSlim Pro Trial',
      category: 'Nutra',
      description: 'Free-trial Nutra offer.',
      targetGeo: ['US', 'CA'],
      payoutType: 'CPA',
      payoutAmount: 45,
      landingPageUrl: 'https://ketoslim.example.com/trial',
    })
    .returning();
  return {
    entityId: entity.id,
    entitySlug: entity.slug,
    quietId: quiet.id,
    offerId: offer!.id,
    pendingReviewId: pending.id,
    quietSlug: quiet.slug,
    rejectedSlug: rejected.slug,
    offerSlug: offer!.slug,
  };
}

const get = (url: string, app = ctx) => app.app.inject({ method: 'GET', url });

/** The JSON-LD documents of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/** What a reader without JavaScript sees: the text of the root element, tags removed. */
function text(html: string): string {
  const root = html.slice(html.indexOf('<div id="root"'));
  return root
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The content of a head tag: `<meta property|name="key" content="…">`. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('the entity page', () => {
  it('is HTML with its name, TrustScore, sub-scores, review count and first published reviews', async () => {
    const res = await get(`/entity/${ids.entitySlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const body = text(res.body);
    expect(body).toContain('Horizon Ads');
    expect(body).toContain('TrustScore 3.6 / 5');
    expect(body).toContain('Based on 2 published reviews');
    expect(body).toContain('Payment Speed 3.6');
    expect(body).toContain('2 reviews');
    expect(body).toContain('Paid on time, every time');
    // Text from the database is text: it cannot close a tag.
    expect(body).toContain('Solid support </script><script>alert(1)</script>');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('Still waiting for moderation');
  });

  it('has its title, description, canonical link and Open Graph and Twitter tags', async () => {
    const { body } = await get(`/entity/${ids.entitySlug}`);
    const url = `${APP_URL}/entity/${ids.entitySlug}`;
    expect(body).toContain('<title>Horizon Ads · TrustLinks</title>');
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(body, 'og:title')).toBe('Horizon Ads · TrustLinks');
    expect(meta(body, 'og:url')).toBe(url);
    expect(meta(body, 'description')).toBe(
      'Horizon Ads (Advertiser) on TrustLinks: TrustScore 3.6 from 2 reviews. Read reviews, offers and warnings.',
    );
    expect(meta(body, 'og:description')).toBe(meta(body, 'description'));
    // The picture the API draws for the page (docs/decisions/052), its size, the big card.
    const image = `${APP_URL}/og/entity/${ids.entitySlug}.png`;
    expect(meta(body, 'og:image')).toBe(image);
    expect(meta(body, 'og:image:width')).toBe('1200');
    expect(meta(body, 'og:image:height')).toBe('630');
    expect(meta(body, 'og:image:type')).toBe('image/png');
    expect(meta(body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(body, 'twitter:image')).toBe(image);
    expect(meta(body, 'twitter:title')).toBe('Horizon Ads · TrustLinks');
    // The address answers the picture itself, a PNG of that size.
    const png = await get(`/og/entity/${ids.entitySlug}.png`);
    expect([png.statusCode, png.headers['content-type']]).toEqual([200, 'image/png']);
    expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(body).not.toContain('name="robots"');
  });

  it('carries JSON-LD: an Organization with aggregateRating and its published reviews, and breadcrumbs', async () => {
    const { body } = await get(`/entity/${ids.entitySlug}`);
    const [organization, breadcrumbs] = jsonLd(body);
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Horizon Ads',
      url: `${APP_URL}/entity/${ids.entitySlug}`,
      // The stars of the published reviews (5 and 4): their mean and number, as the page's star
      // distribution counts them; the TrustScore (weighted, 3.6 as the page shows it) is its own
      // property (docs/decisions/052).
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        bestRating: 5,
        worstRating: 1,
        reviewCount: 2,
      },
      additionalProperty: {
        '@type': 'PropertyValue',
        name: 'TrustScore',
        value: 3.6,
        minValue: 1,
        maxValue: 5,
        url: `${APP_URL}/trustscore`,
      },
    });
    const ratings = (organization!.review as { reviewRating: { ratingValue: number } }[]).map(
      (r) => r.reviewRating.ratingValue,
    );
    expect(ratings.reduce((a, b) => a + b, 0) / ratings.length).toBe(4.5);
    const page = text(body);
    expect(page).toContain('TrustScore 3.6 / 5');
    expect(page).toContain('Based on 2 published reviews');
    const reviews = organization!.review as { name: string; author: { name: string } }[];
    expect(reviews.map((r) => r.name).sort()).toEqual([
      'Paid on time, every time',
      'Solid support </script><script>alert(1)</script>',
    ]);
    expect(reviews.find((r) => r.name.startsWith('Paid'))?.author.name).toBe('Rita Reviewer');
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${APP_URL}/` },
        { position: 2, name: 'Horizon Ads', item: `${APP_URL}/entity/${ids.entitySlug}` },
      ],
    });
  });

  it('has no review stars in its JSON-LD when nothing is published', async () => {
    const { statusCode, body } = await get(`/entity/${ids.quietSlug}`);
    expect(statusCode).toBe(200);
    const [organization] = jsonLd(body);
    expect(organization).toMatchObject({ '@type': 'Organization', name: 'Quiet Traffic' });
    expect(organization).not.toHaveProperty('aggregateRating');
    expect(organization).not.toHaveProperty('review');
    expect(organization).not.toHaveProperty('additionalProperty');
  });

  it('hands the data over in a non-executed JSON script, and runs no inline script the CSP does not allow', async () => {
    const res = await get(`/entity/${ids.entitySlug}`);
    expect(res.body).toContain('<div id="root" data-ssr="hydrate">');
    const state = /<script type="application\/json" id="query-state">([\s\S]*?)<\/script>/.exec(
      res.body,
    );
    const dehydrated = JSON.parse(state![1]!) as { queries: { queryKey: unknown[] }[] };
    expect(dehydrated.queries.map((q) => q.queryKey)).toContainEqual([
      'entities',
      'detail',
      ids.entitySlug,
      'public',
    ]);
    const allowed = inlineScriptHashes(path.join(web, 'index.html'));
    const csp = String(res.headers['content-security-policy']);
    for (const hash of allowed) expect(csp).toContain(hash);
    // Every script a browser would run is one of index.html's, which the CSP allows by hash.
    expect(executableInlineScripts(res.body)).toHaveLength(allowed.length);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('is 404 (410 for a rejected one) with the not-found page for an unknown or rejected entity', async () => {
    for (const id of ['3b0d0a4e-8c53-4d8e-9a4b-2c1f7e6d5a40', ids.rejectedSlug, 'not-an-id']) {
      const res = await get(`/entity/${id}`);
      // The address module answers a rejected company's address 410 (docs/decisions/022).
      expect(res.statusCode).toBe(id === ids.rejectedSlug ? 410 : 404);
      expect(text(res.body)).toContain('Page not found');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(meta(res.body, 'robots')).toBe('noindex');
      expect(res.body).not.toContain('Gone Media');
    }
  });
});

describe('the offer page', () => {
  it('is HTML with its title, payout and GEOs, breadcrumbs and no review stars', async () => {
    const res = await get(`/offer/${ids.offerSlug}`);
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    expect(body).toContain('KetoSlim Pro Trial');
    // The payout with its model (docs/decisions/047-wording-that-is-true.md).
    expect(body).toContain('$45 CPA');
    expect(body).not.toContain('Up to');
    expect(body).toMatch(/US.*CA/);
    expect(res.body).toContain('<title>KetoSlim Pro Trial · TrustLinks</title>');
    expect(meta(res.body, 'description')).toBe(
      '$45 CPA · Nutra · GEOs: US, CA · by Horizon Ads on TrustLinks.',
    );
    expect(res.body).toContain(`<link rel="canonical" href="${APP_URL}/offer/${ids.offerSlug}" />`);
    expect(meta(res.body, 'og:image')).toBe(`${APP_URL}/og/offer/${ids.offerSlug}.png`);
    expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
    const documents = jsonLd(res.body);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home' },
        { name: 'Offers', item: `${APP_URL}/offers` },
        { name: 'KetoSlim Pro Trial', item: `${APP_URL}/offer/${ids.offerSlug}` },
      ],
    });
    expect(res.body).not.toContain('aggregateRating');
  });

  it('is 404 for an unknown offer', async () => {
    const res = await get('/offer/3b0d0a4e-8c53-4d8e-9a4b-2c1f7e6d5a40');
    expect(res.statusCode).toBe(404);
    expect(text(res.body)).toContain('Page not found');
  });
});

describe('the offers explorer', () => {
  it('renders the offers of the filters in the address', async () => {
    const res = await get('/offers?category=Nutra&geo=US');
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    expect(body).toContain('Keto Nutra US 1');
    expect(body).toContain('Keto Nutra US 2');
    expect(body).toContain('KetoSlim Pro Trial');
    expect(body).not.toContain('Loans Finance DE');
    expect(res.body).toContain(
      `<link rel="canonical" href="${APP_URL}/offers?geo=US&amp;category=Nutra" />`,
    );
  });

  it('renders every active offer without filters, as links a reader without JavaScript can follow', async () => {
    const res = await get('/offers');
    const body = text(res.body);
    expect(body).toContain('Loans Finance DE 1');
    expect(body).toContain('Keto Nutra US 1');
    expect(res.body).toContain(`href="/offer/${ids.offerSlug}"`);
  });
});

describe('the other pages', () => {
  it('renders the landing page whole, so it paints before any JavaScript', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root" data-ssr="hydrate">');
    expect(text(res.body).length).toBeGreaterThan(2000);
    expect(res.body).toContain(`<link rel="canonical" href="${APP_URL}/" />`);
  });

  it('renders /trustscore, the company list and the login page', async () => {
    for (const [url, words] of [
      ['/trustscore', 'How TrustScore works'],
      ['/affliate-industry', 'Affiliate Company Database'],
      ['/login', 'Log in'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(text(res.body)).toContain(words);
    }
  });

  it('answers an unknown address with the not-found page and status 404', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(text(res.body)).toContain('Page not found');
    expect(res.body).toContain('href="/"');
  });

  it('leaves private pages to the browser, marked noindex', async () => {
    for (const url of ['/admin', '/profile', '/user-dashboard', '/notifications']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(meta(res.body, 'robots')).toBe('noindex');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('query-state');
    }
  });

  it('never sends the server build', async () => {
    const res = await get('/ssr/entry-server.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('renderPage');
  });
});

describe('the read cache', () => {
  it('keeps a rendered page like the JSON it is made from, and a write empties it', async () => {
    const url = `/entity/${cachedIds.entitySlug}`;
    const first = await get(url, cached);
    expect(first.headers['x-cache']).toBe('miss');
    const again = await get(url, cached);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    // A moderator publishes the third review: the page shows it at once.
    const res = await cached.app.inject({
      method: 'PUT',
      url: `/api/reviews/${cachedIds.pendingReviewId}/moderate`,
      headers: await adminHeader(cached.database.db),
      payload: { action: 'approve' },
    });
    expect(res.statusCode).toBe(200);
    const after = await get(url, cached);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('Still waiting for moderation');
    expect(after.body).toContain('Based on 3 published reviews');
  });

  // docs/decisions/029-long-lived-read-cache.md: a page goes with the writes that
  // change what its reads showed, not with every write.
  it("an offer's description edit empties its own page and its entity's, not the explorer's", async () => {
    const explorer = '/offers';
    const offerPage = `/offer/${cachedIds.offerSlug}`;
    const entityPage = `/entity/${cachedIds.entitySlug}`;
    for (const url of [explorer, offerPage, entityPage]) await get(url, cached);
    for (const url of [explorer, offerPage, entityPage]) {
      expect((await get(url, cached)).headers['x-cache'], url).toBe('hit');
    }
    const owner = await buildSignedInUser(cached.database.db, {
      role: 'network',
      entityId: cachedIds.entityId,
    });
    const edit = await cached.app.inject({
      method: 'PUT',
      url: `/api/offers/${cachedIds.offerId}`,
      headers: owner.headers,
      payload: { description: 'A rewritten description of the trial.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await get(explorer, cached)).headers['x-cache']).toBe('hit');
    const offerAfter = await get(offerPage, cached);
    expect(offerAfter.headers['x-cache']).toBe('miss');
    expect(offerAfter.body).toContain('A rewritten description of the trial.');
    expect((await get(entityPage, cached)).headers['x-cache']).toBe('miss');
  });

  it("a review of another entity keeps this entity's page", async () => {
    const entityPage = `/entity/${cachedIds.entitySlug}`;
    await get(entityPage, cached);
    expect((await get(entityPage, cached)).headers['x-cache']).toBe('hit');
    const { headers } = await buildSignedInUser(cached.database.db, {});
    const review = await cached.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers,
      payload: reviewPayload({ entity_id: cachedIds.quietId }),
    });
    expect(review.statusCode, review.body).toBe(201);
    expect((await get(entityPage, cached)).headers['x-cache']).toBe('hit');
    expect((await get(`/entity/${cachedIds.quietSlug}`, cached)).headers['x-cache']).toBe('miss');
  });

  it('has an ETag and a 304; browsers revalidate, a CDN keeps it for its lifetimes', async () => {
    const url = `/entity/${cachedIds.entitySlug}`;
    const page = await get(url, cached);
    expect(page.headers['cache-control']).toBe('public, no-cache');
    expect(page.headers['cdn-cache-control']).toBe('public, max-age=5, stale-while-revalidate=60');
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await cached.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('the key of a rendered page (regression: every query string was a render)', () => {
  it('is the parameters the page reads: unknown ones and their order share one render', async () => {
    const first = await get('/offers?geo=CA&category=Nutra&utm_source=news', cached);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(text(first.body)).toContain('Keto Nutra US 1');
    // Dropped before the render: nothing of them is in the page.
    expect(first.body).not.toContain('utm_source');
    for (const url of [
      '/offers?category=Nutra&geo=CA',
      '/offers?fbclid=IwAR0x&category=Nutra&utm_campaign=fall&geo=CA',
      '/offers?geo=CA&category=Nutra&_=1732860000000',
    ]) {
      const again = await get(url, cached);
      expect(again.headers['x-cache'], url).toBe('hit');
      expect(again.body, url).toBe(first.body);
    }
    // A parameter the page reads is another page, rendered for it.
    const finance = await get('/offers?geo=CA&category=Finance&utm_source=news', cached);
    expect(finance.headers['x-cache']).toBe('miss');
    expect(text(finance.body)).not.toContain('Keto Nutra US 1');
    expect(finance.body).not.toBe(first.body);
  });

  it("keeps an entity page's tab and review list parameters, and drops the rest", async () => {
    const url = `/entity/${cachedIds.entitySlug}`;
    const plain = await get(`${url}?gclid=abc`, cached);
    expect((await get(`${url}?utm_medium=email`, cached)).headers['x-cache']).toBe('hit');
    const filtered = await get(`${url}?stars=4&gclid=abc`, cached);
    expect(filtered.headers['x-cache']).toBe('miss');
    expect(text(filtered.body)).toContain('Solid support');
    expect(text(filtered.body)).not.toContain('Paid on time, every time');
    expect(text(plain.body)).toContain('Paid on time, every time');
    const reordered = await get(`${url}?sort=highest&stars=4`, cached);
    expect(reordered.headers['x-cache']).toBe('miss');
    expect((await get(`${url}?stars=4&sort=highest&ref=x`, cached)).headers['x-cache']).toBe('hit');
  });
});

// docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in pages' frame".
describe("a signed-in page's frame", () => {
  const FRAMES = [
    ['/advertiser-dashboard', 'Advertiser Dashboard', 'Publish offers, follow their clicks'],
    ['/affiliate-dashboard', 'Affiliate Dashboard', 'Post what traffic you have'],
    ['/network-dashboard', 'Network Dashboard', 'Your offers, your requests'],
  ] as const;

  it('is the layout with the dashboard’s heading, intro and tabs, noindex, no data handed over', async () => {
    for (const [url, heading, intro] of FRAMES) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(meta(res.body, 'robots')).toBe('noindex');
      expect(res.body).toContain('<div id="root" data-ssr="frame">');
      expect(res.body).toContain(`<title>${heading} · TrustLinks</title>`);
      expect(text(res.body)).toContain(heading);
      expect(text(res.body)).toContain(intro);
      expect(res.body).toContain('role="tablist"');
      expect(res.body).not.toContain('query-state');
      // Every script a browser would run is one of index.html's (the CSP allows them by hash).
      expect(executableInlineScripts(res.body)).toHaveLength(
        inlineScriptHashes(path.join(web, 'index.html')).length,
      );
    }
  });

  it('is the same whoever asks: nothing of a signed-in user', async () => {
    const { user, headers } = await buildSignedInUser(ctx.database.db, {
      role: 'advertiser',
      firstName: 'Quentin',
      lastName: 'Framecheck',
    });
    const visitor = await get('/advertiser-dashboard');
    const signedIn = await ctx.app.inject({ method: 'GET', url: '/advertiser-dashboard', headers });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(visitor.body);
    expect(signedIn.body).not.toContain('Framecheck');
    expect(signedIn.body).not.toContain(user.email);
  });

  it('is kept by the read cache (one render for every address of the page), noindex on a hit too', async () => {
    const first = await get('/network-dashboard', cached);
    expect(first.headers['x-cache']).toBe('miss');
    const again = await get('/network-dashboard?tab=messages&thread=t-1', cached);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['x-robots-tag']).toBe('noindex');
    expect(again.body).toBe(first.body);
  });

  it('counts against the renders per client only when rendered, not on every load', async () => {
    const client = '2001:db8:9:1::1';
    for (let i = 0; i <= RENDERS_PER_MINUTE + 1; i += 1) {
      const res = await capped.app.inject({
        method: 'GET',
        url: '/affiliate-dashboard',
        remoteAddress: client,
      });
      expect(res.statusCode, `load ${i + 1}`).toBe(200);
      expect(res.body).toContain('data-ssr="frame"');
    }
  });
});

describe('renders per client (PAGE_RENDERS_PER_CLIENT_PER_MINUTE)', () => {
  const from = (remoteAddress: string, url: string) =>
    capped.app.inject({ method: 'GET', url, remoteAddress });

  it('regression: a flood of distinct queries from one client is capped; another client is not', async () => {
    const flooder = '2001:db8:7:1::1';
    for (let i = 1; i <= RENDERS_PER_MINUTE; i += 1) {
      const res = await from(flooder, `/offers?title=flood${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe('miss');
    }
    // A page the cache holds is served and not counted, whatever else the address carries.
    const kept = await from(flooder, '/offers?utm_source=x&title=flood1');
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['x-cache']).toBe('hit');
    // One more render is refused, also from another address of the same /64 (one client).
    for (const address of [flooder, '2001:db8:7:1::beef']) {
      const refused = await from(address, '/offers?title=flood4');
      expect(refused.statusCode, address).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      // The app's shell: the browser renders the page itself; the message is for anyone else.
      expect(text(refused.body)).toContain(PAGES_MESSAGES.tooManyRenders);
      expect(refused.body).not.toContain('data-ssr');
      expect(refused.body).toMatch(/<script type="module"[^>]* src="\/assets\//);
      expect(meta(refused.body, 'robots')).toBe('noindex');
    }
    // Another client renders it, and once it is kept the capped client gets it too.
    const other = await from('198.51.100.20', '/offers?title=flood4');
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-cache']).toBe('miss');
    const now = await from(flooder, '/offers?title=flood4');
    expect(now.statusCode).toBe(200);
    expect(now.headers['x-cache']).toBe('hit');
    // Unknown addresses are renders too (never kept): capped alike.
    expect((await from(flooder, '/entity/no-such-company')).statusCode).toBe(429);
    expect((await from('198.51.100.20', '/entity/no-such-company')).statusCode).toBe(404);
  });
});

describe('the built bundles', () => {
  it('render with React 19 and React DOM, not Preact, in the browser and on the server', () => {
    const server = fs.readFileSync(path.join(web, 'ssr', 'entry-server.js'), 'utf8');
    const assets = fs.readdirSync(path.join(web, 'assets')).filter((f) => f.endsWith('.js'));
    const browser = assets.map((f) => fs.readFileSync(path.join(web, 'assets', f), 'utf8')).join();
    for (const bundle of [server, browser]) {
      expect(bundle).toMatch(/[`"']19\.\d+\.\d+[`"']/);
      expect(bundle).toContain('react.dev/errors');
      expect(bundle).not.toMatch(/preact/i);
    }
    expect(server).toContain('prerenderToNodeStream');
    expect(browser).toContain('hydrateRoot');
  });
});
