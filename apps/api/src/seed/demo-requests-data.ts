// The demo's offer requests (docs/product/dashboards.md), read by demo-offers.ts's step.

const NET = 'network@demo.trustlinks.test';
const HORIZON = 'partners@horizon-ads.example.com';

export interface DemoRequest {
  by: string;
  title: string;
  vertical: string;
  geos: string[];
  traffic: string[];
  platforms: string[];
  volume: number;
  payoutType: 'CPA' | 'CPL' | 'CPI' | 'RevShare';
  budget?: { min: number; max: number };
  notes?: string;
  ageDays: number;
  status?: 'active' | 'fulfilled';
}

const AFF = 'affiliate@demo.trustlinks.test';
const SUNRISE = 'team@sunrise-media.example.com';
const CLICKSTREAM = 'hello@clickstream.example.com';

export const DEMO_REQUESTS: DemoRequest[] = [
  {
    by: AFF,
    title: 'Nutra trials for US native traffic',
    vertical: 'Nutra',
    geos: ['US', 'CA'],
    traffic: ['Native', 'Push'],
    platforms: ['Taboola', 'Outbrain'],
    volume: 80000,
    payoutType: 'CPA',
    notes: 'Need pre-landers and a 1-step checkout. Weekly payouts preferred.',
    ageDays: 1,
  },
  {
    by: AFF,
    title: 'Dating SOI for Nordics',
    vertical: 'Dating',
    geos: ['SE', 'NO', 'DK', 'FI', 'IS'],
    traffic: ['Push', 'Pop'],
    platforms: ['PropellerAds'],
    volume: 35000,
    payoutType: 'CPL',
    ageDays: 3,
  },
  {
    by: AFF,
    title: 'Sweepstakes with email submit',
    vertical: 'Sweepstakes',
    geos: ['US'],
    traffic: ['Email', 'SMS'],
    platforms: ['Own lists'],
    volume: 12000,
    payoutType: 'CPL',
    budget: { min: 10000, max: 25000 },
    notes: 'Opt-in lists only; we can share compliance docs.',
    ageDays: 5,
  },
  {
    by: AFF,
    title: 'Finance leads in Canada',
    vertical: 'Finance',
    geos: ['CA'],
    traffic: ['Search'],
    platforms: ['Google Ads'],
    volume: 4000,
    payoutType: 'CPL',
    ageDays: 9,
    status: 'fulfilled',
  },
  {
    by: SUNRISE,
    title: 'COD offers for LATAM Facebook traffic',
    vertical: 'COD',
    geos: ['MX', 'CO', 'PE', 'CL'],
    traffic: ['Social'],
    platforms: ['Facebook', 'TikTok'],
    volume: 52000,
    payoutType: 'CPA',
    notes: 'Looking for health and beauty COD with call-centre approval above 50%.',
    ageDays: 2,
  },
  {
    by: SUNRISE,
    title: 'Nutra straight sale — Southern Europe',
    vertical: 'Nutra',
    geos: ['ES', 'IT', 'PT'],
    traffic: ['Social'],
    platforms: ['Facebook'],
    volume: 18000,
    payoutType: 'CPA',
    budget: { min: 3000, max: 8000 },
    ageDays: 4,
  },
  {
    by: CLICKSTREAM,
    title: 'Insurance comparison offers DACH',
    vertical: 'Insurance',
    geos: ['DE', 'AT', 'CH'],
    traffic: ['SEO', 'Content'],
    platforms: ['Own sites'],
    volume: 9000,
    payoutType: 'CPL',
    ageDays: 6,
  },
  {
    by: CLICKSTREAM,
    title: 'Credit card offers with RevShare',
    vertical: 'Finance',
    geos: ['DE'],
    traffic: ['SEO'],
    platforms: ['Own sites'],
    volume: 6500,
    payoutType: 'RevShare',
    ageDays: 12,
  },
  {
    by: NET,
    title: 'Crypto exchanges for our LATAM publishers',
    vertical: 'Crypto',
    geos: ['BR', 'AR', 'MX'],
    traffic: ['Push', 'Native', 'Social'],
    platforms: ['Multiple'],
    volume: 150000,
    payoutType: 'CPA',
    notes: 'Network demand: 40 active publishers, need 3–5 exchanges.',
    ageDays: 2,
  },
  {
    by: HORIZON,
    title: 'Casual games CPI for APAC',
    vertical: 'Game',
    geos: ['JP', 'KR', 'SG', 'TW', 'HK', 'TH'],
    traffic: ['In-app'],
    platforms: ['Unity Ads', 'AppLovin'],
    volume: 45000,
    payoutType: 'CPI',
    ageDays: 7,
  },
];

/** Inserts one demo offer of `owner` (its slug comes from the database's trigger). */
