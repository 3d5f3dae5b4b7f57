import { eq } from 'drizzle-orm';
import { offerFiltersSchema } from '@trustlinks/contract/offers';
import { savedSearches, users } from '../db/schema';
import { DAY_MS } from '../lib/time';
import type { SeedStep } from './run';

// Saved searches (docs/decisions/028): the demo affiliate keeps two explorer searches. Both were last
// checked three days ago, so the alert worker's first run after start-up finds the demo offers
// published since (KetoSlim Pro is two days old) and puts an alert behind the bell, with the
// digest mail in the outbox (printed by the console mailer).
const AFFILIATE = 'affiliate@demo.trustlinks.test';

export const DEMO_SAVED_SEARCHES = [
  { name: 'Nutra in the US', filters: { category: ['Nutra'], geo: ['US'] } },
  { name: 'Keto, best match', filters: { title: 'keto', sort: 'best' } },
] as const;

export const demoSavedSearchesStep: SeedStep = {
  name: 'demo-saved-searches',
  run: async ({ tx }) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE));
    if (!user) return;
    const checkedUntil = new Date(Date.now() - 3 * DAY_MS);
    await tx.insert(savedSearches).values(
      DEMO_SAVED_SEARCHES.map((s) => ({
        userId: user.id,
        name: s.name,
        filters: offerFiltersSchema.parse(s.filters),
        checkedUntil,
      })),
    );
  },
};
