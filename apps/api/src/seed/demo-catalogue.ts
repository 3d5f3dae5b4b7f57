import { eq } from 'drizzle-orm';
import { entities, users } from '../db/schema';
import { insertDemoOffer } from './demo-offers';
import type { SeedStep } from './run';

const HORIZON = 'partners@horizon-ads.example.com';

/** One app of the catalogue: a CPI offer. */
interface CatalogueApp {
  title: string;
  category: string;
  geos: string[];
  payout: number;
  description: string;
  ageDays: number;
}

/**
 * Horizon Ads Network's app-install catalogue: with the three offers of demoOffersStep it has
 * more than its entity page shows (OFFER_LIMITS.entityPageOffers, 12), so the page's
 * "See all N offers" link to the explorer shows in the demo (decision 021, third amendment).
 */
export const DEMO_CATALOGUE: CatalogueApp[] = [
  [
    'Puzzle Quest Saga — Install',
    'Game',
    ['US', 'CA'],
    2.4,
    'Match-3 puzzle game; install and open.',
    3,
  ],
  [
    'Tower Siege Legends — Install',
    'Game',
    ['US', 'GB', 'DE'],
    3.1,
    'Strategy game; install, reach level 5.',
    5,
  ],
  [
    'Solitaire Cash — Install',
    'Game',
    ['US'],
    1.8,
    'Card game with real-money tournaments (18+).',
    7,
  ],
  [
    'FitTrack Steps — Install',
    'Health',
    ['US', 'GB'],
    1.2,
    'Step counter with weekly challenges.',
    9,
  ],
  [
    'BudgetBee Money App — Install',
    'Finance',
    ['US'],
    2.9,
    'Budgeting app; install and link an account.',
    11,
  ],
  [
    'LinguaLeap Languages — Install',
    'Education',
    ['DE', 'FR', 'ES'],
    1.5,
    'Language lessons in five minutes a day.',
    13,
  ],
  [
    'PhotoMagic Editor — Install',
    'Game',
    ['BR', 'MX'],
    0.6,
    'Photo filters and collages; install only.',
    16,
  ],
  [
    'RideNow Taxi — First Ride',
    'Finance',
    ['GB', 'IE'],
    4.5,
    'Ride-hailing app; pays on the first ride.',
    19,
  ],
  [
    'SecureVPN Shield — Trial',
    'Finance',
    ['US', 'CA', 'AU'],
    3.8,
    'VPN app; pays on the 7-day trial start.',
    23,
  ],
  ['Farm Valley — Install', 'Game', ['PH', 'ID', 'TH'], 0.4, 'Casual farming game for APAC.', 27],
  [
    'ChessMaster Pro — Install',
    'Game',
    ['US', 'IN'],
    0.9,
    'Chess lessons and puzzles; install and play.',
    32,
  ],
].map(([title, category, geos, payout, description, ageDays]) => ({
  title,
  category,
  geos,
  payout,
  description,
  ageDays,
})) as CatalogueApp[];

export const demoCatalogueStep: SeedStep = {
  name: 'demo-horizon-catalogue',
  async run({ tx }) {
    const [owner] = await tx
      .select({ id: entities.id, userId: users.id })
      .from(entities)
      .innerJoin(users, eq(users.entityId, entities.id))
      .where(eq(entities.email, HORIZON))
      .limit(1);
    if (!owner) return;
    const now = Date.now();
    for (const app of DEMO_CATALOGUE) {
      await insertDemoOffer(tx, owner, { ...app, by: HORIZON, payoutType: 'CPI' }, now);
    }
  },
};
