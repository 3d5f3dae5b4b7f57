import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, testConfig, type TestContext } from '../../test/helpers';
import { notifications, offerApplications, offers, users } from '../db/schema';
import { DEMO_PASSWORD } from './demo-accounts';
import { runStartupTasks } from './run';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  await runStartupTasks(ctx.database, testConfig({ SEED_DEMO: 'true' }), { info: () => {} });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
async function login(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${res.json().token as string}` };
}

describe('demo applications, tracking and notifications', () => {
  it('has applications in every status', async () => {
    const rows = await db()
      .select({ status: offerApplications.status, n: sql<number>`count(*)::int` })
      .from(offerApplications)
      .groupBy(offerApplications.status);
    expect(rows.map((r) => r.status).sort()).toEqual([
      'approved',
      'pending',
      'rejected',
      'revoked',
      'withdrawn',
    ]);
  });

  it('shows a revoked application whose link answers 410 (decision 025)', async () => {
    const net = await login('network@demo.trustlinks.test');
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/applications/mine?status=revoked',
      headers: net,
    });
    const [revoked] = mine.json().applications;
    expect(revoked).toMatchObject({ status: 'revoked', tracking_url: null });
    expect(revoked.decision_note).toMatch(/incentivised/);
    const [row] = await db()
      .select({ code: offerApplications.trackingCode })
      .from(offerApplications)
      .where(eq(offerApplications.id, revoked.application_id));
    const go = await ctx.app.inject({
      method: 'GET',
      url: `/go/${row!.code}`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
    });
    expect(go.statusCode).toBe(410);
  });

  it('backs every demo counter with real clicks and conversions', async () => {
    const mismatches = await ctx.database.query(`
      SELECT o.id FROM offers o
      LEFT JOIN (SELECT offer_id, count(*)::int AS clicks, count(converted_at)
                          FILTER (WHERE NOT over_cap AND conversion_status <> 'rejected')::int AS conv,
                        coalesce(sum(payout) FILTER (WHERE conversion_status <> 'rejected'), 0) AS payout
                 FROM tracking_clicks GROUP BY offer_id) c ON c.offer_id = o.id
      WHERE o.click_count <> coalesce(c.clicks, 0) OR o.conversion_count <> coalesce(c.conv, 0)
         OR o.payout_total <> coalesce(c.payout, 0)`);
    expect(mismatches.rows).toEqual([]);
    const [busy] = await db()
      .select()
      .from(offers)
      .where(eq(offers.title, 'KetoSlim Pro — Free Trial'));
    expect(busy!.clickCount).toBeGreaterThan(0);
    expect(busy!.conversionCount).toBeGreaterThan(0);
  });

  it('gives the demo affiliate a working tracking link and the network pending applications', async () => {
    const aff = await login('affiliate@demo.trustlinks.test');
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/applications/mine',
      headers: aff,
    });
    // One with room left today (KetoSlim is at its cap: its link goes to the fallback, decision 049).
    const approved = mine
      .json()
      .applications.find(
        (a: { status: string; cap_left?: { left_today: number | null } | null }) =>
          a.status === 'approved' && (a.cap_left?.left_today ?? 1) > 0,
      );
    expect(approved.click_count).toBeGreaterThan(0);
    const go = await ctx.app.inject({
      method: 'GET',
      url: new URL(approved.tracking_url).pathname,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
    });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toMatch(/click_id=/);

    const net = await login('network@demo.trustlinks.test');
    const received = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/applications?status=pending',
      headers: net,
    });
    expect(received.json().applications.length).toBeGreaterThan(0);
  });

  it("shows the demo advertiser's results across all its offers (docs/decisions/031)", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/results/own-offers?period=30d',
      headers: await login('advertiser@demo.trustlinks.test'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.groups.length).toBeGreaterThan(1);
    expect(body.totals.conversions).toBeGreaterThan(0);
    expect(body.totals.payout).toBeGreaterThan(0);
  });

  it('leaves notifications, some unread, for every demo login an event concerns', async () => {
    for (const email of [
      'advertiser@demo.trustlinks.test',
      'affiliate@demo.trustlinks.test',
      'network@demo.trustlinks.test',
      'maya.patel@demo.trustlinks.test',
      'daniel.okafor@demo.trustlinks.test',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: await login(email),
      });
      expect(res.json().unread_count, email).toBeGreaterThan(0);
    }
    const [admin] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@demo.trustlinks.test'));
    // Admins decide; no event is addressed to them.
    expect(
      await db().select().from(notifications).where(eq(notifications.userId, admin!.id)),
    ).toEqual([]);
  });
});
