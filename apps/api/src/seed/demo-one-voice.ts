import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES } from '@trustlinks/contract/reviews';
import { entities, reviews, users } from '../db/schema';
import { identityOf } from '../modules/identity/identity.normal-form';
import type { DemoAccount } from './demo-accounts';
import { demoReviewColumns } from './demo-reviews';
import type { SeedStep } from './run';
import { HOUR_MS } from '../lib/time';

// One person, one voice (docs/decisions/023) on the demo data: six accounts a few hours
// old, each verified through a mailbox at one catch-all domain, posted 1★ on Apex Gaming Group
// within the hour. A verified identity lifts the new-account hold, not the burst hold: the whole
// burst waits in Review Moderation with the 'Burst' badge, out of Apex's public score.

const BURST_DOMAIN = 'brightwave-media.example';

const BURST_ACCOUNTS: DemoAccount[] = [1, 2, 3, 4, 5, 6].map((n) => ({
  email: `brightwave${n}@demo.trustlinks.test`,
  firstName: 'Brightwave',
  lastName: `Staff ${n}`,
  role: 'user',
}));

export const demoOneVoiceStep: SeedStep = {
  name: '023-demo-one-voice',
  async run({ tx, createAccount }) {
    const [apex] = await tx.select().from(entities).where(eq(entities.name, 'Apex Gaming Group'));
    if (!apex) throw new Error('demo one voice: Apex Gaming Group is missing');
    const now = Date.now();
    for (const [i, demo] of BURST_ACCOUNTS.entries()) {
      const account = await createAccount(demo);
      const identity = identityOf('business_email', `staff${i + 1}@${BURST_DOMAIN}`);
      await tx
        .update(users)
        .set({
          createdAt: new Date(now - (4 - i * 0.1) * HOUR_MS),
          identityVerified: true,
          identityMethod: 'business_email',
          identityValue: identity.key,
          identityDomain: identity.domain,
          identityVerifiedAt: new Date(now - (3.5 - i * 0.1) * HOUR_MS),
        })
        .where(eq(users.id, account.id));
      const text = `Apex never paid our last three invoices and stopped answering emails. Stay away (${i + 1}).`;
      await tx.insert(reviews).values({
        entityId: apex.id,
        ...demoReviewColumns(
          { id: account.id, role: 'user' },
          { title: 'They never paid us', text, rating: 1, categories: [1, 1, 1, 1] },
        ),
        status: 'pending',
        holdReason: 'burst',
        adminNotes: REVIEW_MESSAGES.holdNoteBurst,
        createdAt: new Date(now - (2 - i * 0.15) * HOUR_MS),
      });
    }
  },
};
