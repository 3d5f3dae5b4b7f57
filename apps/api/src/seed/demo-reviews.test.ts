import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, testConfig, type TestContext } from '../../test/helpers';
import { DEMO_PASSWORD } from './demo-accounts';
import { recomputeEntityReviewStats } from '../modules/reviews/trust/trust.repository';
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

  it('keeps total_reviews equal to the approved reviews and the TrustScore as the service computes it', async () => {
    const mismatched = await rows(sql`
      SELECT e.name FROM entities e
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS total FROM reviews r
        WHERE r.entity_id = e.id AND r.status = 'approved'
      ) s ON true
      WHERE e.total_reviews <> s.total OR (s.total = 0) <> (e.reputation_score = 0)`);
    expect(mismatched).toEqual([]);
    // reputation_score is the TrustScore (docs/decisions/012): recomputing with the service's own function
    // changes nothing, and every reviewed entity has its sub-scores.
    const before = await rows(sql`SELECT id, reputation_score FROM entities ORDER BY id`);
    for (const e of before) await recomputeEntityReviewStats(ctx.database.db, e.id as string);
    expect(await rows(sql`SELECT id, reputation_score FROM entities ORDER BY id`)).toEqual(before);
    const [missing] = await rows(sql`
      SELECT count(*)::int AS n FROM entities e
      WHERE e.total_reviews > 0
        AND NOT EXISTS (SELECT 1 FROM entity_trust_scores t WHERE t.entity_id = e.id)`);
    expect(missing!.n).toBe(0);
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

  it('shows every trust signal of decision 012: labels, proofs, a warning, held reviews, a reply rate', async () => {
    const [r] = await rows(sql`
      SELECT
        count(*) FILTER (WHERE r.status = 'approved' AND u.identity_verified)::int AS verified_identity,
        count(*) FILTER (WHERE r.status = 'approved' AND e.verification_status = 'approved')::int AS members,
        count(*) FILTER (WHERE r.status = 'approved' AND r.proof_verified_at IS NOT NULL)::int AS proof_verified,
        count(*) FILTER (WHERE r.proof_count > 0 AND r.proof_verified_at IS NULL)::int AS proof_waiting,
        count(*) FILTER (WHERE r.hold_reason = 'burst' AND NOT u.identity_verified)::int AS burst,
        count(*) FILTER (WHERE r.hold_reason = 'new_account')::int AS new_account
      FROM reviews r JOIN users u ON u.id = r.reviewer_user_id
      LEFT JOIN entities e ON e.id = u.entity_id`);
    expect(r).toMatchObject({ burst: 1, proof_verified: 1, proof_waiting: 1 });
    // One here; the transparency report's demo month holds more (docs/decisions/054).
    expect(r?.new_account).toBeGreaterThanOrEqual(1);
    expect(r!.verified_identity).toBeGreaterThanOrEqual(1);
    expect(r!.members).toBeGreaterThanOrEqual(1);
    const [horizon] = await rows(sql`SELECT id FROM entities WHERE name = 'Horizon Ads Network'`);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/entities/public/${horizon!.id}`,
    });
    expect(page.json().entity.public_warnings).toHaveLength(1);
    const [finflow] = await rows(sql`SELECT id FROM entities WHERE name = 'FinFlow Network'`);
    const trust = (
      await ctx.app.inject({ method: 'GET', url: `/api/reviews/entity/${finflow!.id}/trust` })
    ).json();
    expect(trust.responsiveness).toMatchObject({ negative_reviews: 3, replied: 2 });
    expect(trust.responsiveness.median_first_reply_hours).toBe(18);
    expect(trust.sub_scores.quality).toBeGreaterThan(0);
  });

  it('shows a held burst of verified accounts in Review Moderation (decision 023)', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'admin@demo.trustlinks.test', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/reviews/admin/moderation?status=pending&limit=100',
      headers,
    });
    const held = (
      queue.json().reviews as { entity_name: string; hold_reason: string; labels: string[] }[]
    ).filter((r) => r.entity_name === 'Apex Gaming Group' && r.hold_reason === 'burst');
    expect(held).toHaveLength(6);
    expect(held.every((r) => r.labels.includes('verified_identity'))).toBe(true);
    const [apex] = await rows(sql`
      SELECT count(DISTINCT u.identity_domain)::int AS domains, count(*)::int AS accounts
      FROM reviews r JOIN users u ON u.id = r.reviewer_user_id
      JOIN entities e ON e.id = r.entity_id
      WHERE e.name = 'Apex Gaming Group' AND r.hold_reason = 'burst'`);
    expect(apex).toEqual({ domains: 1, accounts: 6 });
  });
});
