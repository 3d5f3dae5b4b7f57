import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, accountExportSchema } from '@trustlinks/contract/account';
import { useTestApp } from '../../../test/helpers';
import {
  authHeader,
  buildEntity,
  buildReview,
  buildUser,
  countRows,
  readEntity,
  readReview,
} from '../../../test/factories';
import { hashPassword } from '../../auth/passwords';
import {
  contactMessages,
  entities,
  notifications,
  offerApplications,
  offers,
  reviewVotes,
  reviews,
  sessions,
  users,
} from '../../db/schema';
import { recomputeEntityReviewStats } from '../reviews/reviews.service';

const ctx = useTestApp();
const { db, inject } = ctx;
const PASSWORD = 'correct horse battery';

/** A member with a real password, a review, a vote, an application, a notification and a message. */
async function memberWithData() {
  const company = await buildEntity(db(), {
    verificationStatus: 'approved',
    name: `Reviewed ${Date.now()}`,
  });
  const affiliateEntity = await buildEntity(db(), {
    verificationStatus: 'approved',
    entityType: 'affiliate',
  });
  const user = await buildUser(db(), {
    passwordHash: await hashPassword(PASSWORD),
    firstName: 'Dana',
    lastName: 'Data',
    role: 'affiliate',
    entityId: affiliateEntity.id,
  });
  const headers = await authHeader(db(), user);
  const review = await buildReview(db(), {
    entityId: company.id,
    reviewerUserId: user.id,
    overallRating: 1,
    ratingQuality: 1,
    ratingSupport: 1,
    ratingReliability: 1,
    ratingPaymentSpeed: 1,
  });
  const other = await buildUser(db());
  const otherReview = await buildReview(db(), {
    entityId: company.id,
    reviewerUserId: other.id,
    overallRating: 5,
    ratingQuality: 5,
    ratingSupport: 5,
    ratingReliability: 5,
    ratingPaymentSpeed: 5,
  });
  await recomputeEntityReviewStats(db(), company.id);
  await db()
    .insert(reviewVotes)
    .values({ reviewId: otherReview.id, userId: user.id, voteType: 'helpful' });
  await db().update(reviews).set({ helpfulVotes: 1 }).where(eq(reviews.id, otherReview.id));
  const [offer] = await db()
    .insert(offers)
    .values({
      entityId: company.id,
      title: 'Offer',
      category: 'Nutra',
      description: 'd',
      landingPageUrl: 'https://e.example',
    })
    .returning();
  await db().insert(offerApplications).values({
    offerId: offer!.id,
    ownerEntityId: company.id,
    entityId: affiliateEntity.id,
    userId: user.id,
    message: 'Please approve',
  });
  await db()
    .insert(notifications)
    .values({ userId: user.id, type: 'review_published', title: 'Your review is live', body: 'b' });
  await db().insert(contactMessages).values({
    senderUserId: user.id,
    name: 'Dana Data',
    email: user.email,
    subject: 's',
    message: 'A message to the team',
  });
  return { user, headers, company, affiliateEntity, review, otherReview };
}

describe('GET /api/users/me/export', () => {
  it('gives the account’s data as a JSON download, without the password hash', async () => {
    const m = await memberWithData();
    const res = await inject({ method: 'GET', url: '/api/users/me/export', headers: m.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const body = accountExportSchema.parse(res.json());
    expect(body.account).toMatchObject({ id: m.user.id, email: m.user.email, firstName: 'Dana' });
    expect(body.account.passwordHash).toBeUndefined();
    expect(res.body).not.toContain('$argon2');
    expect(body.entity).toMatchObject({ id: m.affiliateEntity.id });
    expect(body.reviews.map((r) => r.id)).toEqual([m.review.id]);
    expect(body.votes).toMatchObject([{ reviewId: m.otherReview.id, voteType: 'helpful' }]);
    expect(body.applications).toMatchObject([{ message: 'Please approve' }]);
    expect(body.notifications).toMatchObject([{ title: 'Your review is live' }]);
    expect(body.contact_messages).toMatchObject([{ message: 'A message to the team' }]);
  });

  it('needs a session (401) and gives only the caller’s own data', async () => {
    expect((await inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
    const a = await memberWithData();
    const b = await memberWithData();
    const res = await inject({ method: 'GET', url: '/api/users/me/export', headers: b.headers });
    expect(res.body).not.toContain(a.user.id);
  });
});

describe('DELETE /api/users/me', () => {
  const del = (headers: Record<string, string> | undefined, payload: unknown) =>
    inject({ method: 'DELETE', url: '/api/users/me', headers, payload: payload as object });

  it('refuses a wrong or missing password (400) and keeps everything', async () => {
    const m = await memberWithData();
    const wrong = await del(m.headers, { password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await del(m.headers, {})).statusCode).toBe(400);
    expect(await countRows(db(), users, eq(users.id, m.user.id))).toBe(1);
    expect((await del(undefined, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('deletes the account: sessions end, reviews and votes go, scores and counts are recomputed; the companies stay', async () => {
    const m = await memberWithData();
    const before = await readEntity(db(), m.company.id);
    expect(before.totalReviews).toBe(2);
    const res = await del(m.headers, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.deleted);

    // What remains afterwards:
    expect(await countRows(db(), users, eq(users.id, m.user.id))).toBe(0);
    expect(await countRows(db(), sessions, eq(sessions.userId, m.user.id))).toBe(0);
    expect(await countRows(db(), reviews, eq(reviews.reviewerUserId, m.user.id))).toBe(0);
    expect(await countRows(db(), reviewVotes, eq(reviewVotes.userId, m.user.id))).toBe(0);
    expect(await countRows(db(), notifications, eq(notifications.userId, m.user.id))).toBe(0);
    // The other member's review lost the deleted vote; the company's score no longer counts the 1★.
    expect((await readReview(db(), m.otherReview.id)).helpfulVotes).toBe(0);
    const after = await readEntity(db(), m.company.id);
    expect(after.totalReviews).toBe(1);
    expect(after.reputationScore).toBeGreaterThan(before.reputationScore);
    // The companies stay, the application stays with the affiliate company, the message loses its sender.
    expect(await countRows(db(), entities, eq(entities.id, m.affiliateEntity.id))).toBe(1);
    expect(
      await countRows(
        db(),
        offerApplications,
        eq(offerApplications.entityId, m.affiliateEntity.id),
      ),
    ).toBe(1);
    const [message] = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, m.user.email));
    expect(message?.senderUserId).toBeNull();

    // The old session no longer works.
    expect(
      (await inject({ method: 'GET', url: '/api/users/profile', headers: m.headers })).statusCode,
    ).toBe(401);
  });

  it('does not let the last admin delete their account (409)', async () => {
    await db().update(users).set({ status: 'banned' }).where(eq(users.role, 'admin'));
    const admin = await buildUser(db(), {
      role: 'admin',
      passwordHash: await hashPassword(PASSWORD),
    });
    const res = await del(await authHeader(db(), admin), { password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ACCOUNT_MESSAGES.lastAdmin);
  });
});
