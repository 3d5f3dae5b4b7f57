import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import { entities, reviews, users } from '../db/schema';
import { identityOf } from '../modules/identity/identity.normal-form';
import { TRUST_CONSTANTS } from '../modules/reviews/trust/reputation';
import { recomputeEntityReviewStats } from '../modules/reviews/trust/trust.repository';
import { youngVoicesMoveTooFar } from '../modules/reviews/swarm-guard';
import type { DemoAccount } from './demo-accounts';
import { demoReviewColumns } from './demo-reviews';
import type { SeedStep } from './run';
import { HOUR_MS } from '../lib/time';

// Young voices (docs/decisions/012 and 023, amended 2026-11-29) on the demo data: five accounts a
// day old, each verified at an organisation of its own, posted 1★ on CoinNest Exchange within
// the hour, fewer than a burst's count. Each is judged as a post is (youngVoicesMoveTooFar): the
// first are published while together they move CoinNest's TrustScore by 0.3 at most; the rest
// wait in Review Moderation with the 'Burst' badge and the note that says why.

const YOUNG_ACCOUNTS: DemoAccount[] = [1, 2, 3, 4, 5].map((n) => ({
  email: `young.voice${n}@demo.trustlinks.test`,
  firstName: 'Young',
  lastName: `Voice ${n}`,
  role: 'user',
}));

export const demoYoungVoicesStep: SeedStep = {
  name: '049-demo-young-voices',
  async run({ tx, createAccount }) {
    const [coinnest] = await tx
      .select()
      .from(entities)
      .where(eq(entities.name, 'CoinNest Exchange'));
    if (!coinnest) throw new Error('demo young voices: CoinNest Exchange is missing');
    const now = Date.now();
    for (const [i, demo] of YOUNG_ACCOUNTS.entries()) {
      const account = await createAccount(demo);
      const identity = identityOf('business_email', `partners@young-org-${i + 1}.example`);
      await tx
        .update(users)
        .set({
          createdAt: new Date(now - (30 - i) * HOUR_MS),
          identityVerified: true,
          identityMethod: 'business_email',
          identityValue: identity.key,
          identityDomain: identity.domain,
          identityVerifiedAt: new Date(now - (28 - i) * HOUR_MS),
        })
        .where(eq(users.id, account.id));
      const at = new Date(now - (1 - i * 0.15) * HOUR_MS);
      const text = `CoinNest froze our commissions without a word and support never replied (${i + 1}).`;
      const [row] = await tx
        .insert(reviews)
        .values({
          entityId: coinnest.id,
          ...demoReviewColumns(
            { id: account.id, role: 'user' },
            { title: 'Commissions frozen', text, rating: 1, categories: [1, 1, 1, 1] },
          ),
          status: 'approved',
          publishedAt: at,
          createdAt: at,
        })
        .returning({ id: reviews.id });
      if (await youngVoicesMoveTooFar(tx, coinnest.id, TRUST_CONSTANTS.priorReviews, at)) {
        await tx
          .update(reviews)
          .set({
            status: 'pending',
            holdReason: 'burst',
            adminNotes: REVIEW_MESSAGES.holdNoteScoreMove,
            publishedAt: null,
          })
          .where(eq(reviews.id, row!.id));
      }
    }
    await recomputeEntityReviewStats(tx, coinnest.id);
  },
};
