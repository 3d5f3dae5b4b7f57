import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import { useTestApp } from '../../../test/helpers';
import {
  buildEntity,
  buildEntityAccount,
  buildReview,
  buildSignedInUser,
  countRows,
  reviewPayload,
  useAdminHeader,
} from '../../../test/factories';
import { reviewReports } from '../../db/schema';
import { recomputeEntityReviewStats } from './trust/trust.repository';

// Decision 027: a review's own address, the star distribution and filter, reports to the moderators.

const REPORTS_PER_DAY = 3;
// The daily report limit is a setting; this file lowers it to exceed it without 10 reports.
const ctx = useTestApp({ config: { REVIEW_REPORTS_PER_DAY: String(REPORTS_PER_DAY) } });
const { db, inject } = ctx;
const admin = useAdminHeader(ctx);
type Headers = Record<string, string>;

const approvedEntity = () => buildEntity(db(), { verificationStatus: 'approved' });
const author = () => buildSignedInUser(db(), {});
/** An approved entity with published reviews of these ratings, its counters recomputed. */
async function entityWithRatings(ratings: number[]) {
  const entity = await approvedEntity();
  const reviews = [];
  for (const overallRating of ratings) {
    const { user } = await author();
    reviews.push(
      await buildReview(db(), { entityId: entity.id, reviewerUserId: user.id, overallRating }),
    );
  }
  await recomputeEntityReviewStats(db(), entity.id);
  return { entity, reviews };
}
const report = (id: string, headers: Headers, payload: Record<string, unknown> = {}) =>
  inject({
    method: 'POST',
    url: `/api/reviews/${id}/report`,
    headers,
    payload: { reason: 'fake', ...payload },
  });

