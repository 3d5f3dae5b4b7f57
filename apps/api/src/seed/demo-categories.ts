import { and, eq, like } from 'drizzle-orm';
import { entities, offers, reviews, users } from '../db/schema';
import { recomputeEntityReviewStats } from '../modules/reviews/trust/trust.repository';
import { DAY_MS } from '../lib/time';
import { demoReviewColumns } from './demo-reviews';
import type { SeedStep } from './run';

// Categories and comparison (docs/decisions/055-categories-and-compare.md) on the demo data: the
// Finance networks' page holds ten companies (BlockReach and FinFlow, and these eight), each with
// live Finance offers, payment terms and published reviews behind its TrustScore.

interface DemoNetwork {
  name: string;
  country: string;
  description: string;
  terms: string;
  minimumPayout: number;
  models: string[];
  offer: { title: string; geos: string[]; payoutType: 'CPA' | 'CPL' | 'RevShare'; payout: number };
  /** Overall ratings of its published reviews (the sub-ratings follow them). */
  ratings: number[];
}

const NETWORKS: DemoNetwork[] = [
  {
    name: 'LedgerLift Partners',
    country: 'United Kingdom',
    description: 'Finance CPA network for credit cards and current accounts in the UK and Ireland.',
    terms: 'Net 15',
    minimumPayout: 100,
    models: ['CPA', 'CPL'],
    offer: { title: 'Cashback card sign-up', geos: ['GB', 'IE'], payoutType: 'CPA', payout: 85 },
    ratings: [5, 5, 4],
  },
  {
    name: 'Crestline Leads',
    country: 'United States',
    description: 'Insurance and personal-loan lead generation with exclusive US call centres.',
    terms: 'Weekly',
    minimumPayout: 50,
    models: ['CPL'],
    offer: { title: 'Auto insurance quote', geos: ['US'], payoutType: 'CPL', payout: 18 },
    ratings: [5, 4, 4],
  },
  {
    name: 'Meridian Money Network',
    country: 'Germany',
    description: 'DACH finance network: brokers, neobanks and savings accounts.',
    terms: 'Net 30',
    minimumPayout: 250,
    models: ['CPA', 'RevShare'],
    offer: {
      title: 'Neobank account opening',
      geos: ['DE', 'AT', 'CH'],
      payoutType: 'CPA',
      payout: 60,
    },
    ratings: [4, 4, 5],
  },
  {
    name: 'Summit Yield Media',
    country: 'Canada',
    description: 'Investing and trading offers for North America with RevShare deals.',
    terms: 'Net 30',
    minimumPayout: 200,
    models: ['RevShare', 'CPA'],
    offer: {
      title: 'Trading app first deposit',
      geos: ['CA', 'US'],
      payoutType: 'RevShare',
      payout: 0,
    },
    ratings: [4, 4, 3],
  },
  {
    name: 'Harbor Credit Network',
    country: 'Australia',
    description: 'Credit repair and debt consolidation leads for Australia and New Zealand.',
    terms: 'Net 15',
    minimumPayout: 100,
    models: ['CPL'],
    offer: { title: 'Debt consolidation lead', geos: ['AU', 'NZ'], payoutType: 'CPL', payout: 32 },
    ratings: [4, 3, 4],
  },
  {
    name: 'Tandem Fintech Ads',
    country: 'Spain',
    description: 'Buy-now-pay-later and micro-loan offers across Southern Europe and LATAM.',
    terms: 'Net 45',
    minimumPayout: 300,
    models: ['CPA'],
    offer: {
      title: 'Micro-loan approval',
      geos: ['ES', 'MX', 'BR'],
      payoutType: 'CPA',
      payout: 25,
    },
    ratings: [3, 4, 3],
  },
  {
    name: 'Orbit Lending Partners',
    country: 'Poland',
    description: 'Consumer-loan network for Central and Eastern Europe.',
    terms: 'Net 30',
    minimumPayout: 150,
    models: ['CPA', 'CPL'],
    offer: {
      title: 'Instant loan application',
      geos: ['PL', 'CZ', 'RO'],
      payoutType: 'CPL',
      payout: 12,
    },
    ratings: [3, 2, 4],
  },
  {
    name: 'Beacon Pay Network',
    country: 'Cyprus',
    description: 'Payment and e-wallet offers; slow payouts reported by some partners.',
    terms: 'Net 60',
    minimumPayout: 500,
    models: ['CPA'],
    offer: {
      title: 'E-wallet activation',
      geos: ['GB', 'DE', 'FR'],
      payoutType: 'CPA',
      payout: 20,
    },
    ratings: [2, 3, 1],
  },
];

