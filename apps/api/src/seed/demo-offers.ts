import { eq, inArray } from 'drizzle-orm';
import { requestPriority } from '@trustlinks/contract/offer-requests';
import { bids, entities, offerRequests, offers, users } from '../db/schema';
import { geosSearchText } from '../modules/offer-requests/offer-requests.repository';
import type { SeedContext, SeedStep } from './run';
import { DAY_MS } from '../lib/time';
import { DEMO_REQUESTS } from './demo-requests-data';

export interface DemoOffer {
  by: string; // entity email
  title: string;
  category: string;
  geos: string[];
  payoutType: 'CPA' | 'CPL' | 'CPI' | 'RevShare';
  payout: number | string | null;
  description: string;
  requirements?: string;
  status?: 'active' | 'paused' | 'closed';
  ageDays: number;
  expiresInDays?: number;
  clicks?: number;
  conversions?: number;
}

const ADV = 'advertiser@demo.trustlinks.test';
const APEX = 'partners@apex-gaming.example.com';
const COIN = 'affiliates@coinnest.example.com';
const NET = 'network@demo.trustlinks.test';
const FINFLOW = 'partners@finflow.example.com';
const HORIZON = 'partners@horizon-ads.example.com';

export const DEMO_OFFERS: DemoOffer[] = [
  {
    by: ADV,
    title: 'KetoSlim Pro — Free Trial',
    category: 'Nutra',
    geos: ['US', 'CA'],
    payoutType: 'CPA',
    payout: 45,
    description:
      'Free-trial keto supplement with a 1-step checkout and a strong rebill rate. Creatives and pre-landers provided.',
    requirements: 'No incentivised or email traffic. Native, push and search allowed.',
    ageDays: 2,
    clicks: 318,
    conversions: 41,
  },
  {
    by: ADV,
    title: 'VitaGlow Collagen — Straight Sale',
    category: 'Health',
    geos: ['GB', 'IE', 'DE', 'AT'],
    payoutType: 'CPA',
    payout: 38.5,
    description:
      'Premium collagen powder, straight sale with upsells. EU-compliant landers in four languages.',
    ageDays: 6,
    clicks: 142,
    conversions: 12,
  },
  {
    by: ADV,
    title: 'FlexJoint Plus — COD',
    category: 'COD',
    geos: ['IT', 'ES', 'PT'],
    payoutType: 'CPA',
    payout: 22,
    description:
      'Cash-on-delivery joint-care offer with in-house call centre and 55% approval rate.',
    ageDays: 12,
    clicks: 95,
    conversions: 9,
  },
  {
    by: ADV,
    title: 'SleepWell Gummies — Trial',
    category: 'Nutra',
    geos: ['US'],
    payoutType: 'CPA',
    payout: 41,
    description:
      'Melatonin-free sleep gummies, trial funnel. Paused while the new lander is tested.',
    status: 'paused',
    ageDays: 20,
  },
  {
    by: APEX,
    title: 'Royal Spins Casino — First Deposit',
    category: 'Gambling',
    geos: ['CA', 'NZ', 'FI'],
    payoutType: 'RevShare',
    payout: '40%',
    description:
      'Licensed casino brand, lifetime RevShare on net gaming revenue. Hybrid deals for volume.',
    requirements: 'No brand bidding. 18+ traffic only.',
    ageDays: 3,
    clicks: 510,
    conversions: 33,
  },
  {
    by: APEX,
    title: 'Apex Sportsbook — CPA',
    category: 'Gambling',
    geos: ['GB', 'IE'],
    payoutType: 'CPA',
    payout: 150,
    description: 'Sportsbook CPA on first deposit of £20 or more, baseline 2x.',
    ageDays: 8,
    clicks: 260,
    conversions: 18,
  },
  {
    by: APEX,
    title: 'Lucky Reels Social Casino',
    category: 'Game',
    geos: ['US', 'CA', 'AU'],
    payoutType: 'CPI',
    payout: 2.4,
    description: 'Social casino app, CPI on Android and iOS with day-7 retention KPIs.',
    ageDays: 15,
    clicks: 890,
    conversions: 402,
  },
  {
    by: COIN,
    title: 'CoinNest Exchange — Verified Account',
    category: 'Crypto',
    geos: ['DE', 'NL', 'FR', 'ES', 'IT'],
    payoutType: 'CPA',
    payout: 120,
    description:
      'CPA on KYC-verified and funded accounts (min. €100 deposit). Compliance review on creatives.',
    requirements: 'No misleading income claims.',
    ageDays: 1,
    clicks: 204,
    conversions: 15,
  },
  {
    by: COIN,
    title: 'CoinNest Earn — Staking Sign-up',
    category: 'Crypto',
    geos: ['GB', 'SE'],
    payoutType: 'CPL',
    payout: 18,
    description: 'Lead for the staking product waitlist, double opt-in.',
    ageDays: 9,
    expiresInDays: 20,
  },
  {
    by: COIN,
    title: 'CoinNest Launch Promo (ended)',
    category: 'Crypto',
    geos: ['US'],
    payoutType: 'CPA',
    payout: 90,
    description: 'Launch promotion that has ended.',
    ageDays: 40,
    expiresInDays: -5,
  },
  {
    by: NET,
    title: 'QuickLend Personal Loans',
    category: 'Finance',
    geos: ['US'],
    payoutType: 'CPL',
    payout: 35,
    description: 'Personal loan leads with real-time validation; pays on accepted leads.',
    requirements: 'US traffic only, no co-registration.',
    ageDays: 2,
    clicks: 402,
    conversions: 57,
  },
  {
    by: NET,
    title: 'BitVault Wallet — Install',
    category: 'Crypto',
    geos: ['BR', 'MX', 'AR', 'CO'],
    payoutType: 'CPI',
    payout: 1.8,
    description: 'Self-custody crypto wallet, CPI on Android.',
    ageDays: 4,
    clicks: 1200,
    conversions: 530,
  },
  {
    by: NET,
    title: 'MatchMe Dating — SOI',
    category: 'Dating',
    geos: ['US', 'GB', 'AU', 'CA'],
    payoutType: 'CPL',
    payout: 4.5,
    description: 'Single opt-in dating offer with smartlink fallback. Mainstream creatives only.',
    ageDays: 5,
    clicks: 2100,
    conversions: 388,
  },
  {
    by: NET,
    title: 'Win a PlayStation 5 — Sweepstakes',
    category: 'Sweepstakes',
    geos: ['DE', 'AT', 'CH'],
    payoutType: 'CPL',
    payout: 2.1,
    description: 'Email-submit sweepstakes, DOI, very high conversion on push.',
    ageDays: 7,
    clicks: 3400,
    conversions: 910,
  },
  {
    by: NET,
    title: 'TradePro Forex — FTD',
    category: 'Finance',
    geos: ['ZA', 'NG', 'KE'],
    payoutType: 'CPA',
    payout: 250,
    description: 'Forex broker FTD CPA, call-centre verified.',
    status: 'closed',
    ageDays: 30,
  },
  {
    by: FINFLOW,
    title: 'Auto Insurance Quotes',
    category: 'Finance',
    geos: ['US'],
    payoutType: 'CPL',
    payout: 12,
    description: 'Auto insurance quote leads, 12 carriers, pays per qualified lead.',
    ageDays: 3,
  },
  {
    by: FINFLOW,
    title: 'Credit Repair — Consultation Call',
    category: 'Finance',
    geos: ['US'],
    payoutType: 'CPA',
    payout: 65,
    description: 'Booked consultation calls for a credit repair service.',
    ageDays: 11,
  },
  {
    by: FINFLOW,
    title: 'HealthPlan Finder — Medicare',
    category: 'Health',
    geos: ['US'],
    payoutType: 'CPL',
    payout: 28,
    description: 'Medicare plan comparison leads for users 65+. Seasonal AEP bonuses.',
    ageDays: 16,
  },
  {
    by: HORIZON,
    title: 'Heartline Dating App — Install',
    category: 'Dating',
    geos: ['SG', 'MY', 'PH', 'TH', 'ID'],
    payoutType: 'CPI',
    payout: 0.9,
    description: 'Dating app installs across South-East Asia with registration KPI.',
    ageDays: 2,
    clicks: 5400,
    conversions: 2010,
  },
  {
    by: HORIZON,
    title: 'Dragon Realms — RPG',
    category: 'Game',
    geos: ['JP', 'KR', 'TW'],
    payoutType: 'CPI',
    payout: 3.2,
    description: 'Mobile RPG, CPI with level-10 event bonus.',
    ageDays: 6,
  },
  {
    by: HORIZON,
    title: 'CleanBoost Phone Cleaner',
    category: 'Game',
    geos: ['IN', 'ID', 'VN'],
    payoutType: 'RevShare',
    payout: '30%',
    description: 'Utility app subscription RevShare.',
    ageDays: 10,
  },
];

