import { and, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { generateToken, hashToken } from '../auth/tokens';
import { entities, reviewInvitations, reviews, users } from '../db/schema';
import { recomputeEntityReviewStats } from '../modules/reviews/trust/trust.repository';
import type { SeedStep } from './run';

const ADV = 'advertiser@demo.trustlinks.test';
const DAY_MS = 86_400_000;

/**
 * The demo of docs/decisions/057-review-invitations.md: Vitality Partners (advertiser@) invited
 * partners to review it; two of its published reviews answered an invitation (they carry
 * 'Invited', and its reviews say how many were invited), one invitation still waits, one expired.
 * Its Reviews tab on the dashboard lists them and sends more.
 */
export const demoReviewInvitationsStep: SeedStep = {
  name: 'demo-review-invitations',
  async run({ tx }) {
    const [owner] = await tx.select().from(entities).where(eq(entities.email, ADV)).limit(1);
    const [member] = await tx.select().from(users).where(eq(users.email, ADV)).limit(1);
    if (!owner || !member) return;
    const published = await tx
      .select({ id: reviews.id, createdAt: reviews.createdAt, email: users.email })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerUserId))
      .where(
        and(
          eq(reviews.entityId, owner.id),
          eq(reviews.status, 'approved'),
          eq(reviews.isAnonymous, false),
          or(isNull(users.entityId), ne(users.entityId, owner.id)),
        ),
      )
      .orderBy(desc(reviews.publishedAt))
      .limit(2);
    const now = Date.now();
    for (const review of published) {
      const sentAt = new Date(review.createdAt.getTime() - 2 * DAY_MS);
      const [invitation] = await tx
        .insert(reviewInvitations)
        .values({
          entityId: owner.id,
          createdByUserId: member.id,
          email: review.email,
          tokenHash: hashToken(generateToken()),
          createdAt: sentAt,
          expiresAt: new Date(sentAt.getTime() + 30 * DAY_MS),
          usedAt: review.createdAt,
          reviewId: review.id,
        })
        .returning({ id: reviewInvitations.id });
      await tx
        .update(reviews)
        .set({ invitationId: invitation!.id })
        .where(eq(reviews.id, review.id));
    }
    await tx.insert(reviewInvitations).values([
      {
        entityId: owner.id,
        createdByUserId: member.id,
        email: 'growth@leadharbor.example.com',
        tokenHash: hashToken(generateToken()),
        createdAt: new Date(now - 3 * DAY_MS),
        expiresAt: new Date(now + 27 * DAY_MS),
      },
      {
        entityId: owner.id,
        createdByUserId: member.id,
        email: 'team@oldpartner.example.com',
        tokenHash: hashToken(generateToken()),
        createdAt: new Date(now - 45 * DAY_MS),
        expiresAt: new Date(now - 15 * DAY_MS),
      },
    ]);
    await recomputeEntityReviewStats(tx, owner.id);
  },
};
