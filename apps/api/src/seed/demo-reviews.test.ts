import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, testConfig, type TestContext } from '../../test/helpers';
import { DEMO_PASSWORD } from './demo-accounts';
import { runStartupTasks } from './run';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  await runStartupTasks(ctx.database, testConfig({ SEED_DEMO: 'true' }), { info: () => {} });
});
afterAll(() => ctx.close());

const rows = async (query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('demo reviews', () => {
  it('puts ~30 reviews in every state on the demo entities, some anonymous, replied, voted, disputed', async () => {
    const [counts] = await rows(sql`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE status = 'approved')::int AS approved,
        count(*) FILTER (WHERE status = 'pending')::int AS pending,
        count(*) FILTER (WHERE status = 'flagged')::int AS flagged,
        count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
        count(*) FILTER (WHERE is_anonymous)::int AS anonymous,
        count(*) FILTER (WHERE has_owner_reply)::int AS replied,
        count(*) FILTER (WHERE dispute_open)::int AS disputed,
        count(*) FILTER (WHERE helpful_votes > 0)::int AS voted
      FROM reviews`);
    expect(counts!.total).toBeGreaterThanOrEqual(28);
    expect(counts!.approved).toBeGreaterThan((counts!.total as number) / 2);
    expect(counts!.pending).toBeGreaterThanOrEqual(2);
    expect(counts!.flagged).toBeGreaterThanOrEqual(2);
    expect(counts!.anonymous).toBeGreaterThanOrEqual(3);
    expect(counts!.replied).toBeGreaterThanOrEqual(3);
    expect(counts!.disputed).toBe(1);
    expect(counts!.voted).toBeGreaterThanOrEqual(5);
  });

  it('keeps reputation_score and total_reviews equal to the approved reviews', async () => {
    const mismatched = await rows(sql`
      SELECT e.name FROM entities e
      LEFT JOIN LATERAL (
        SELECT COALESCE(round(avg(overall_rating), 2), 0) AS score, count(*)::int AS total
        FROM reviews r WHERE r.entity_id = e.id AND r.status = 'approved'
      ) s ON true
      WHERE e.reputation_score <> s.score OR e.total_reviews <> s.total`);
    expect(mismatched).toEqual([]);
    const [withReviews] = await rows(
      sql`SELECT count(*)::int AS n FROM entities WHERE total_reviews > 0`,
    );
    expect(withReviews!.n).toBeGreaterThanOrEqual(8);
  });

  it('keeps vote counters equal to the votes, and never lets a reviewer vote on their own review', async () => {
    const bad = await rows(sql`
      SELECT r.id FROM reviews r
      WHERE r.helpful_votes <> (SELECT count(*) FROM review_votes v WHERE v.review_id = r.id AND v.vote_type = 'helpful')
         OR r.unhelpful_votes <> (SELECT count(*) FROM review_votes v WHERE v.review_id = r.id AND v.vote_type = 'unhelpful')
         OR EXISTS (SELECT 1 FROM review_votes v WHERE v.review_id = r.id AND v.user_id = r.reviewer_user_id)`);
    expect(bad).toEqual([]);
  });

  it('gives the demo user a dashboard worth seeing and shows the entity pages alive', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'maya.patel@demo.trustlinks.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/reviews/my-reviews', headers });
    const statuses = new Set(
      (mine.json().reviews as { review_status: string }[]).map((r) => r.review_status),
    );
    expect(statuses).toEqual(new Set(['approved', 'pending']));
    const recent = await ctx.app.inject({ method: 'GET', url: '/api/reviews/recent' });
    expect(recent.json().reviews).toHaveLength(10);
  });
});