const REVIEW_TEXT: Record<number, { title: string; text: string }> = {
  5: {
    title: 'Paid on time, every time',
    text: 'Clear terms, quick approvals and payouts that arrived on the promised day. Our account manager answered within hours.',
  },
  4: {
    title: 'Solid finance offers',
    text: 'Good converting offers and honest reporting. Support can be slow at month end but payouts were always right.',
  },
  3: {
    title: 'Decent but slow support',
    text: 'The offers are fine, yet questions about scrubbed leads took a week to answer. Payouts came, a little late.',
  },
  2: {
    title: 'Payouts kept slipping',
    text: 'Two payouts arrived weeks after the agreed date and several leads were rejected without a reason we could check.',
  },
  1: {
    title: 'Still waiting for money',
    text: 'We stopped sending traffic after the second missed payout; the account manager stopped answering our messages.',
  },
};

export const demoCategoriesStep: SeedStep = {
  name: '055-demo-categories',
  async run({ tx }) {
    const reviewers = await tx
      .select()
      .from(users)
      .where(and(eq(users.role, 'user'), like(users.email, '%@demo.trustlinks.test')))
      .limit(3);
    if (reviewers.length < 3) throw new Error('demo categories: three demo reviewers are needed');
    const now = Date.now();
    for (const [i, n] of NETWORKS.entries()) {
      const domain = `${n.name.toLowerCase().replace(/[^a-z]+/g, '-')}.example.com`;
      const [entity] = await tx
        .insert(entities)
        .values({
          name: n.name,
          entityType: 'network',
          email: `partners@${domain}`,
          website: `https://${domain}`,
          country: n.country,
          description: n.description,
          contactInfo: { skype: `live:${domain.split('.')[0]}` },
          entityMetadata: {
            network_name: n.name,
            supported_models: n.models,
            verticals: ['Finance'],
            payment_terms: n.terms,
            minimum_payout: n.minimumPayout,
          },
          verificationStatus: 'approved',
        })
        .returning();
      const entityId = entity!.id;
      await tx.insert(offers).values({
        entityId,
        title: n.offer.title,
        category: 'Finance',
        description: `${n.offer.title}: ${n.description}`,
        targetGeo: n.offer.geos,
        payoutType: n.offer.payoutType,
        payoutAmount: n.offer.payoutType === 'RevShare' ? null : n.offer.payout,
        payoutPercent: n.offer.payoutType === 'RevShare' ? '35%' : null,
        landingPageUrl: `https://${domain}/offer`,
      });
      for (const [j, rating] of n.ratings.entries()) {
        const author = reviewers[j]!;
        const createdAt = new Date(now - (20 + i * 7 + j * 3) * DAY_MS);
        const sub = Math.max(1, Math.min(5, rating + (j % 2 === 0 ? 0 : -1)));
        await tx.insert(reviews).values({
          entityId,
          ...demoReviewColumns(author, {
            ...REVIEW_TEXT[rating]!,
            rating,
            categories: [rating, sub, rating, sub],
          }),
          tags: ['finance'],
          status: 'approved',
          publishedAt: createdAt,
          moderatedAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        });
      }
      await recomputeEntityReviewStats(tx, entityId);
    }
  },
};
