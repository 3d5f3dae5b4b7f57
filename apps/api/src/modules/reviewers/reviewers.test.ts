import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@trustlinks/contract/constants';
import { reviewerPath } from '@trustlinks/contract/paths';
import { REVIEWER_PROFILE_LIMITS } from '@trustlinks/contract/reviewers';
import * as reviewers from '@trustlinks/contract/routes/reviewers';
import * as reviewRoutes from '@trustlinks/contract/routes/reviews';
import { useTestApp } from '../../../test/helpers';
import { inject } from '../../../test/inject';
import {
  buildEntity,
  buildEntityAccount,
  buildReview,
  buildSignedInUser,
  buildUser,
} from '../../../test/factories';
import { users, type UserRow } from '../../db/schema';

// Reviewer pages (docs/decisions/054-reviewer-profiles-and-transparency.md).

const ctx = useTestApp();
const { db } = ctx;

const approvedEntity = () => buildEntity(db(), { verificationStatus: 'approved' });

/** A reviewer with `published` public reviews (helpful votes 2 each) and `anonymous` ones (10 each). */
async function reviewerWith(published: number, anonymous = 0, overrides: Partial<UserRow> = {}) {
  const { user, headers } = await buildSignedInUser(db(), {
    firstName: 'Dana',
    lastName: 'Reviewer',
    identityVerified: true,
    ...overrides,
  });
  const shown = [];
  const hidden = [];
  for (let i = 0; i < published; i += 1) {
    const entity = await approvedEntity();
    shown.push(
      await buildReview(db(), { entityId: entity.id, reviewerUserId: user.id, helpfulVotes: 2 }),
    );
  }
  for (let i = 0; i < anonymous; i += 1) {
    const entity = await approvedEntity();
    hidden.push(
      await buildReview(db(), {
        entityId: entity.id,
        reviewerUserId: user.id,
        isAnonymous: true,
        helpfulVotes: 10,
      }),
    );
  }
  return { user, headers, shown, anonymous: hidden };
}

const profile = (slug: string, headers?: Record<string, string>) =>
  inject(ctx.app, reviewers.getProfile, { params: { slug }, ...(headers ? { headers } : {}) });

describe('GET /api/reviewers/:slug', () => {
  it('shows published, non-anonymous reviews only, and counts only those', async () => {
    const { user, shown, anonymous } = await reviewerWith(3, 2);
    const entity = await approvedEntity();
    // Not published: neither listed nor counted.
    await buildReview(db(), { entityId: entity.id, reviewerUserId: user.id, status: 'pending' });
    await buildReview(db(), { entityId: entity.id, reviewerUserId: user.id, status: 'rejected' });

    const answer = (await profile(user.profileSlug)).answer();
    expect(answer.name).toBe('Dana Reviewer');
    expect(answer.identity_verified).toBe(true);
    expect(answer.member_since).toBe(user.createdAt.toISOString());
    expect(answer.review_count).toBe(3);
    // 3 × 2 helpful votes; the anonymous reviews' 2 × 10 are not counted.
    expect(answer.helpful_votes_received).toBe(6);
    expect(answer.reviews.map((r) => r.review_id).sort()).toEqual(shown.map((r) => r.id).sort());
    for (const review of anonymous) expect(JSON.stringify(answer)).not.toContain(review.id);
    expect(answer.reviews.every((r) => !r.is_anonymous)).toBe(true);
    // Never the e-mail, nor its name part.
    const body = JSON.stringify(answer);
    expect(body).not.toContain(user.email);
    expect(body).not.toContain(user.email.split('@')[0]!);
  });

  it('a reviewer with anonymous reviews only has an empty page (nothing counted)', async () => {
    const { user } = await reviewerWith(0, 4);
    const answer = (await profile(user.profileSlug)).answer();
    expect(answer.review_count).toBe(0);
    expect(answer.helpful_votes_received).toBe(0);
    expect(answer.reviews).toEqual([]);
    expect(answer.indexed).toBe(false);
  });

  it('is noindex below 3 published, non-anonymous reviews (anonymous ones do not count)', async () => {
    expect(REVIEWER_PROFILE_LIMITS.indexMinReviews).toBe(3);
    const two = await reviewerWith(2, 5);
    expect((await profile(two.user.profileSlug)).answer().indexed).toBe(false);
    const three = await reviewerWith(3);
    expect((await profile(three.user.profileSlug)).answer().indexed).toBe(true);
  });

  it('a slug is random, stable and says nothing of the e-mail', async () => {
    const a = await buildUser(db(), { email: 'jane.doe@example.com' });
    const b = await buildUser(db(), { email: 'jane.doe2@example.com' });
    expect(a.profileSlug).toMatch(REVIEWER_PROFILE_LIMITS.slugPattern);
    expect(a.profileSlug).not.toBe(b.profileSlug);
    expect(a.profileSlug).not.toContain('jane');
    // A name change keeps the address.
    await db().update(users).set({ firstName: 'Janet' }).where(eq(users.id, a.id));
    const [after] = await db().select().from(users).where(eq(users.id, a.id));
    expect(after!.profileSlug).toBe(a.profileSlug);
  });

  it('answers 404 for an unknown or malformed slug and for a banned account', async () => {
    expect((await profile('0123456789ab')).status).toBe(404);
    expect((await profile('not-a-slug')).status).toBe(404);
    const { user } = await reviewerWith(3, 0, { status: 'banned' });
    expect((await profile(user.profileSlug)).status).toBe(404);
  });

  it('links a review’s author to their page only where the review is not anonymous', async () => {
    const { user } = await buildSignedInUser(db(), { firstName: 'Link' });
    const entity = await approvedEntity();
    const other = await approvedEntity();
    const named = await buildReview(db(), { entityId: entity.id, reviewerUserId: user.id });
    const anonymous = await buildReview(db(), {
      entityId: other.id,
      reviewerUserId: user.id,
      isAnonymous: true,
    });
    const one = (id: string) =>
      inject(ctx.app, reviewRoutes.get, { params: { id } }).then((r) => r.answer());
    expect((await one(named.id)).review.reviewer_slug).toBe(user.profileSlug);
    expect((await one(anonymous.id)).review.reviewer_slug).toBeUndefined();
    expect(reviewerPath(user.profileSlug)).toBe(`/reviewer/${user.profileSlug}`);
  });
});

