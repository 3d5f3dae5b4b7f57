import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, testConfig, type TestContext } from '../../test/helpers';
import { entities, seedRuns, users } from '../db/schema';
import { DEMO_PASSWORD } from './demo-accounts';
import { runStartupTasks, SEED_STEPS } from './run';

let ctx: TestContext;
const log = { info: () => {} };
beforeAll(async () => {
  ctx = await buildTestApp();
  await runStartupTasks(ctx.database, testConfig({ SEED_DEMO: 'true' }), log);
});
afterAll(() => ctx.close());

const count = async (table: typeof users | typeof entities) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('demo seed', () => {
  it('records every step once and adds nothing on a second start', async () => {
    const runs = await ctx.database.db.select().from(seedRuns);
    expect(runs.map((r) => r.name).sort()).toEqual(SEED_STEPS.map((s) => s.name).sort());
    const before = { users: await count(users), entities: await count(entities) };
    await runStartupTasks(ctx.database, testConfig({ SEED_DEMO: 'true' }), log);
    expect({ users: await count(users), entities: await count(entities) }).toEqual(before);
  });

  it.each([
    ['admin@demo.trustlinks.test', 'admin'],
    ['maya.patel@demo.trustlinks.test', 'user'],
    ['advertiser@demo.trustlinks.test', 'advertiser'],
    ['affiliate@demo.trustlinks.test', 'affiliate'],
    ['network@demo.trustlinks.test', 'network'],
  ])('lets %s log in as %s with the demo password', async (email, role) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe(role);
    if (role !== 'admin' && role !== 'user') expect(res.json().user.entity_id).toBeTruthy();
  });

  it('leaves entities in every state for the admin panel and public pages', async () => {
    const rows = await ctx.database.db
      .select({ status: entities.verificationStatus, n: sql<number>`count(*)::int` })
      .from(entities)
      .groupBy(entities.verificationStatus);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(byStatus.approved).toBeGreaterThanOrEqual(9);
    expect(byStatus.pending).toBeGreaterThanOrEqual(3);
    expect(byStatus.rejected).toBeGreaterThanOrEqual(1);
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/entities/public' });
    expect(pub.json().entities.length).toBe(byStatus.approved);
  });

  it('fills the offers explorer and the wishlist, hiding paused, closed and expired offers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/offers/fetch_all?limit=100' });
    const titles = res.json().offers.map((o: { title: string }) => o.title) as string[];
    expect(titles.length).toBeGreaterThanOrEqual(15);
    expect(titles).toContain('KetoSlim Pro — Free Trial');
    expect(titles).not.toContain('SleepWell Gummies — Trial');
    expect(titles).not.toContain('CoinNest Launch Promo (ended)');
    const nutra = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/fetch_all?category=Nutra',
    });
    expect(nutra.json().offers.length).toBeGreaterThanOrEqual(1);
    const requests = await ctx.app.inject({ method: 'GET', url: '/api/offers/offer-requests' });
    const list = requests.json().requests as { priority: string }[];
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(new Set(list.map((r) => r.priority))).toEqual(new Set(['high', 'medium', 'low']));
  });

  it('does nothing when SEED_DEMO is off', async () => {
    const other = await buildTestApp();
    try {
      await runStartupTasks(other.database, testConfig({ SEED_DEMO: 'false' }), log);
      expect(
        (await other.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n,
      ).toBe(0);
    } finally {
      await other.close();
    }
  });
});