describe('GET /api/reviews/entity/:id (stars)', () => {
  it('answers the 1★…5★ distribution and filters by stars, totals following the filter', async () => {
    const { entity } = await entityWithRatings([5, 5, 5, 4, 1]);
    const all = await inject({ method: 'GET', url: `/api/reviews/entity/${entity.id}` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().entity.rating_counts).toEqual([1, 0, 0, 1, 3]);
    expect(all.json().pagination.total_reviews).toBe(5);

    for (const sort of ['recent', 'helpful', 'rating']) {
      const five = await inject({
        method: 'GET',
        url: `/api/reviews/entity/${entity.id}?rating=5&sort=${sort}&limit=2`,
      });
      expect(five.statusCode, five.body).toBe(200);
      const body = five.json();
      expect(body.reviews).toHaveLength(2);
      expect(body.reviews.every((r: { overall_rating: number }) => r.overall_rating === 5)).toBe(
        true,
      );
      expect(body.pagination).toMatchObject({ total_reviews: 3, total_pages: 2 });
    }
    const none = await inject({ method: 'GET', url: `/api/reviews/entity/${entity.id}?rating=3` });
    expect(none.json().reviews).toEqual([]);
    expect(none.json().pagination.total_reviews).toBe(0);
  });

  it('keeps the distribution with every review published or taken down', async () => {
    const entity = await approvedEntity();
    const { headers } = await buildSignedInUser(db(), {});
    const res = await inject({
      method: 'POST',
      url: '/api/reviews',
      headers,
      payload: reviewPayload({ entity_id: entity.id, overall_rating: 2 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const read = async () =>
      (await inject({ method: 'GET', url: `/api/reviews/entity/${entity.id}` })).json().entity
        .rating_counts;
    expect(await read()).toEqual([0, 1, 0, 0, 0]);
    const taken = await inject({
      method: 'PUT',
      url: `/api/reviews/${res.json().review.review_id}/moderate`,
      headers: admin,
      payload: { action: 'reject' },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await read()).toEqual([0, 0, 0, 0, 0]);
  });

  it.each(['0', '6', '2.5', 'five'])('refuses rating=%s with 400 and a message', async (bad) => {
    const entity = await approvedEntity();
    const res = await inject({
      method: 'GET',
      url: `/api/reviews/entity/${entity.id}?rating=${bad}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/rating/);
  });
});

describe('GET /api/reviews/:id (a review’s own address)', () => {
  it('reads one published review to anyone', async () => {
    const { reviews } = await entityWithRatings([4]);
    const res = await inject({ method: 'GET', url: `/api/reviews/${reviews[0]!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ review_id: reviews[0]!.id, overall_rating: 4 });
    expect(res.json().review.reviewer_email).toBeUndefined();
  });

  it.each(['pending', 'rejected', 'flagged'])(
    'answers 404 for a %s review, even to its author',
    async (status) => {
      const entity = await approvedEntity();
      const { user, headers } = await author();
      const held = await buildReview(db(), {
        entityId: entity.id,
        reviewerUserId: user.id,
        status,
      });
      for (const h of [{}, headers]) {
        const res = await inject({ method: 'GET', url: `/api/reviews/${held.id}`, headers: h });
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe(REVIEW_MESSAGES.notFound);
      }
    },
  );

  it('answers 404 for a review of an entity the public cannot see, and for a bad id', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'pending' });
    const { user } = await author();
    const review = await buildReview(db(), { entityId: entity.id, reviewerUserId: user.id });
    expect((await inject({ method: 'GET', url: `/api/reviews/${review.id}` })).statusCode).toBe(
      404,
    );
    expect((await inject({ method: 'GET', url: '/api/reviews/not-an-id' })).statusCode).toBe(404);
  });
});

describe('POST /api/reviews/:id/report', () => {
  it('records a report that admins see in moderation until a moderator decides', async () => {
    const { reviews } = await entityWithRatings([1]);
    const { headers, user } = await author();
    const res = await report(reviews[0]!.id, headers, {
      reason: 'offensive',
      details: '  Insults the support team by name.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(REVIEW_MESSAGES.reportSent);

    const list = await inject({ method: 'GET', url: '/api/reviews/admin/reports', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const mine = list
      .json()
      .reports.find(
        (r: { review: { review_id: string } }) => r.review.review_id === reviews[0]!.id,
      );
    expect(mine).toMatchObject({
      reason: 'offensive',
      details: 'Insults the support team by name.',
      reporter_email: user.email,
    });

    const kept = await inject({
      method: 'PUT',
      url: `/api/reviews/${reviews[0]!.id}/moderate`,
      headers: admin,
      payload: { action: 'approve' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const after = await inject({
      method: 'GET',
      url: '/api/reviews/admin/reports',
      headers: admin,
    });
    expect(
      after
        .json()
        .reports.some(
          (r: { review: { review_id: string } }) => r.review.review_id === reviews[0]!.id,
        ),
    ).toBe(false);
  });

  it('takes one report per user and review (409), and stores nothing twice', async () => {
    const { reviews } = await entityWithRatings([2]);
    const { headers } = await author();
    expect((await report(reviews[0]!.id, headers)).statusCode).toBe(201);
    const again = await report(reviews[0]!.id, headers, { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(REVIEW_MESSAGES.reportTwice);
    expect(await countRows(db(), reviewReports, eq(reviewReports.reviewId, reviews[0]!.id))).toBe(
      1,
    );
  });

  it('asks a visitor to log in (401)', async () => {
    const { reviews } = await entityWithRatings([3]);
    const res = await report(reviews[0]!.id, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(REVIEW_MESSAGES.reportLogin);
  });

  it('refuses the author’s own review and an unpublished review (400), an unknown one (404)', async () => {
    const entity = await approvedEntity();
    const { user, headers } = await author();
    const own = await buildReview(db(), { entityId: entity.id, reviewerUserId: user.id });
    const ownRes = await report(own.id, headers);
    expect(ownRes.statusCode).toBe(400);
    expect(ownRes.json().error).toBe(REVIEW_MESSAGES.reportOwn);

    const other = await author();
    const held = await buildReview(db(), {
      entityId: entity.id,
      reviewerUserId: other.user.id,
      status: 'pending',
    });
    const heldRes = await report(held.id, headers);
    expect(heldRes.statusCode).toBe(400);
    expect(heldRes.json().error).toBe(REVIEW_MESSAGES.reportNotPublished);

    const unknown = await report('00000000-0000-4000-8000-000000000000', headers);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an unknown reason and overlong details with 400, storing nothing', async () => {
    const { reviews } = await entityWithRatings([3]);
    const { headers } = await author();
    const bad = await report(reviews[0]!.id, headers, { reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain(REVIEW_MESSAGES.reportReason);
    const long = await report(reviews[0]!.id, headers, { details: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(await countRows(db(), reviewReports, eq(reviewReports.reviewId, reviews[0]!.id))).toBe(
      0,
    );
  });

  it('allows at most REVIEW_REPORTS_PER_DAY reports per account a day (429)', async () => {
    const { reviews } = await entityWithRatings([1, 1, 1, 1]);
    const { headers } = await author();
    for (const r of reviews.slice(0, REPORTS_PER_DAY)) {
      expect((await report(r.id, headers)).statusCode).toBe(201);
    }
    const over = await report(reviews[REPORTS_PER_DAY]!.id, headers);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(REVIEW_MESSAGES.reportsPerDay(REPORTS_PER_DAY));
  });

  it('lists reports for admins only (403 for others, 401 for visitors)', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const forbidden = await inject({
      method: 'GET',
      url: '/api/reviews/admin/reports',
      headers: owner.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/reviews/admin/reports' })).statusCode).toBe(
      401,
    );
  });
});