describe('hiding a reviewer page', () => {
  it('hidden: 404 for visitors and other accounts, the reviewer still sees it; no links to it', async () => {
    const { user, headers, shown } = await reviewerWith(3);
    const hide = await inject(ctx.app, reviewers.setVisibility, {
      body: { hidden: true },
      headers,
    });
    expect(hide.answer()).toMatchObject({ hidden: true, indexed: false, review_count: 3 });

    expect((await profile(user.profileSlug)).status).toBe(404);
    const stranger = await buildSignedInUser(db());
    expect((await profile(user.profileSlug, stranger.headers)).status).toBe(404);
    const admin = await buildSignedInUser(db(), { role: 'admin' });
    expect((await profile(user.profileSlug, admin.headers)).status).toBe(404);
    const own = (await profile(user.profileSlug, headers)).answer();
    expect(own).toMatchObject({ hidden: true, indexed: false, review_count: 3 });

    // The author's reviews no longer link to the hidden page.
    const review = await inject(ctx.app, reviewRoutes.get, { params: { id: shown[0]!.id } });
    expect(review.answer().review.reviewer_name).toBe('Dana Reviewer');
    expect(review.answer().review.reviewer_slug).toBeUndefined();

    // Shown again: public again.
    await inject(ctx.app, reviewers.setVisibility, { body: { hidden: false }, headers });
    expect((await profile(user.profileSlug)).answer().indexed).toBe(true);
  });

  it('only the reviewer hides their page: a visitor is 401, every other role hides only its own', async () => {
    const { user } = await reviewerWith(3);
    const visitor = await inject(ctx.app, reviewers.setVisibility, { body: { hidden: true } });
    expect(visitor.status).toBe(401);
    const others: Role[] = ['user', 'advertiser', 'affiliate', 'network', 'admin'];
    for (const role of others) {
      const headers =
        role === 'user' || role === 'admin'
          ? (await buildSignedInUser(db(), { role })).headers
          : (await buildEntityAccount(db(), role)).headers;
      const res = await inject(ctx.app, reviewers.setVisibility, {
        body: { hidden: true },
        headers,
      });
      expect(res.status, role).toBe(200);
      expect(res.answer().slug, role).not.toBe(user.profileSlug);
    }
    expect((await profile(user.profileSlug)).answer().hidden).toBe(false);
  });

  it('refuses a body that is not a yes or no with a 400 and a message', async () => {
    const { headers } = await buildSignedInUser(db());
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/reviewers/me/visibility',
      headers,
      payload: { hidden: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/hidden/);
  });

  it('the settings read says where the page is and whether it is hidden', async () => {
    const { user, headers } = await reviewerWith(1);
    const mine = (await inject(ctx.app, reviewers.getMine, { headers })).answer();
    expect(mine).toEqual({
      slug: user.profileSlug,
      hidden: false,
      review_count: 1,
      indexed: false,
    });
    expect((await inject(ctx.app, reviewers.getMine)).status).toBe(401);
  });
});

describe('the sitemap lists indexed reviewer pages only', () => {
  it('3+ reviews and not hidden: listed; fewer, hidden or banned: not', async () => {
    const listed = await reviewerWith(3);
    const few = await reviewerWith(2, 3);
    const hidden = await reviewerWith(4);
    await db().update(users).set({ profileHidden: true }).where(eq(users.id, hidden.user.id));
    const body = (await ctx.app.inject({ method: 'GET', url: '/sitemaps/reviewers-1.xml' })).body;
    expect(body).toContain(`/reviewer/${listed.user.profileSlug}<`);
    expect(body).not.toContain(few.user.profileSlug);
    expect(body).not.toContain(hidden.user.profileSlug);
    const index = (await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(index).toContain('/sitemaps/reviewers-1.xml');
  });
});
