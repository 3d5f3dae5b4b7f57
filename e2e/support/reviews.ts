import { expect, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, type TestAccount } from './accounts';
import { bearer } from './entities';

/** A review as POST /api/reviews answers it: published ('approved') or held ('pending'). */
export interface PostedReview {
  review_id: string;
  review_status: string;
}

/**
 * The author posts a review of the entity through the API (201 expected). By default its text and
 * its category ratings follow the title and the overall rating, with no tags, not anonymous and
 * no proof; `review` overrides any of them.
 */
export async function postReview(
  request: APIRequestContext,
  author: { token: string },
  review: { entity_id: string; title: string; overall_rating: number } & Record<string, unknown>,
): Promise<PostedReview> {
  const rating = review.overall_rating;
  const posted = await request.post('/api/reviews', {
    headers: bearer(author),
    data: {
      review_text: `${review.title}: worked with them for months; payouts and support as described here.`,
      category_ratings: {
        quality: rating,
        support: rating,
        reliability: rating,
        payment_speed: rating,
      },
      tags: [],
      is_anonymous: false,
      proof_attachments: [],
      ...review,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { review: PostedReview }).review;
}

/** The admin approves the review if the swarm guard held it (a new account's review is). */
export async function approveIfHeld(
  request: APIRequestContext,
  admin: TestAccount,
  review: PostedReview,
): Promise<void> {
  if (review.review_status === 'approved') return;
  const approved = await request.put(`/api/reviews/${review.review_id}/moderate`, {
    headers: bearer(admin),
    data: { action: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** A published review of the entity by a new account (held as new, then approved by the admin). */
export async function publishedReview(
  request: APIRequestContext,
  admin: TestAccount,
  entityId: string,
  title: string,
  rating: number,
) {
  const author = await createVerifiedAccount(request);
  const review = await postReview(request, author, {
    entity_id: entityId,
    title,
    overall_rating: rating,
  });
  await approveIfHeld(request, admin, review);
  return review.review_id;
}