export async function insertDemoOffer(
  tx: SeedContext['tx'],
  owner: { id: string; userId: string },
  o: DemoOffer,
  now: number,
): Promise<void> {
  const created = new Date(now - o.ageDays * DAY_MS);
  await tx.insert(offers).values({
    entityId: owner.id,
    title: o.title,
    category: o.category,
    description: o.description,
    targetGeo: o.geos,
    payoutType: o.payoutType,
    payoutAmount: typeof o.payout === 'number' ? o.payout : null,
    payoutPercent: typeof o.payout === 'string' ? o.payout : null,
    landingPageUrl: `https://offers.example.com/${o.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`,
    requirements: o.requirements ?? null,
    offerStatus: o.status ?? 'active',
    expiresAt: o.expiresInDays === undefined ? null : new Date(now + o.expiresInDays * DAY_MS),
    clickCount: o.clicks ?? 0,
    conversionCount: o.conversions ?? 0,
    createdByUserId: owner.userId,
    createdAt: created,
    updatedAt: created,
  });
}

export const demoOffersStep: SeedStep = {
  name: '003-demo-offers-and-requests',
  async run({ tx }) {
    const emails = [
      ...new Set([...DEMO_OFFERS.map((o) => o.by), ...DEMO_REQUESTS.map((r) => r.by)]),
    ];
    const rows = await tx
      .select({ id: entities.id, email: entities.email, userId: users.id })
      .from(entities)
      .innerJoin(users, eq(users.entityId, entities.id))
      .where(inArray(entities.email, emails));
    const byEmail = new Map(rows.map((r) => [r.email!, r]));
    const now = Date.now();

    for (const o of DEMO_OFFERS) {
      const owner = byEmail.get(o.by);
      if (!owner) continue;
      await insertDemoOffer(tx, owner, o, now);
    }

    const requestIds: string[] = [];
    for (const r of DEMO_REQUESTS) {
      const owner = byEmail.get(r.by);
      if (!owner) continue;
      const created = new Date(now - r.ageDays * DAY_MS);
      const [row] = await tx
        .insert(offerRequests)
        .values({
          entityId: owner.id,
          userId: owner.userId,
          title: r.title,
          vertical: r.vertical,
          geosTargeting: r.geos,
          geosSearch: geosSearchText(r.geos),
          trafficType: r.traffic,
          trafficVolume: r.volume,
          platformsUsed: r.platforms,
          desiredPayoutType: r.payoutType,
          budgetMin: r.budget?.min ?? null,
          budgetMax: r.budget?.max ?? null,
          notes: r.notes ?? null,
          requestStatus: r.status ?? 'active',
          priority: requestPriority(r.volume, Boolean(r.budget)),
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: offerRequests.id });
      requestIds.push(row!.id);
    }

    // Counter offers on the demo affiliate's first request, so 'View Bids' has something to show.
    const bidders = [byEmail.get(ADV), byEmail.get(NET), byEmail.get(APEX)].filter(Boolean);
    const first = requestIds[0];
    if (first) {
      const amounts = [42, 39.5, 47];
      for (const [i, bidder] of bidders.entries()) {
        await tx.insert(bids).values({
          offerRequestId: first,
          entityId: bidder!.id,
          userId: bidder!.userId,
          bidAmount: amounts[i]!,
          bidNotes: [
            'Exclusive lander for your traffic, weekly Net 7.',
            'Can raise to $44 after 200 conversions.',
            'Includes upsell payout.',
          ][i]!,
        });
      }
    }
  },
};
