import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import { useTestApp } from '../../../test/helpers';
import {
  authHeader,
  buildEntity,
  buildEntityAccount,
  buildReview,
  buildSignedInUser,
  buildUser,
  countRows,
  readEntity,
  readReview,
  reviewPayload,
  useAdminHeader,
} from '../../../test/factories';
import { entities, reviewReplies, reviews, reviewVotes, type UserRow } from '../../db/schema';
import { MESSAGES } from '../../auth/guards';

const ctx = useTestApp();
const { db, inject } = ctx;
const admin = useAdminHeader(ctx);
type Headers = Record<string, string>;

const post = (headers: Headers, payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: '/api/reviews', headers, payload });
const entityRow = (id: string) => readEntity(db(), id);
const reviewRow = (id: string) => readReview(db(), id);
const countReviews = () => countRows(db(), reviews);
const countEntities = () => countRows(db(), entities);

/**
 * The TrustScore (docs/decisions/012-trustscore-and-swarm-guard.md) of fresh reviews by established accounts
 * (buildUser: email-verified, 90 days old, weight 0.5) on an empty platform (prior 7 at 3.5):
 * (7·3.5 + 0.5·Σr) / (7 + 0.5·n); 0 without reviews. Worked out here by hand, not by reputation.ts.
 */
function trustScore(ratings: number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return (7 * 3.5 + 0.5 * sum) / (7 + 0.5 * ratings.length);
}
/** The entity's reputation_score is the TrustScore of these ratings (to 2 decimals) and its count. */
async function expectReputation(entityId: string, ratings: number[]) {
  const row = await entityRow(entityId);
  expect(row.totalReviews).toBe(ratings.length);
  // Reviews published a moment ago weigh a hair under 0.5: compare to the second decimal.
  expect(row.reputationScore).toBeCloseTo(trustScore(ratings), 1);
  expect(Math.abs(row.reputationScore - trustScore(ratings))).toBeLessThanOrEqual(0.006);
}

const reviewer = (overrides: Partial<UserRow> = {}) =>
  buildSignedInUser(db(), { firstName: 'Priya', lastName: 'Sharma', ...overrides });
const approvedEntity = (overrides: Partial<typeof entities.$inferInsert> = {}) =>
  buildEntity(db(), { verificationStatus: 'approved', ...overrides });
const moderate = (
  id: string,
  action: string,
  extra: Record<string, unknown> = {},
  headers = admin,
) =>
  inject({
    method: 'PUT',
    url: `/api/reviews/${id}/moderate`,
    headers,
    payload: { action, ...extra },
  });
const publicList = (entityId: string, query = '', headers: Headers = {}) =>
  inject({ method: 'GET', url: `/api/reviews/entity/${entityId}${query}`, headers });

