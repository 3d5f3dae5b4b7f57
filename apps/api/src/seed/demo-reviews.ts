import { eq, inArray } from 'drizzle-orm';
import { entities, reviewReplies, reviews, reviewVotes, users, type UserRow } from '../db/schema';
import { recomputeEntityReviewStats } from '../modules/reviews/trust/trust.repository';
import { textHash } from '../modules/reviews/reviews.spam';
import type { DemoAccount } from './demo-accounts';
import type { SeedStep } from './run';
import { DAY_MS } from '../lib/time';
import { REVIEWS, type DemoReview } from './demo-reviews-data';

/** More people who write reviews (not printed; password as every demo login). */
const DEMO_REVIEWERS: DemoAccount[] = [
  {
    email: 'sofia.lindqvist@demo.trustlinks.test',
    firstName: 'Sofia',
    lastName: 'Lindqvist',
    role: 'user',
    bio: 'Performance marketer in Stockholm, mostly Dating and Sweepstakes.',
  },
  {
    email: 'tom.becker@demo.trustlinks.test',
    firstName: 'Tom',
    lastName: 'Becker',
    role: 'user',
    bio: 'SEO affiliate for finance comparisons in DACH.',
  },
  {
    email: 'aisha.rahman@demo.trustlinks.test',
    firstName: 'Aisha',
    lastName: 'Rahman',
    role: 'user',
    bio: 'Media buyer, native and push, Tier-1 GEOs.',
  },
  {
    email: 'lucas.moreau@demo.trustlinks.test',
    firstName: 'Lucas',
    lastName: 'Moreau',
    role: 'user',
    bio: 'Runs a small crypto content site.',
  },
];

/** The columns of a demo review's row that follow from its author, text and ratings. */
export function demoReviewColumns(
  author: { id: string; role: string },
  r: Pick<DemoReview, 'title' | 'text' | 'rating'> & { categories: readonly number[] },
) {
  return {
    reviewerUserId: author.id,
    reviewerType: author.role,
    title: r.title,
    reviewText: r.text,
    textHash: textHash(r.text),
    overallRating: r.rating,
    ratingQuality: r.categories[0]!,
    ratingSupport: r.categories[1]!,
    ratingReliability: r.categories[2]!,
    ratingPaymentSpeed: r.categories[3]!,
  };
}

export const demoReviewsStep: SeedStep = {
  name: '004-demo-reviews',
  async run({ tx, createAccount }) {
    for (const account of DEMO_REVIEWERS) await createAccount(account);

    const emails = [
      ...new Set(
        REVIEWS.flatMap((r) => [r.by, ...(typeof r.entity === 'string' ? [r.entity] : [])]),
      ),
    ];
    const people = await tx.select().from(users).where(inArray(users.email, emails));
    const userByEmail = new Map(people.map((u) => [u.email, u]));
    const companies = await tx.select().from(entities).where(inArray(entities.email, emails));
    const entityByEmail = new Map(companies.map((e) => [e.email!, e]));
    const voterPool = (await tx.select().from(users).where(eq(users.role, 'user'))).filter((u) =>
      u.email.endsWith('@demo.trustlinks.test'),
    );
    const allUsers = [...voterPool, ...people.filter((p) => p.role !== 'user')];
    const newEntities = new Map<string, string>();
    const touched = new Set<string>();
    const now = Date.now();

    for (const r of REVIEWS) {
      const author = userByEmail.get(r.by);
      if (!author) throw new Error(`demo reviewer ${r.by} is missing`);
      let entityId: string;
      let owner: UserRow | undefined;
      if (typeof r.entity === 'string') {
        const entity = entityByEmail.get(r.entity);
        if (!entity) throw new Error(`demo entity ${r.entity} is missing`);
        entityId = entity.id;
        owner = userByEmail.get(r.entity) ?? people.find((p) => p.entityId === entity.id);
      } else {
        const known = newEntities.get(r.entity.newName);
        if (known) {
          entityId = known;
        } else {
          const [created] = await tx
            .insert(entities)
            .values({
              name: r.entity.newName,
              entityType: r.entity.type,
              email: null,
              source: 'review',
              verificationStatus: 'pending',
              submittedByUserId: author.id,
              createdAt: new Date(now - r.daysAgo * DAY_MS),
            })
            .returning();
          entityId = created!.id;
          newEntities.set(r.entity.newName, entityId);
        }
      }
      const status = r.status ?? 'approved';
      const createdAt = new Date(now - r.daysAgo * DAY_MS);
      const [row] = await tx
        .insert(reviews)
        .values({
          entityId,
          ...demoReviewColumns(author, r),
          tags: r.tags,
          isAnonymous: r.anonymous ?? false,
          status,
          adminNotes: r.adminNotes ?? null,
          publishedAt: status === 'approved' ? createdAt : null,
          moderatedAt: r.status && r.status !== 'pending' ? createdAt : null,
          hasOwnerReply: Boolean(r.reply),
          replyCount: r.reply ? 1 : 0,
          disputeOpen: Boolean(r.dispute),
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      const review = row!;
      touched.add(entityId);

      const replyAt = new Date(createdAt.getTime() + DAY_MS);
      if (r.reply && owner) {
        await tx.insert(reviewReplies).values({
          reviewId: review.id,
          entityId,
          authorUserId: owner.id,
          replyType: r.reply.type,
          replyText: r.reply.text,
          createdAt: replyAt,
        });
      }
      if (r.dispute && owner) {
        await tx.insert(reviewReplies).values({
          reviewId: review.id,
          entityId,
          authorUserId: owner.id,
          replyType: 'dispute',
          replyText: r.dispute,
          createdAt: new Date(replyAt.getTime() + DAY_MS),
        });
      }
      if (r.votes) {
        // Voters: neither the author nor the reviewed entity's people.
        const voters = allUsers.filter((u) => u.id !== author.id && u.entityId !== entityId);
        const picks = voters.slice(0, r.votes.helpful + r.votes.unhelpful);
        for (const [i, voter] of picks.entries()) {
          await tx.insert(reviewVotes).values({
            reviewId: review.id,
            userId: voter.id,
            voteType: i < r.votes.helpful ? 'helpful' : 'unhelpful',
          });
        }
        const helpful = picks.filter((_, i) => i < r.votes!.helpful).length;
        await tx
          .update(reviews)
          .set({ helpfulVotes: helpful, unhelpfulVotes: picks.length - helpful })
          .where(eq(reviews.id, review.id));
      }
    }
    // The same recount the service runs on every status change.
    for (const entityId of touched) await recomputeEntityReviewStats(tx, entityId);
  },
};
