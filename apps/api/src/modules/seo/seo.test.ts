import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { CATEGORY_PATHS } from '@trustlinks/contract/category-paths';
import { PAGE_LIST } from '@trustlinks/contract/pages';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  buildEntity,
  buildEntityAccount,
  offerPayload,
  registrationPayload,
} from '../../../test/factories';
import { entities, entitySlugHistory, offers } from '../../db/schema';

// A built web app to fall back to, so the pages' statuses are the ones a browser gets.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-seo-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TrustLinks</title>');

// Two addresses a sitemap page: the paging boundaries with a handful of rows.
const ctx = useTestApp({
  webDistDir: dist,
  config: { SITEMAP_PAGE_SIZE: '2', SITEMAP_CACHE_MS: '0', APP_URL: 'https://trustlinks.test' },
});
const { db, inject } = ctx;
const get = (url: string, headers: Record<string, string> = {}) =>
  inject({ method: 'GET', url, headers });

interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

/**
 * Parses XML with a strict, well-formedness-checking parser (saxes, what jsdom parses with): a
 * malformed document throws and fails the test. Text is the element's whole text content.
 */
function parseXml(body: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.local, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    for (const element of stack) element.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(body).close();
  if (!root) throw new Error('no root element');
  return root;
}
const all = (el: XmlElement, name: string): XmlElement[] =>
  el.children.flatMap((child) => [...(child.name === name ? [child] : []), ...all(child, name)]);
const locs = (doc: XmlElement) => all(doc, 'loc').map((el) => el.text);

