import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { buildEntity, buildReview, buildUser } from '../../../test/factories';
import { reviewVotes } from '../../db/schema';
import { viewerMarksOf } from './review-votes.repository';

// viewerMarksOf runs as one named prepared statement per database handle: PostgreSQL may switch
// it to a generic plan after five runs. Whatever ran before, each call must answer for its own
// viewer and its own reviews.
const ctx = useTestApp();
const { db } = ctx;

describe('a viewer’s marks (one prepared statement)', () => {
  it('answers for each viewer and each set of reviews, run after run', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const viewers = await Promise.all([1, 2, 3].map(() => buildUser(db())));
    const reviews = [];
    for (const author of viewers) {
      reviews.push(await buildReview(db(), { entityId: entity.id, reviewerUserId: author.id }));
    }
    // Viewer i voted on the review of viewer i + 1: 'helpful' when i is even.
    for (let i = 0; i < viewers.length; i += 1) {
      await db()
        .insert(reviewVotes)
        .values({
          reviewId: reviews[(i + 1) % reviews.length]!.id,
          userId: viewers[i]!.id,
          voteType: i % 2 === 0 ? 'helpful' : 'unhelpful',
        });
    }
    const ids = reviews.map((r) => r.id);
    // More than five runs of each shape, in turns, with other ids and viewers each time.
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < viewers.length; i += 1) {
        const marks = await viewerMarksOf(db(), viewers[i]!.id, ids);
        const voted = reviews[(i + 1) % reviews.length]!.id;
        expect([...marks.keys()].sort(), `viewer ${i}`).toEqual([reviews[i]!.id, voted].sort());
        expect(marks.get(reviews[i]!.id)).toEqual({ vote: null, own: true, proofVerified: false });
        expect(marks.get(voted)).toEqual({
          vote: i % 2 === 0 ? 'helpful' : 'unhelpful',
          own: false,
          proofVerified: false,
        });
        // Only the ids asked about.
        const one = await viewerMarksOf(db(), viewers[i]!.id, [voted]);
        expect([...one.keys()]).toEqual([voted]);
        const none = await viewerMarksOf(db(), viewers[i]!.id, [crypto.randomUUID()]);
        expect(none.size).toBe(0);
      }
    }
  });
});
