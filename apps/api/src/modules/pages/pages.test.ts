import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { buildEntity, buildReview, buildUser, insertOffers } from '../../../test/factories';
import { buildWeb } from '../../../test/web-build';
import { inlineScriptHashes } from '../../app';
import { recomputeEntityReviewStats } from '../reviews/reviews.repository';
import { offers } from '../../db/schema';

/**
 * The public pages rendered on the server (docs/decisions/021-server-rendering.md), from a build of
 * the web app's current sources: what a search engine, a link preview or a reader without
 * JavaScript gets.
 */
let web: string;
let ctx: TestContext;
let cached: TestContext;
const APP_URL = 'https://trustlinks.example';

interface Seeded {
  entityId: string;
  quietId: string;
  rejectedId: string;
  offerId: string;
}
let ids: Seeded;
let cachedIds: Seeded;

beforeAll(async () => {
  web = process.env.TEST_WEB_DIST_REUSE ?? (await buildWeb());
  ctx = await buildTestApp({ webDistDir: web, config: { APP_URL } });
  cached = await buildTestApp({ webDistDir: web, config: { APP_URL, READ_CACHE_MS: '60000' } });
  ids = await seed(ctx);
  cachedIds = await seed(cached);
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  await cached?.close();
  if (web && !process.env.TEST_WEB_DIST_REUSE) fs.rmSync(web, { recursive: true, force: true });
});

/** An approved entity with two published reviews and one pending, offers, a rejected entity. */
async function seed({ database }: TestContext): Promise<Seeded> {
  const db = database.db;
  const reviewer = await buildUser(db, { firstName: 'Rita', lastName: 'Reviewer' });
  const entity = await buildEntity(db, {
    name: 'Horizon Ads',
    verificationStatus: 'approved',
    description: 'Performance network for Nutra & Finance.',
  });
  await buildReview(db, {
    entityId: entity.id,
    reviewerUserId: reviewer.id,
    title: 'Paid on time, every time',
    overallRating: 5,
  });
  await buildReview(db, {
    entityId: entity.id,
    reviewerUserId: (await buildUser(db)).id,
    title: 'Solid support </script><script>alert(1)</script>',
    overallRating: 4,
  });
  await buildReview(db, {
    entityId: entity.id,
    reviewerUserId: (await buildUser(db)).id,
    title: 'Still waiting for moderation',
    status: 'pending',
  });
  await recomputeEntityReviewStats(db, entity.id);
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
      payoutValue: '45',
      landingPageUrl: 'https://ketoslim.example.com/trial',
    })
    .returning();
  return { entityId: entity.id, quietId: quiet.id, rejectedId: rejected.id, offerId: offer!.id };
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
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the entity page', () => {
  it('is HTML with its name, TrustScore, review count and first reviews', async () => {
    const res = await get(`/entity/${ids.entityId}`);
    fs.writeFileSync('/tmp/entity.html', res.body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const body = text(res.body);
    expect(body).toContain('Horizon Ads');
    expect(body).toContain('Paid on time, every time');
    expect(body).toContain('Solid support </script><script>alert(1)</script>');
    expect(body).not.toContain('Still waiting for moderation');
  });
});