/** An admin places a public warning on the entity (what its pictures must then show). */
async function placeWarning(entityId: string, admin: Record<string, string>): Promise<string> {
  const placed = await inject({
    method: 'POST',
    url: `/api/admin/entities/${entityId}/warnings`,
    headers: admin,
    payload: {
      kind: 'non_payment',
      public_text: 'Several affiliates report payouts more than 30 days late.',
      warning_date: '2026-11-20',
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().warning.warning_id as string;
}

/** The admin lifts it. */
async function liftWarning(warningId: string, admin: Record<string, string>) {
  const lifted = await inject({
    method: 'POST',
    url: `/api/admin/warnings/${warningId}/lift`,
    headers: admin,
    payload: { note: 'Paid.' },
  });
  expect(lifted.statusCode, lifted.body).toBe(200);
}

describe('slugs', () => {
  it('are made from the name on create: accents transliterated, lower case, hyphens', async () => {
    const cases: [string, string][] = [
      ['Horizon Ads', 'horizon-ads'],
      ['Café Crème Média', 'cafe-creme-media'],
      ['Ærø & Søn GmbH', 'aero-and-son-gmbh'],
      ['  Łódź -- Straße!! ', 'lodz-strasse'],
      ["Joe's  Leads", 'joes-leads'],
      ['Компания', 'company'],
    ];
    for (const [name, slug] of cases) {
      expect((await buildEntity(db(), { name })).slug, name).toBe(slug);
    }
    const long = await buildEntity(db(), { name: `${'Very long name '.repeat(10)}` });
    expect(long.slug.length).toBeLessThanOrEqual(60);
    expect(long.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('take a numeric suffix on a clash, and the API registration answers with the slug', async () => {
    const first = await buildEntity(db(), { name: 'Clash Media' });
    const second = await buildEntity(db(), { name: 'clash   MEDIA' });
    const res = await inject({
      method: 'POST',
      url: '/api/entities/register',
      payload: registrationPayload('network', { name: 'Clash Média' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect([first.slug, second.slug, res.json().entity.slug]).toEqual([
      'clash-media',
      'clash-media-2',
      'clash-media-3',
    ]);
  });

  it('a rename keeps the old slug as a 301 for good; it is never given to another entity', async () => {
    const entity = await buildEntity(db(), {
      name: 'Old Name Ads',
      verificationStatus: 'approved',
    });
    const res = await inject({
      method: 'PUT',
      url: `/api/entities/${entity.id}`,
      headers: await adminHeader(db()),
      payload: { name: 'New Name Ads' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().entity.slug).toBe('new-name-ads');

    const old = await get('/entity/old-name-ads?tab=reviews');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/entity/new-name-ads?tab=reviews');
    expect((await get('/entity/new-name-ads')).statusCode).toBe(200);
    // The API reads the entity at either slug, answering with the current one.
    const byOld = await get('/api/entities/public/old-name-ads');
    expect(byOld.statusCode).toBe(200);
    expect(byOld.json().entity).toMatchObject({ entity_id: entity.id, slug: 'new-name-ads' });

    const newcomer = await buildEntity(db(), { name: 'Old Name Ads' });
    expect(newcomer.slug).toBe('old-name-ads-2');

    // Renamed back: the first slug is current again (no redirect loop), the second one redirects.
    await db().update(entities).set({ name: 'Old Name Ads' }).where(eq(entities.id, entity.id));
    expect((await get('/entity/old-name-ads')).statusCode).toBe(200);
    const back = await get('/entity/new-name-ads');
    expect([back.statusCode, back.headers.location]).toEqual([301, '/entity/old-name-ads']);
    const history = await db()
      .select({ slug: entitySlugHistory.slug })
      .from(entitySlugHistory)
      .where(eq(entitySlugHistory.entityId, entity.id));
    expect(history.map((h) => h.slug)).toEqual(['new-name-ads']);
  });
});

describe('entity and offer addresses', () => {
  it('a uuid address answers 301 to the slug address, keeping the query', async () => {
    const entity = await buildEntity(db(), { name: 'Uuid Media', verificationStatus: 'approved' });
    const res = await get(`/entity/${entity.id}?tab=offers&x=1`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/entity/uuid-media?tab=offers&x=1');
    const upper = await get(`/entity/${entity.id.toUpperCase()}`);
    expect(upper.headers.location).toBe('/entity/uuid-media');
    const cased = await get('/entity/Uuid-Media');
    expect([cased.statusCode, cased.headers.location]).toEqual([301, '/entity/uuid-media']);
    const current = await get('/entity/uuid-media');
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('<title>TrustLinks</title>');
  });

  it('an unknown address is a 404 and a rejected entity a 410, never the page with 200', async () => {
    for (const url of [
      '/entity/no-such-company',
      '/entity/00000000-0000-4000-8000-000000000000',
      '/entity/not%20a%20slug',
      '/offer/no-such-offer-12345678',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // A malformed escape is bad input (the server's URL guard), not a 500.
    expect((await get('/entity/%E0%A4%A')).statusCode).toBe(400);
    const rejected = await buildEntity(db(), {
      name: 'Rejected Media',
      verificationStatus: 'rejected',
    });
    expect((await get('/entity/rejected-media')).statusCode).toBe(410);
    expect((await get(`/entity/${rejected.id}`)).statusCode).toBe(410);
    expect((await get('/api/entities/public/rejected-media')).statusCode).toBe(404);
  });

  it('offers: /offer/{title}-{short id}, from the uuid and an old title by 301; the API reads the slug', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser', { name: 'Offer Owner Ads' });
    const created = await inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload({ title: 'Keto Slim — Pro Trial' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json().offer;
    const short = offer.offer_id.replaceAll('-', '').slice(0, 8);
    expect(offer.slug).toBe(`keto-slim-pro-trial-${short}`);
    expect(offer.entity_slug).toBe('offer-owner-ads');

    const byId = await get(`/offer/${offer.offer_id}?ref=mail`);
    expect([byId.statusCode, byId.headers.location]).toEqual([
      301,
      `/offer/keto-slim-pro-trial-${short}?ref=mail`,
    ]);
    const read = await get(`/api/offers/keto-slim-pro-trial-${short}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().offer.offer_id).toBe(offer.offer_id);

    const retitled = await inject({
      method: 'PUT',
      url: `/api/offers/${offer.offer_id}`,
      headers: owner.headers,
      payload: offerPayload({ title: 'Keto Slim Max' }),
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().offer.slug).toBe(`keto-slim-max-${short}`);
    const old = await get(`/offer/keto-slim-pro-trial-${short}`);
    expect([old.statusCode, old.headers.location]).toEqual([301, `/offer/keto-slim-max-${short}`]);
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the API and the private areas and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/api/',
      '/admin',
      '/profile',
      '/user-dashboard',
      '/advertiser-dashboard',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /entity/');
    expect(lines).toContain('Sitemap: https://trustlinks.test/sitemap.xml');
  });

  it('disallows exactly the pages of the page table that are not public, the API and /go/', async () => {
    const disallowed = (await get('/robots.txt')).body
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length));
    const notPublic = PAGE_LIST.filter((page) => page.access !== 'public').map((p) => p.path);
    expect(disallowed.sort()).toEqual(['/api/', '/go/', ...notPublic].sort());
    // The signed-in forms and areas are in it; public pages (noindex or not) are not.
    for (const path of ['/writereview', '/notifications', '/unsubscribe', '/verify-email']) {
      expect(disallowed).toContain(path);
    }
    for (const path of ['/', '/offers', '/review', '/affiliatedwishlist', '/help']) {
      expect(disallowed).not.toContain(path);
    }
  });
});

describe('sitemap', () => {
  it('an index of pages of SITEMAP_PAGE_SIZE addresses: approved entities and active offers only', async () => {
    // A clean slate of what the sitemap lists, so the pages' contents are known exactly.
    await db().execute(sql`UPDATE entities SET verification_status = 'pending'`);
    const listed: string[] = [];
    for (const name of ['Map A', 'Map B', 'Map C', 'Map D', 'Map E']) {
      listed.push((await buildEntity(db(), { name, verificationStatus: 'approved' })).slug);
    }
    await buildEntity(db(), { name: 'Map Pending' });
    await buildEntity(db(), { name: 'Map Rejected', verificationStatus: 'rejected' });
    const owner = listed[0]!;
    const [ownerRow] = await db().select().from(entities).where(eq(entities.slug, owner));
    const [pendingOwner] = await db()
      .select()
      .from(entities)
      .where(eq(entities.slug, 'map-pending'));
    const offer = (values: Partial<typeof offers.$inferInsert>) =>
      db()
        .insert(offers)
        .values({
          entityId: ownerRow!.id,
          title: 'Map Offer',
          category: 'Nutra',
          description: 'x',
          landingPageUrl: 'https://example.com',
          ...values,
        })
        .returning();
    const [active] = await offer({});
    await offer({ offerStatus: 'paused' });
    await offer({ expiresAt: new Date(Date.now() - 60_000) });
    await offer({ entityId: pendingOwner!.id });

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const indexDoc = parseXml(index.body);
    expect(indexDoc.name).toBe('sitemapindex');
    expect(locs(indexDoc)).toEqual([
      'https://trustlinks.test/sitemaps/pages-1.xml',
      'https://trustlinks.test/sitemaps/entities-1.xml',
      'https://trustlinks.test/sitemaps/entities-2.xml',
      'https://trustlinks.test/sitemaps/entities-3.xml',
      'https://trustlinks.test/sitemaps/offers-1.xml',
    ]);
    const lastmods = all(indexDoc, 'sitemap').map((el) => all(el, 'lastmod')[0]?.text);
    expect(lastmods.slice(1).every((d) => d && !Number.isNaN(Date.parse(d)))).toBe(true);

    const pages = [];
    for (const n of [1, 2, 3]) {
      const res = await get(`/sitemaps/entities-${n}.xml`);
      expect(res.statusCode).toBe(200);
      const doc = parseXml(res.body);
      expect(doc.name).toBe('urlset');
      expect(all(doc, 'url').length).toBe(n < 3 ? 2 : 1);
      expect(all(doc, 'lastmod').length).toBe(n < 3 ? 2 : 1);
      pages.push(...locs(doc));
    }
    // Every approved entity once, in slug order, across the pages; nothing else.
    expect(pages).toEqual(listed.sort().map((slug) => `https://trustlinks.test/entity/${slug}`));
    expect((await get('/sitemaps/entities-4.xml')).statusCode).toBe(404);

    const offerPage = parseXml((await get('/sitemaps/offers-1.xml')).body);
    expect(locs(offerPage)).toEqual([`https://trustlinks.test/offer/${active!.slug}`]);
    expect((await get('/sitemaps/offers-2.xml')).statusCode).toBe(404);

    const staticPage = parseXml((await get('/sitemaps/pages-1.xml')).body);
    // The page table's indexed pages without a row behind them, then each category page (a type
    // × a vertical, docs/decisions/055); /review is not indexed.
    expect(locs(staticPage)).toEqual(
      [
        ...PAGE_LIST.filter((page) => page.indexed && !page.path.includes('/:')).map(
          (page) => page.path,
        ),
        ...CATEGORY_PATHS,
      ].map((path) => `https://trustlinks.test${path}`),
    );
    expect(locs(staticPage)).toContain('https://trustlinks.test/networks/finance');
    expect(locs(staticPage)).toContain('https://trustlinks.test/offers');
    // The pages every site has are indexed and listed (docs/decisions/052).
    for (const path of ['/help', '/contact', '/terms', '/privacy']) {
      expect(locs(staticPage)).toContain(`https://trustlinks.test${path}`);
    }
    // Every public page of the table is listed, but those a person's own visit fills (a form to
    // register, the wishlists, the showcase) and the reviews hub, rendered in the browser.
    const unlisted = PAGE_LIST.filter((page) => page.access === 'public' && !page.indexed).map(
      (page) => page.path,
    );
    expect(unlisted.sort()).toEqual([
      '/advertiserswishlist',
      '/affiliatedwishlist',
      '/register-entity',
      '/review',
      '/showcase',
    ]);
    expect(locs(staticPage)).not.toContain('https://trustlinks.test/review');
    for (const bad of ['pages-2.xml', 'entities-0.xml', 'users-1.xml', 'entities-1.json']) {
      expect((await get(`/sitemaps/${bad}`)).statusCode, bad).toBe(404);
    }
  });
});

describe('GET /badge/{slug}.svg', () => {
  it('draws an approved entity’s TrustScore, reviews and Verified, cacheable, without cookies', async () => {
    const entity = await buildEntity(db(), {
      name: 'Badge <Media> & "Co"',
      verificationStatus: 'approved',
      reputationScore: 4.6,
      totalReviews: 128,
    });
    const res = await get(`/badge/${entity.slug}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    const doc = parseXml(res.body);
    expect(doc.name).toBe('svg');
    const text = doc.text;
    expect(text).toContain('4.6');
    expect(text).toContain('128 reviews');
    expect(text).toContain('Verified');
    // The name is escaped, never markup.
    expect(all(doc, 'title')[0]?.text).toBe(
      'Badge <Media> & "Co" on TrustLinks: TrustScore 4.6, 128 reviews',
    );
    expect(all(doc, 'Media')).toHaveLength(0);

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`/badge/${entity.slug}.svg`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['set-cookie']).toBeUndefined();
    const weak = await get(`/badge/${entity.slug}.svg`, { 'if-none-match': `"x", W/${etag}` });
    expect(weak.statusCode).toBe(304);

    const dark = await get(`/badge/${entity.slug}.svg?theme=dark`);
    expect(dark.statusCode).toBe(200);
    expect(dark.headers.etag).not.toBe(etag);
    expect(dark.body).toContain('#18181b');
    expect((await get(`/badge/${entity.slug}.svg?theme=pink`)).statusCode).toBe(400);

    // A changed score is a new picture: the old ETag no longer answers 304.
    await db().update(entities).set({ totalReviews: 129 }).where(eq(entities.id, entity.id));
    const changed = await get(`/badge/${entity.slug}.svg`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('129 reviews');
  });

  it('regression: under an active public warning it says "Under warning", never "Verified", until lifted', async () => {
    const entity = await buildEntity(db(), {
      name: 'Badge Warned',
      verificationStatus: 'approved',
      reputationScore: 3.6,
      totalReviews: 12,
    });
    const admin = await adminHeader(db());
    const themes = ['', '?theme=dark'];
    const before = await Promise.all(themes.map((q) => get(`/badge/${entity.slug}.svg${q}`)));
    for (const res of before) expect(parseXml(res.body).text).toContain('Verified');

    const warningId = await placeWarning(entity.id, admin);
    for (const [i, q] of themes.entries()) {
      const old = before[i]!;
      // The old picture's ETag no longer answers 304: the next request gets the warned one.
      const res = await get(`/badge/${entity.slug}.svg${q}`, {
        'if-none-match': old.headers.etag as string,
      });
      expect(res.statusCode, q).toBe(200);
      expect(res.headers.etag).not.toBe(old.headers.etag);
      const doc = parseXml(res.body);
      expect(doc.text).toContain('\u26a0 Under warning');
      expect(doc.text).not.toContain('Verified');
      expect(all(doc, 'title')[0]?.text).toBe(
        'Badge Warned on TrustLinks: under warning, TrustScore 3.6, 12 reviews',
      );
      // The warning colour of the theme, in the same 220 × 64 picture.
      expect(res.body).toContain(q ? 'fill="#fbbf24"' : 'fill="#b45309"');
      expect(res.body).toContain('width="220" height="64" viewBox="0 0 220 64"');
    }

    await liftWarning(warningId, admin);
    for (const [i, q] of themes.entries()) {
      const res = await get(`/badge/${entity.slug}.svg${q}`);
      expect(res.body).toBe(before[i]!.body);
      expect(res.headers.etag).toBe(before[i]!.headers.etag);
    }
  });

  it('is a 404 for an entity that is not approved, an unknown slug or another file', async () => {
    const pending = await buildEntity(db(), { name: 'Badge Pending' });
    const rejected = await buildEntity(db(), {
      name: 'Badge Rejected',
      verificationStatus: 'rejected',
    });
    for (const url of [
      `/badge/${pending.slug}.svg`,
      `/badge/${rejected.slug}.svg`,
      '/badge/no-such-company.svg',
      `/badge/${pending.id}.svg`,
      '/badge/badge-pending.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('an old slug’s badge answers 301 to the current one', async () => {
    const entity = await buildEntity(db(), { name: 'Badge Old', verificationStatus: 'approved' });
    await db().update(entities).set({ name: 'Badge New' }).where(eq(entities.id, entity.id));
    const res = await get('/badge/badge-old.svg?theme=dark');
    expect([res.statusCode, res.headers.location]).toEqual([
      301,
      '/badge/badge-new.svg?theme=dark',
    ]);
  });
});

/** A PNG's signature and its IHDR's size (the first chunk: width and height, big-endian). */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe('GET /og/{entity|offer}/{slug}.png', () => {
  it('draws an approved entity’s picture: a 1200 × 630 PNG with an ETag, 304 when unchanged', async () => {
    const entity = await buildEntity(db(), {
      name: 'Preview <Media>',
      verificationStatus: 'approved',
      reputationScore: 4.3,
      totalReviews: 57,
    });
    const res = await get(`/og/entity/${entity.slug}.png`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"og-[\w-]+"$/);

    const again = await get(`/og/entity/${entity.slug}.png`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Asked again without a tag: the same bytes (kept, not drawn anew), the same tag.
    const kept = await get(`/og/entity/${entity.slug}.png`);
    expect(kept.headers.etag).toBe(etag);
    expect(kept.rawPayload.equals(res.rawPayload)).toBe(true);

    // A new review count is a new picture.
    await db().update(entities).set({ totalReviews: 58 }).where(eq(entities.id, entity.id));
    const changed = await get(`/og/entity/${entity.slug}.png`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(pngSize(changed.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('changes when a warning is placed (a new ETag, a new picture) and back when it is lifted', async () => {
    const entity = await buildEntity(db(), {
      name: 'Preview Warned',
      verificationStatus: 'approved',
      reputationScore: 3.6,
      totalReviews: 12,
    });
    const admin = await adminHeader(db());
    const url = `/og/entity/${entity.slug}.png`;
    const before = await get(url);
    expect(before.statusCode).toBe(200);
    const warningId = await placeWarning(entity.id, admin);
    const warned = await get(url, { 'if-none-match': before.headers.etag as string });
    expect(warned.statusCode).toBe(200);
    expect(warned.headers.etag).not.toBe(before.headers.etag);
    expect(warned.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(pngSize(warned.rawPayload)).toEqual({ width: 1200, height: 630 });

    await liftWarning(warningId, admin);
    const after = await get(url);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it('draws a public offer’s picture; 404 for a paused offer, a hidden entity, an unknown slug or file', async () => {
    const owner = await buildEntity(db(), {
      name: 'Preview Owner',
      verificationStatus: 'approved',
    });
    const pendingOwner = await buildEntity(db(), { name: 'Preview Pending' });
    const rejected = await buildEntity(db(), {
      name: 'Preview Rejected',
      verificationStatus: 'rejected',
    });
    const offer = async (values: Partial<typeof offers.$inferInsert>) =>
      (
        await db()
          .insert(offers)
          .values({
            entityId: owner.id,
            title: 'Preview Offer',
            category: 'Nutra',
            description: 'x',
            landingPageUrl: 'https://example.com',
            payoutAmount: 45,
            targetGeo: ['US', 'CA'],
            ...values,
          })
          .returning()
      )[0]!;
    const active = await offer({});
    const res = await get(`/og/offer/${active.slug}.png`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(
      (await get(`/og/offer/${active.slug}.png`, { 'if-none-match': res.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    // The payout is part of the picture: a new payout, a new ETag.
    await db().update(offers).set({ payoutAmount: 50 }).where(eq(offers.id, active.id));
    expect((await get(`/og/offer/${active.slug}.png`)).headers.etag).not.toBe(res.headers.etag);

    const paused = await offer({ offerStatus: 'paused', title: 'Preview Paused' });
    const hidden = await offer({ entityId: pendingOwner.id, title: 'Preview Hidden' });
    for (const url of [
      `/og/offer/${paused.slug}.png`,
      `/og/offer/${hidden.slug}.png`,
      `/og/entity/${pendingOwner.slug}.png`,
      `/og/entity/${rejected.slug}.png`,
      '/og/entity/no-such-company.png',
      `/og/entity/${owner.slug}.svg`,
      `/og/entity/${owner.id}.png`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect((await get(`/og/review/${owner.slug}.png`)).statusCode).toBe(400);
  });

  it('an old slug’s picture answers 301 to the current one', async () => {
    const entity = await buildEntity(db(), { name: 'Preview Old', verificationStatus: 'approved' });
    await db().update(entities).set({ name: 'Preview New' }).where(eq(entities.id, entity.id));
    const res = await get('/og/entity/preview-old.png');
    expect([res.statusCode, res.headers.location]).toEqual([301, '/og/entity/preview-new.png']);
  });
});
