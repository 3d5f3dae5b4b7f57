import { eq } from 'drizzle-orm';
import { adminActions, entities, reviews, users } from '../db/schema';
import { DAY_MS } from '../lib/time';
import { demoReviewColumns } from './demo-reviews';
import type { SeedStep } from './run';

// The admin tools on the demo data (docs/decisions/032): a member banned with a reason — shown in the
// admins' user row and audit list — whose published review the ban holds in Review Moderation
// ('Banned author'), so every hold reason has a count on first start.

export const DEMO_BANNED_EMAIL = 'spencer.spam@demo.trustlinks.test';
export const DEMO_BAN_REASON =
  'Posted the same 1★ review on several competitors within an hour; the texts match word for word.';

export const demoAdminToolsStep: SeedStep = {
  name: '027-demo-admin-tools',
  async run({ tx, createAccount }) {
    const [company] = await tx
      .select()
      .from(entities)
      .where(eq(entities.name, 'Northwind Traffic'));
    const [admin] = await tx
      .select()
      .from(users)
      .where(eq(users.email, 'admin@demo.trustlinks.test'));
    const spencer = await createAccount({
      email: DEMO_BANNED_EMAIL,
      firstName: 'Spencer',
      lastName: 'Spam',
      role: 'user',
    });
    const bannedAt = new Date(Date.now() - 2 * DAY_MS);
    await tx
      .update(users)
      .set({ status: 'banned', statusReason: DEMO_BAN_REASON, statusChangedAt: bannedAt })
      .where(eq(users.id, spencer.id));
    if (company) {
      await tx.insert(reviews).values({
        entityId: company.id,
        ...demoReviewColumns(
          { id: spencer.id, role: 'user' },
          {
            title: 'Worst network, avoid',
            text: 'They are scammers who never pay anyone. Go to a different network instead.',
            rating: 1,
            categories: [1, 1, 1, 1],
          },
        ),
        status: 'pending',
        holdReason: 'banned',
        createdAt: new Date(bannedAt.getTime() - DAY_MS),
      });
    }
    await tx.insert(adminActions).values({
      actorUserId: admin?.id ?? null,
      action: 'user_banned',
      targetUserId: spencer.id,
      reason: DEMO_BAN_REASON,
      createdAt: bannedAt,
    });
  },
};