describe('POST /api/reviews', () => {
  it('publishes a review of an approved entity at once and updates its reputation', async () => {
    const entity = await approvedEntity({ name: 'Vitality Partners' });
    const { headers, user } = await reviewer();
    const res = await post(headers, reviewPayload({ entity_id: entity.id, overall_rating: 5 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Review submitted successfully!');
    expect(res.json().review).toMatchObject({
      entity_id: entity.id,
      entity_name: 'Vitality Partners',
      entity_type: 'advertiser',
      review_status: 'approved',
      overall_rating: 5,
      category_ratings: { quality: 4, support: 5, reliability: 4, payment_speed: 3 },
      tags: ['fast payouts', 'Nutra'],
      reviewer_name: 'Priya Sharma',
      reviewer_type: 'user',
      helpful_votes: 0,
      reply_count: 0,
      has_owner_reply: false,
      is_own_review: true,
    });
    expect(res.json().review.published_at).toBeTruthy();
    const row = await reviewRow(res.json().review.review_id);
    expect(row.reviewerUserId).toBe(user.id);
    // TrustScore (docs/decisions/012): one 5-star review moves a new entity from the prior towards 5.
    await expectReputation(entity.id, [5]);
    expect((await entityRow(entity.id)).reputationScore).toBe(3.6);
  });

  it('creates a pending, unregistered entity for a new name and keeps the review pending', async () => {
    const { headers } = await reviewer();
    const before = await countEntities();
    const res = await post(
      headers,
      reviewPayload({ entity_name: '  Lunar Leads  ', entity_type: 'network' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(REVIEW_MESSAGES.pendingApproval);
    expect(res.json().review).toMatchObject({
      entity_name: 'Lunar Leads',
      entity_type: 'network',
      review_status: 'pending',
      published_at: null,
    });
    expect(await countEntities()).toBe(before + 1);
    const entity = await entityRow(res.json().review.entity_id);
    expect(entity).toMatchObject({
      source: 'review',
      email: null,
      verificationStatus: 'pending',
      entityType: 'network',
      totalReviews: 0,
      reputationScore: 0,
    });
    // A second reviewer naming it again (other case) reviews the same entity, no duplicate.
    const other = await reviewer();
    const again = await post(other.headers, reviewPayload({ entity_name: 'lunar LEADS' }));
    expect(again.statusCode).toBe(201);
    expect(again.json().review.entity_id).toBe(entity.id);
    expect(await countEntities()).toBe(before + 1);
  });

  it('defaults the new entity type to advertiser and attaches a known name to the approved entity', async () => {
    const { headers } = await reviewer();
    const res = await post(headers, reviewPayload({ entity_name: 'Brand New Co' }));
    expect(res.json().review.entity_type).toBe('advertiser');
    const known = await approvedEntity({ name: 'Horizon Ads Network', entityType: 'network' });
    const named = await post(headers, reviewPayload({ entity_name: 'horizon ads network' }));
    expect(named.statusCode).toBe(201);
    expect(named.json().review).toMatchObject({ entity_id: known.id, review_status: 'approved' });
  });

  it('keeps a review of a registered but pending entity pending; refuses rejected and unknown ones', async () => {
    const { headers } = await reviewer();
    const pending = await buildEntity(db());
    const res = await post(headers, reviewPayload({ entity_id: pending.id }));
    expect(res.json().review.review_status).toBe('pending');
    const rejected = await buildEntity(db(), { verificationStatus: 'rejected' });
    for (const id of [rejected.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await post(headers, reviewPayload({ entity_id: id }));
      expect(r.statusCode, id).toBe(404);
      expect(r.json()).toEqual({ error: REVIEW_MESSAGES.entityNotFound });
    }
  });

  it('refuses bad input with a human message and writes nothing', async () => {
    const entity = await approvedEntity();
    const { headers } = await reviewer();
    const before = { reviews: await countReviews(), entities: await countEntities() };
    const cases: [Record<string, unknown>, string][] = [
      [{ overall_rating: 0 }, 'overall_rating'],
      [{ overall_rating: 6 }, 'overall_rating'],
      [{ overall_rating: 3.5 }, 'overall_rating'],
      [{ overall_rating: '4' }, 'overall_rating'],
      [{ overall_rating: undefined }, 'overall_rating'],
      [{ category_ratings: { quality: 4, support: 4, reliability: 4 } }, 'category_ratings'],
      [
        { category_ratings: { quality: 4, support: 4, reliability: 4, payment_speed: 0 } },
        'category_ratings',
      ],
      [
        {
          category_ratings: { quality: 4, support: 4, reliability: 4, payment_speed: 4, extra: 1 },
        },
        'category_ratings',
      ],
      [{ category_ratings: '{"quality":4}' }, 'category_ratings'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ review_text: '' }, 'review_text'],
      [{ review_text: 'too short' }, 'review_text'],
      [{ review_text: 'x '.repeat(2600) }, 'review_text'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'tags'],
      [{ tags: ['x'.repeat(41)] }, 'tags'],
      [{ tags: 'a, b' }, 'tags'],
      [{ is_anonymous: 'yes' }, 'is_anonymous'],
      [{ proof_attachments: ['https://files.example.com/proof.png'] }, 'proof_attachments'],
      [{ entity_type: 'admin', entity_id: undefined, entity_name: 'X' }, 'entity_type'],
    ];
    for (const [overrides, path] of cases) {
      const res = await post(headers, reviewPayload({ entity_id: entity.id, ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error).toMatch(/^Invalid input: /);
      expect(res.json().details[0].path, JSON.stringify(overrides)).toMatch(new RegExp(`^${path}`));
    }
    const both = await post(
      headers,
      reviewPayload({ entity_id: entity.id, entity_name: 'Something' }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().details[0].message).toBe(REVIEW_MESSAGES.entityChoice);
    const neither = await post(headers, reviewPayload());
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details[0].message).toBe(REVIEW_MESSAGES.selectEntity);
    const blankName = await post(headers, reviewPayload({ entity_name: '   ' }));
    expect(blankName.json().details[0].message).toBe(REVIEW_MESSAGES.enterEntityName);
    const proof = await post(
      headers,
      reviewPayload({ entity_id: entity.id, proof_attachments: [{ url: 'x' }] }),
    );
    // Proofs are files now (docs/decisions/012): a list entry without a name and bytes is refused.
    expect(proof.statusCode).toBe(400);
    expect(proof.json().details[0].message).toBe(REVIEW_MESSAGES.proofFileName);
    expect({ reviews: await countReviews(), entities: await countEntities() }).toEqual(before);
  });

  it('keeps tags trimmed and unique, and ignores fields the reviewer may not set', async () => {
    const pending = await buildEntity(db());
    const other = await buildUser(db());
    const { headers, user } = await reviewer();
    const res = await post(
      headers,
      reviewPayload({
        entity_id: pending.id,
        tags: [' Fast payouts ', 'fast PAYOUTS', '', 'Support'],
        review_status: 'approved',
        reviewer_user_id: other.id,
        helpful_votes: 99,
      }),
    );
    expect(res.statusCode).toBe(201);
    const row = await reviewRow(res.json().review.review_id);
    expect(row).toMatchObject({
      tags: ['Fast payouts', 'Support'],
      status: 'pending',
      reviewerUserId: user.id,
      helpfulVotes: 0,
    });
  });

  it('refuses visitors (401) and users who must reset their password (403)', async () => {
    const entity = await approvedEntity();
    const res = await post({}, reviewPayload({ entity_id: entity.id }));
    expect(res.statusCode).toBe(401);
    const temp = await reviewer({ passwordResetRequired: true });
    const blocked = await post(temp.headers, reviewPayload({ entity_id: entity.id }));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: MESSAGES.mustResetPassword });
  });

  it('refuses a review of your own entity (403), by id or by name', async () => {
    const owner = await buildEntityAccount(db(), 'affiliate', { name: 'Northwind Traffic' });
    const before = await countReviews();
    for (const body of [{ entity_id: owner.entity.id }, { entity_name: 'northwind traffic' }]) {
      const res = await post(owner.headers, reviewPayload(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ error: REVIEW_MESSAGES.ownEntity });
    }
    expect(await countReviews()).toBe(before);
    expect(await entityRow(owner.entity.id)).toMatchObject({ totalReviews: 0 });
  });

  it('refuses a second review of the same entity within 12 months (409), allows it after', async () => {
    const entity = await approvedEntity();
    // Two years old: still an established account when its first review is moved 13 months back.
    const { headers } = await reviewer({ createdAt: new Date(Date.now() - 730 * 86_400_000) });
    const first = await post(headers, reviewPayload({ entity_id: entity.id, overall_rating: 2 }));
    expect(first.statusCode).toBe(201);
    const second = await post(headers, reviewPayload({ entity_id: entity.id }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: REVIEW_MESSAGES.alreadyReviewed });
    await expectReputation(entity.id, [2]);

    await db()
      .update(reviews)
      .set({ createdAt: sql`now() - interval '13 months'` })
      .where(eq(reviews.id, first.json().review.review_id));
    const later = await post(headers, reviewPayload({ entity_id: entity.id, overall_rating: 4 }));
    expect(later.statusCode).toBe(201);
    await expectReputation(entity.id, [2, 4]);
  });

  it('lets only one of two simultaneous reviews of the same entity by one user through', async () => {
    const entity = await approvedEntity();
    const { headers } = await reviewer();
    const results = await Promise.all(
      [1, 2, 3].map(() => post(headers, reviewPayload({ entity_id: entity.id }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await entityRow(entity.id)).toMatchObject({ totalReviews: 1 });
  });

  it('stores obvious spam as flagged for moderation, never published', async () => {
    const entity = await approvedEntity();
    const spam: string[] = [
      'https://cheap-leads.example.com/promo www.spam.example.com',
      'Visit https://a.example.com and https://b.example.com and https://c.example.com now',
      'great great great great great great great great',
      'Amazing!!!!!!!!!!!!!!!! best network',
    ];
    for (const review_text of spam) {
      const { headers } = await reviewer();
      const res = await post(headers, reviewPayload({ entity_id: entity.id, review_text }));
      expect(res.statusCode, review_text).toBe(201);
      expect(res.json().message).toBe(REVIEW_MESSAGES.heldForModeration);
      expect(res.json().review.review_status, review_text).toBe('flagged');
      expect(res.json().review.published_at).toBeNull();
    }
    // The same text again (another reviewer, another entity): repeated identical text.
    const text =
      'Solid network with clear terms, we ran Finance offers for a quarter without issues.';
    const a = await reviewer();
    const b = await reviewer();
    const other = await approvedEntity();
    expect(
      (await post(a.headers, reviewPayload({ entity_id: entity.id, review_text: text }))).json()
        .review.review_status,
    ).toBe('approved');
    const copy = await post(
      b.headers,
      reviewPayload({ entity_id: other.id, review_text: `  ${text.toUpperCase()}  ` }),
    );
    expect(copy.json().review.review_status).toBe('flagged');
    expect(await entityRow(entity.id)).toMatchObject({ totalReviews: 1 });
    expect(await entityRow(other.id)).toMatchObject({ totalReviews: 0 });
    const list = (await publicList(other.id)).json();
    expect(list.reviews).toHaveLength(0);
    const queue = await inject({
      method: 'GET',
      url: '/api/reviews/admin/moderation?status=flagged',
      headers: admin,
    });
    const flagged = queue
      .json()
      .reviews.find((r: { review_id: string }) => r.review_id === copy.json().review.review_id);
    expect(flagged.admin_notes).toMatch(/already posted/);
  });
});

describe('GET /api/reviews/entity/:id', () => {
  it('lists approved reviews newest first, 10 a page by default, with docs/product/data.md pagination', async () => {
    const entity = await approvedEntity();
    for (let i = 0; i < 12; i++) {
      const u = await buildUser(db());
      await buildReview(db(), {
        entityId: entity.id,
        reviewerUserId: u.id,
        title: `R${i}`,
        publishedAt: new Date(Date.now() - (12 - i) * 60_000),
      });
    }
    for (const status of ['pending', 'rejected', 'flagged'] as const) {
      const u = await buildUser(db());
      await buildReview(db(), { entityId: entity.id, reviewerUserId: u.id, status });
    }
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    // The factory writes rows directly: bring the counters in line as the service would.
    await db().execute(
      sql`UPDATE entities SET total_reviews = 12, reputation_score = 4 WHERE id = ${entity.id}`,
    );
    const res = await publicList(entity.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reviews).toHaveLength(10);
    expect(body.reviews[0].title).toBe('R11');
    expect(
      body.reviews.every((r: { review_status: string }) => r.review_status === 'approved'),
    ).toBe(true);
    expect(body.pagination).toEqual({ current_page: 1, total_pages: 2, total_reviews: 12 });
    const page2 = (await publicList(entity.id, '?page=2')).json();
    expect(page2.reviews.map((r: { title: string }) => r.title)).toEqual(['R1', 'R0']);
    expect(page2.pagination.current_page).toBe(2);
    expect((await publicList(entity.id, '?limit=50')).statusCode).toBe(200);
    for (const q of ['?limit=51', '?limit=0', '?page=0', '?page=x']) {
      expect((await publicList(entity.id, q)).statusCode, q).toBe(400);
    }
    expect(typeof body.reviews[0].category_ratings).toBe('object');
    expect(body.reviews[0].category_ratings).toEqual({
      quality: 4,
      support: 4,
      reliability: 4,
      payment_speed: 4,
    });
  });

  it('answers 404 for an unknown entity and shows the logged-in viewer their vote', async () => {
    expect((await publicList('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await publicList('nope')).statusCode).toBe(404);
    // An entity that is not approved hides its reviews from everyone but admins: since decision 011
    // a rejected entity's users have no rights left (auth/policies.ts), not even this view.
    const rejected = await buildEntity(db(), { verificationStatus: 'rejected' });
    await buildReview(db(), { entityId: rejected.id, reviewerUserId: (await buildUser(db())).id });
    expect((await publicList(rejected.id)).statusCode).toBe(404);
    expect((await publicList(rejected.id, '', admin)).json().reviews).toHaveLength(1);
    const insider = await authHeader(
      db(),
      await buildUser(db(), { role: 'user', entityId: rejected.id }),
    );
    expect((await publicList(rejected.id, '', insider)).statusCode).toBe(404);
    const entity = await approvedEntity();
    const author = await buildUser(db());
    const review = await buildReview(db(), { entityId: entity.id, reviewerUserId: author.id });
    const { headers } = await reviewer();
    await inject({
      method: 'POST',
      url: `/api/reviews/${review.id}/vote`,
      headers,
      payload: { vote_type: 'helpful' },
    });
    const mine = (await publicList(entity.id, '', headers)).json().reviews[0];
    expect(mine).toMatchObject({ my_vote: 'helpful', is_own_review: false, helpful_votes: 1 });
    const anon = (await publicList(entity.id)).json().reviews[0];
    expect(anon).not.toHaveProperty('my_vote');
  });
});

describe('anonymous reviews', () => {
  it('never reveal the reviewer outside admin answers: lists, dashboard, replies, votes, my-reviews', async () => {
    const owner = await buildEntityAccount(db(), 'network', { name: 'BlockReach Media' });
    const secret = {
      firstName: 'Zelda',
      lastName: 'Quartermaine',
      email: `zelda-${Date.now()}@hidden.example.com`,
    };
    const author = await reviewer(secret);
    const created = await post(
      author.headers,
      reviewPayload({ entity_id: owner.entity.id, is_anonymous: true }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().review.review_id as string;
    const leaks = (body: string) =>
      [secret.firstName, secret.lastName, secret.email, author.user.id].filter((s) =>
        body.includes(s),
      );

    const voter = await reviewer();
    const answers: { name: string; body: string }[] = [];
    const record = async (name: string, o: InjectOptions) => {
      const res = await inject(o);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
      answers.push({ name, body: res.body });
      return res;
    };
    answers.push({ name: 'create', body: created.body });
    await record('public list', { method: 'GET', url: `/api/reviews/entity/${owner.entity.id}` });
    await record('public list (logged in)', {
      method: 'GET',
      url: `/api/reviews/entity/${owner.entity.id}`,
      headers: voter.headers,
    });
    await record('recent', { method: 'GET', url: '/api/reviews/recent?limit=50' });
    await record('vote', {
      method: 'POST',
      url: `/api/reviews/${id}/vote`,
      headers: voter.headers,
      payload: { vote_type: 'helpful' },
    });
    await record('reply', {
      method: 'POST',
      url: `/api/reviews/${id}/reply`,
      headers: owner.headers,
      payload: { reply_type: 'response', reply_text: 'Thanks for the feedback!' },
    });
    await record('dispute', {
      method: 'POST',
      url: `/api/reviews/${id}/reply`,
      headers: owner.headers,
      payload: { reply_type: 'dispute', reply_text: 'We never worked with this reviewer.' },
    });
    await record('replies (public)', { method: 'GET', url: `/api/reviews/${id}/replies` });
    await record('replies (owner)', {
      method: 'GET',
      url: `/api/reviews/${id}/replies`,
      headers: owner.headers,
    });
    for (const status of ['approved', 'pending', 'rejected', 'flagged']) {
      await record(`dashboard ${status}`, {
        method: 'GET',
        url: `/api/reviews/entity/${owner.entity.id}/dashboard?status=${status}`,
        headers: owner.headers,
      });
    }
    const mine = await record('my-reviews', {
      method: 'GET',
      url: '/api/reviews/my-reviews',
      headers: author.headers,
    });
    expect(mine.json().reviews[0]).toMatchObject({ review_id: id, is_anonymous: true });
    for (const a of answers) expect(leaks(a.body), a.name).toEqual([]);
    for (const a of answers.filter((x) => x.body.includes('"reviews"'))) {
      for (const r of JSON.parse(a.body).reviews as Record<string, unknown>[]) {
        if (r.review_id !== id) continue;
        for (const key of ['reviewer_name', 'reviewer_email', 'reviewer_type', 'reviewer_id']) {
          expect(r, `${a.name} ${key}`).not.toHaveProperty(key);
        }
      }
    }

    // Admins see who wrote it: moderation queue and the dashboard.
    const queue = await inject({
      method: 'GET',
      url: '/api/reviews/admin/moderation?status=approved',
      headers: admin,
    });
    const seen = queue.json().reviews.find((r: { review_id: string }) => r.review_id === id);
    expect(seen).toMatchObject({
      is_anonymous: true,
      reviewer_name: 'Zelda Quartermaine',
      reviewer_email: secret.email,
      reviewer_type: 'user',
      reviewer_id: author.user.id,
    });
    const adminDash = await inject({
      method: 'GET',
      url: `/api/reviews/entity/${owner.entity.id}/dashboard`,
      headers: admin,
    });
    expect(adminDash.json().reviews[0].reviewer_email).toBe(secret.email);
  });

  it('shows name and type of a reviewer who is not anonymous, but never the email or id', async () => {
    const entity = await approvedEntity();
    const author = await reviewer({ firstName: 'Maya', lastName: 'Patel', role: 'user' });
    await post(author.headers, reviewPayload({ entity_id: entity.id }));
    const body = (await publicList(entity.id)).body;
    const r = JSON.parse(body).reviews[0];
    expect(r).toMatchObject({ reviewer_name: 'Maya Patel', reviewer_type: 'user' });
    expect(r).not.toHaveProperty('reviewer_email');
    expect(r).not.toHaveProperty('reviewer_id');
    expect(body).not.toContain(author.user.email);
  });
});

describe('POST /api/reviews/:id/vote', () => {
  async function publishedReview() {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const author = await reviewer();
    const review = await buildReview(db(), {
      entityId: owner.entity.id,
      reviewerUserId: author.user.id,
    });
    return { owner, author, review };
  }
  const vote = (id: string, headers: Headers, vote_type: unknown = 'helpful') =>
    inject({ method: 'POST', url: `/api/reviews/${id}/vote`, headers, payload: { vote_type } });

  it('records one vote per user; a new vote replaces the old', async () => {
    const { review } = await publishedReview();
    const { headers } = await reviewer();
    const first = await vote(review.id, headers, 'helpful');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Vote recorded successfully!',
      helpful_votes: 1,
      unhelpful_votes: 0,
      my_vote: 'helpful',
    });
    expect((await vote(review.id, headers, 'helpful')).json()).toMatchObject({ helpful_votes: 1 });
    const changed = await vote(review.id, headers, 'unhelpful');
    expect(changed.json()).toMatchObject({ helpful_votes: 0, unhelpful_votes: 1 });
    expect(await reviewRow(review.id)).toMatchObject({ helpfulVotes: 0, unhelpfulVotes: 1 });
  });

  it('refuses votes on your own review, on reviews of your entity, and on unpublished ones', async () => {
    const { owner, author, review } = await publishedReview();
    const own = await vote(review.id, author.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: REVIEW_MESSAGES.ownReviewVote });
    const byOwner = await vote(review.id, owner.headers);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ error: REVIEW_MESSAGES.ownEntityVote });
    const pending = await buildReview(db(), {
      entityId: owner.entity.id,
      reviewerUserId: (await buildUser(db())).id,
      status: 'pending',
    });
    const { headers } = await reviewer();
    expect((await vote(pending.id, headers)).statusCode).toBe(404);
    expect((await vote('00000000-0000-4000-8000-000000000000', headers)).statusCode).toBe(404);
    expect((await vote('x', headers)).statusCode).toBe(404);
    expect((await vote(review.id, headers, 'love')).statusCode).toBe(400);
    const visitor = await vote(review.id, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: 'Please log in to vote on reviews' });
    expect(await reviewRow(review.id)).toMatchObject({ helpfulVotes: 0, unhelpfulVotes: 0 });
  });

  it('keeps exact counts under 20 parallel votes', async () => {
    const { review } = await publishedReview();
    const voters = await Promise.all(Array.from({ length: 20 }, () => reviewer()));
    const results = await Promise.all(
      voters.map((v, i) => vote(review.id, v.headers, i % 4 === 0 ? 'unhelpful' : 'helpful')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await reviewRow(review.id)).toMatchObject({ helpfulVotes: 15, unhelpfulVotes: 5 });
    // Everyone changes their mind at once: still exact.
    const flipped = await Promise.all(
      voters.map((v, i) => vote(review.id, v.headers, i % 4 === 0 ? 'helpful' : 'unhelpful')),
    );
    expect(flipped.every((r) => r.statusCode === 200)).toBe(true);
    expect(await reviewRow(review.id)).toMatchObject({ helpfulVotes: 5, unhelpfulVotes: 15 });
    expect(await countRows(db(), reviewVotes, eq(reviewVotes.reviewId, review.id))).toBe(20);
  });
});

describe('POST /api/reviews/:id/reply', () => {
  let apexCount = 0;
  async function setup() {
    // Approved names are unique (docs/decisions/011): each setup's company is another Apex.
    const owner = await buildEntityAccount(db(), 'advertiser', {
      name: `Apex Gaming Group ${++apexCount}`,
    });
    const author = await reviewer();
    const review = await buildReview(db(), {
      entityId: owner.entity.id,
      reviewerUserId: author.user.id,
    });
    return { owner, author, review };
  }
  const reply = (id: string, headers: Headers, reply_type: string, reply_text = 'Thank you!') =>
    inject({
      method: 'POST',
      url: `/api/reviews/${id}/reply`,
      headers,
      payload: { reply_type, reply_text },
    });

  it('lets the entity reply once, then dispute; the review stays online while disputed', async () => {
    const { owner, review } = await setup();
    const res = await reply(
      review.id,
      owner.headers,
      'response',
      '  Thanks for working with us.  ',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Reply submitted successfully!',
      reply: {
        review_id: review.id,
        reply_type: 'response',
        reply_text: 'Thanks for working with us.',
        author_name: owner.entity.name,
      },
    });
    expect(await reviewRow(review.id)).toMatchObject({ replyCount: 1, hasOwnerReply: true });
    for (const type of ['response', 'clarification']) {
      const again = await reply(review.id, owner.headers, type);
      expect(again.statusCode, type).toBe(409);
      expect(again.json()).toEqual({ error: REVIEW_MESSAGES.alreadyReplied });
    }
    const dispute = await reply(
      review.id,
      owner.headers,
      'dispute',
      'This reviewer never ran traffic for us.',
    );
    expect(dispute.statusCode).toBe(201);
    expect(dispute.json().message).toBe(REVIEW_MESSAGES.disputeSubmitted);
    expect(await reviewRow(review.id)).toMatchObject({
      status: 'approved',
      disputeOpen: true,
      replyCount: 1,
    });
    const twice = await reply(review.id, owner.headers, 'dispute');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: REVIEW_MESSAGES.alreadyDisputed });
    // Still in the public list.
    expect(
      (await publicList(owner.entity.id))
        .json()
        .reviews.map((r: { review_id: string }) => r.review_id),
    ).toContain(review.id);

    // The public sees the response; the entity and admins see the dispute too.
    const pub = (await inject({ method: 'GET', url: `/api/reviews/${review.id}/replies` })).json();
    expect(pub.replies.map((r: { reply_type: string }) => r.reply_type)).toEqual(['response']);
    for (const headers of [owner.headers, admin]) {
      const all = (
        await inject({ method: 'GET', url: `/api/reviews/${review.id}/replies`, headers })
      ).json();
      expect(all.replies.map((r: { reply_type: string }) => r.reply_type)).toEqual([
        'response',
        'dispute',
      ]);
    }

    // Admins find it first in the approved queue; any decision closes the dispute.
    const queue = (
      await inject({
        method: 'GET',
        url: '/api/reviews/admin/moderation?status=approved',
        headers: admin,
      })
    ).json();
    const at = queue.reviews.findIndex((r: { review_id: string }) => r.review_id === review.id);
    expect(
      queue.reviews.slice(0, at + 1).every((r: { is_disputed: boolean }) => r.is_disputed),
    ).toBe(true);
    expect(queue.reviews[at]).toMatchObject({
      is_disputed: true,
      dispute_text: 'This reviewer never ran traffic for us.',
    });
    const dash = (
      await inject({
        method: 'GET',
        url: `/api/reviews/entity/${owner.entity.id}/dashboard`,
        headers: owner.headers,
      })
    ).json();
    expect(dash.reviews[0]).toMatchObject({ is_disputed: true, has_owner_reply: true });
    expect((await moderate(review.id, 'approve')).statusCode).toBe(200);
    expect(await reviewRow(review.id)).toMatchObject({ status: 'approved', disputeOpen: false });
    // Decision 012: a decided dispute cannot be reopened by the owner for 30 days.
    const reopened = await reply(review.id, owner.headers, 'dispute');
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error).toMatch(/An admin decided the last dispute of this review/);
    await db()
      .update(reviews)
      .set({ disputeDecidedAt: sql`now() - interval '29 days'` })
      .where(eq(reviews.id, review.id));
    expect((await reply(review.id, owner.headers, 'dispute')).statusCode).toBe(409);
    await db()
      .update(reviews)
      .set({ disputeDecidedAt: sql`now() - interval '31 days'` })
      .where(eq(reviews.id, review.id));
    expect((await reply(review.id, owner.headers, 'dispute')).statusCode).toBe(201);
  });

  it('allows a clarification as the one owner reply, and a dispute without a reply', async () => {
    const { owner, review } = await setup();
    expect((await reply(review.id, owner.headers, 'dispute')).statusCode).toBe(201);
    expect((await reply(review.id, owner.headers, 'clarification')).statusCode).toBe(201);
    expect(await reviewRow(review.id)).toMatchObject({ replyCount: 1, hasOwnerReply: true });
  });

  it('lets only one of several simultaneous owner replies through', async () => {
    const { owner, review } = await setup();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => reply(review.id, owner.headers, 'response')),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const stored = await db()
      .select()
      .from(reviewReplies)
      .where(eq(reviewReplies.reviewId, review.id));
    expect(stored).toHaveLength(1);
    expect(await reviewRow(review.id)).toMatchObject({ replyCount: 1 });
  });

  it('refuses everyone but the entity’s users (403), visitors (401) and unpublished reviews (409)', async () => {
    const { author, review, owner } = await setup();
    const otherEntity = await buildEntityAccount(db(), 'network');
    const plain = await reviewer();
    for (const headers of [author.headers, plain.headers, otherEntity.headers, admin]) {
      const res = await reply(review.id, headers, 'response');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: REVIEW_MESSAGES.notEntityUser });
    }
    const visitor = await reply(review.id, {}, 'response');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: 'Please log in to reply' });
    expect((await reply(review.id, owner.headers, 'praise')).statusCode).toBe(400);
    const blank = await reply(review.id, owner.headers, 'response', '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0].message).toBe('Please enter a reply');
    expect((await reply(review.id, owner.headers, 'response', 'x'.repeat(2001))).statusCode).toBe(
      400,
    );
    for (const status of ['pending', 'rejected', 'flagged'] as const) {
      const hidden = await buildReview(db(), {
        entityId: owner.entity.id,
        reviewerUserId: (await buildUser(db())).id,
        status,
      });
      for (const type of ['response', 'dispute']) {
        const res = await reply(hidden.id, owner.headers, type);
        expect(res.statusCode, `${status} ${type}`).toBe(409);
        expect(res.json()).toEqual({ error: REVIEW_MESSAGES.notPublished });
      }
      // Nobody else reads replies of an unpublished review.
      expect(
        (await inject({ method: 'GET', url: `/api/reviews/${hidden.id}/replies` })).statusCode,
      ).toBe(404);
    }
    expect(
      (await reply('00000000-0000-4000-8000-000000000000', owner.headers, 'response')).statusCode,
    ).toBe(404);
    expect(await reviewRow(review.id)).toMatchObject({ replyCount: 0, hasOwnerReply: false });
  });
});

describe('GET /api/reviews/entity/:id/dashboard', () => {
  it('gives the entity’s users each status with statistics and pages of 20', async () => {
    const owner = await buildEntityAccount(db(), 'affiliate');
    for (let i = 0; i < 23; i++) {
      await buildReview(db(), {
        entityId: owner.entity.id,
        reviewerUserId: (await buildUser(db())).id,
        status: 'pending',
      });
    }
    const { headers } = await reviewer();
    await post(headers, reviewPayload({ entity_id: owner.entity.id, overall_rating: 3 }));
    const get = (q: string, h: Headers = owner.headers) =>
      inject({
        method: 'GET',
        url: `/api/reviews/entity/${owner.entity.id}/dashboard${q}`,
        headers: h,
      });
    const pending = await get('?status=pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().reviews).toHaveLength(20);
    expect(pending.json().statistics).toEqual({
      avg_rating: 3.47, // the TrustScore of one 3-star review: (24.5 + 1.5) / 7.5
      total_reviews: 1,
      pending_reviews: 23,
    });
    expect(pending.json().pagination).toEqual({
      current_page: 1,
      total_pages: 2,
      total_reviews: 23,
    });
    expect((await get('?status=pending&page=2')).json().reviews).toHaveLength(3);
    const approved = await get('');
    expect(approved.json().reviews).toHaveLength(1);
    expect(approved.json().reviews[0].review_status).toBe('approved');
    expect((await get('?status=flagged')).json().reviews).toHaveLength(0);
    expect((await get('?status=deleted')).statusCode).toBe(400);
    expect((await get('?limit=101')).statusCode).toBe(400);
    expect((await get('', admin)).statusCode).toBe(200);

    const other = await buildEntityAccount(db(), 'affiliate');
    const plain = await reviewer();
    for (const h of [other.headers, plain.headers]) {
      const res = await get('', h);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: REVIEW_MESSAGES.notEntityDashboard });
    }
    expect((await get('', {})).statusCode).toBe(401);
    expect(
      (
        await inject({
          method: 'GET',
          url: '/api/reviews/entity/00000000-0000-4000-8000-000000000000/dashboard',
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('moderation', () => {
  it('is for admins only: visitors 401, every other role 403', async () => {
    const entity = await approvedEntity();
    const review = await buildReview(db(), {
      entityId: entity.id,
      reviewerUserId: (await buildUser(db())).id,
      status: 'pending',
    });
    const routes: InjectOptions[] = [
      { method: 'GET', url: '/api/reviews/admin/moderation' },
      { method: 'PUT', url: `/api/reviews/${review.id}/moderate`, payload: { action: 'approve' } },
    ];
    for (const route of routes) {
      expect((await inject(route)).statusCode).toBe(401);
      for (const role of ['user', 'advertiser', 'affiliate', 'network'] as const) {
        const headers = await authHeader(
          db(),
          await buildUser(db(), { role, entityId: role === 'user' ? null : entity.id }),
        );
        const res = await inject({ ...route, headers });
        expect(res.statusCode, `${role} ${route.url}`).toBe(403);
      }
    }
    expect((await reviewRow(review.id)).status).toBe('pending');
  });

  it('lists each status for admins, pending oldest first, with has_more', async () => {
    const entity = await approvedEntity({ name: 'Queue Co', entityType: 'network' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await buildReview(db(), {
        entityId: entity.id,
        reviewerUserId: (await buildUser(db())).id,
        status: 'pending',
        createdAt: new Date(Date.now() - (10 - i) * 86_400_000 * 400),
      });
      ids.push(r.id);
    }
    const res = await inject({
      method: 'GET',
      url: '/api/reviews/admin/moderation?status=pending&limit=2',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().reviews.map((r: { review_id: string }) => r.review_id)).toEqual(
      ids.slice(0, 2),
    );
    expect(res.json().has_more).toBe(true);
    expect(res.json().reviews[0]).toMatchObject({
      entity_name: 'Queue Co',
      entity_type: 'network',
      review_status: 'pending',
      admin_notes: null,
    });
    for (const q of ['?status=all', '?limit=101', '?limit=0']) {
      const bad = await inject({
        method: 'GET',
        url: `/api/reviews/admin/moderation${q}`,
        headers: admin,
      });
      expect(bad.statusCode, q).toBe(400);
    }
  });

  it('keeps the reputation exact through approve → reject → re-approve, in the same transaction', async () => {
    const entity = await approvedEntity();
    const { headers } = await reviewer();
    const five = await post(headers, reviewPayload({ entity_id: entity.id, overall_rating: 5 }));
    const second = await reviewer();
    const two = await post(
      second.headers,
      reviewPayload({ entity_id: entity.id, overall_rating: 2 }),
    );
    await expectReputation(entity.id, [5, 2]);
    const third = await reviewer();
    const pendingEntityReview = await post(
      third.headers,
      reviewPayload({ entity_id: entity.id, overall_rating: 4 }),
    );
    const id = pendingEntityReview.json().review.review_id as string;
    // Send it through the whole cycle.
    const rejected = await moderate(id, 'reject', { admin_notes: 'Looks like a competitor.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Review rejected successfully!');
    expect(rejected.json().review).toMatchObject({
      review_status: 'rejected',
      admin_notes: 'Looks like a competitor.',
    });
    await expectReputation(entity.id, [5, 2]);
    const approved = await moderate(id, 'approve');
    expect(approved.json().message).toBe('Review approved successfully!');
    // Notes stay when none are given.
    expect(approved.json().review.admin_notes).toBe('Looks like a competitor.');
    await expectReputation(entity.id, [5, 2, 4]);
    await moderate(five.json().review.review_id, 'reject');
    await expectReputation(entity.id, [2, 4]);
    const flagged = await moderate(two.json().review.review_id, 'flag');
    expect(flagged.json().message).toBe('Review flagged successfully!');
    await expectReputation(entity.id, [4]);
    await moderate(five.json().review.review_id, 'approve');
    await expectReputation(entity.id, [4, 5]);
    await moderate(id, 'reject');
    await moderate(five.json().review.review_id, 'reject');
    await expectReputation(entity.id, []);
  });

  it('publishes a pending review on approval and keeps its first publication time after that', async () => {
    const entity = await buildEntity(db());
    const { headers } = await reviewer();
    const res = await post(headers, reviewPayload({ entity_id: entity.id }));
    const id = res.json().review.review_id as string;
    expect((await reviewRow(id)).publishedAt).toBeNull();
    await moderate(id, 'approve');
    const first = (await reviewRow(id)).publishedAt!;
    expect(first).toBeInstanceOf(Date);
    await moderate(id, 'reject');
    await moderate(id, 'approve');
    expect((await reviewRow(id)).publishedAt!.getTime()).toBe(first.getTime());
    expect(await entityRow(entity.id)).toMatchObject({ totalReviews: 1 });
  });

  it('refuses bad actions and unknown reviews, and rolls back a failed change', async () => {
    const entity = await approvedEntity();
    const review = await buildReview(db(), {
      entityId: entity.id,
      reviewerUserId: (await buildUser(db())).id,
      status: 'pending',
    });
    expect((await moderate(review.id, 'delete')).statusCode).toBe(400);
    expect(
      (await moderate(review.id, 'approve', { admin_notes: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await moderate('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(
      404,
    );
    expect((await moderate('nope', 'approve')).statusCode).toBe(404);

    // A fault while the reputation is written undoes the status change too.
    await db().execute(sql`
      CREATE FUNCTION refuse_entity_update() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'entities unavailable'; END $$ LANGUAGE plpgsql`);
    await db().execute(sql`
      CREATE TRIGGER refuse_entity_update BEFORE UPDATE ON entities
      FOR EACH ROW EXECUTE FUNCTION refuse_entity_update()`);
    try {
      expect((await moderate(review.id, 'approve')).statusCode).toBe(500);
    } finally {
      await db().execute(sql`DROP TRIGGER refuse_entity_update ON entities`);
      await db().execute(sql`DROP FUNCTION refuse_entity_update()`);
    }
    expect((await reviewRow(review.id)).status).toBe('pending');
    expect((await moderate(review.id, 'approve')).statusCode).toBe(200);
    await expectReputation(entity.id, [4]);
  });
});

describe('my reviews and recent reviews', () => {
  it('lists the caller’s own reviews in every status, newest first, limit 50 by default', async () => {
    const { headers, user } = await reviewer();
    const approved = await approvedEntity();
    const pending = await buildEntity(db());
    await post(headers, reviewPayload({ entity_id: approved.id }));
    await post(headers, reviewPayload({ entity_id: pending.id }));
    const someoneElse = await reviewer();
    await post(someoneElse.headers, reviewPayload({ entity_id: approved.id }));
    const res = await inject({ method: 'GET', url: '/api/reviews/my-reviews', headers });
    expect(res.statusCode).toBe(200);
    const mine = res.json().reviews as { review_status: string; entity_id: string }[];
    expect(mine.map((r) => r.review_status)).toEqual(['pending', 'approved']);
    expect(mine.map((r) => r.entity_id)).toEqual([pending.id, approved.id]);
    expect(JSON.stringify(mine)).not.toContain(someoneElse.user.id);
    expect(user.id).toBeTruthy();
    expect(
      (await inject({ method: 'GET', url: '/api/reviews/my-reviews?limit=101', headers }))
        .statusCode,
    ).toBe(400);
    expect((await inject({ method: 'GET', url: '/api/reviews/my-reviews' })).statusCode).toBe(401);
  });

  it('lists recent published reviews of approved entities across entities', async () => {
    const a = await approvedEntity({ name: 'Recent A' });
    const hiddenEntity = await buildEntity(db(), { verificationStatus: 'rejected' });
    const ra = await buildReview(db(), {
      entityId: a.id,
      reviewerUserId: (await buildUser(db())).id,
      publishedAt: new Date(Date.now() + 60_000),
    });
    await buildReview(db(), {
      entityId: hiddenEntity.id,
      reviewerUserId: (await buildUser(db())).id,
      publishedAt: new Date(Date.now() + 120_000),
    });
    const res = await inject({ method: 'GET', url: '/api/reviews/recent?limit=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().reviews.map((r: { review_id: string }) => r.review_id)).toEqual([ra.id]);
    expect(res.json().has_more).toBe(true);
    expect((await inject({ method: 'GET', url: '/api/reviews/recent?limit=51' })).statusCode).toBe(
      400,
    );
  });
});
