import { expect, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, type TestAccount } from './accounts';
import { bearer } from './entities';

/** A published review of the entity by a new account (held as new, then approved by the admin). */
export async function publishedReview(
  request: APIRequestContext,
  admin: TestAccount,
  entityId: string,
  title: string,
  rating: number,
) {
  const author = await createVerifiedAccount(request);
  const posted = await request.post('/api/reviews', {
    headers: bearer(author),
    data: {
      entity_id: entityId,
      title,
      overall_rating: rating,
      review_text: `${title}: worked with them for months; payouts and support as described here.`,
      category_ratings: {
        quality: rating,
        support: rating,
        reliability: rating,
        payment_speed: rating,
      },
      tags: [],
      is_anonymous: false,
      proof_attachments: [],
    },
  });
  expect(posted.status()).toBe(201);
  const { review } = (await posted.json()) as {
    review: { review_id: string; review_status: string };
  };
  if (review.review_status !== 'approved') {
    const approved = await request.put(`/api/reviews/${review.review_id}/moderate`, {
      headers: bearer(admin),
      data: { action: 'approve' },
    });
    expect(approved.status()).toBe(200);
  }
  return review.review_id;
}
