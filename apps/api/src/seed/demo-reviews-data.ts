// The demo's reviews and who wrote them, read by demo-reviews.ts's step.
import { spamNote } from '../modules/reviews/reviews.spam';

const MAYA = 'maya.patel@demo.trustlinks.test';
const DANIEL = 'daniel.okafor@demo.trustlinks.test';
const SOFIA = 'sofia.lindqvist@demo.trustlinks.test';
const TOM = 'tom.becker@demo.trustlinks.test';
const AISHA = 'aisha.rahman@demo.trustlinks.test';
const LUCAS = 'lucas.moreau@demo.trustlinks.test';
// Entity logins (seed/demo-entities.ts) write reviews of other companies too.
const VITALITY = 'advertiser@demo.trustlinks.test';
const APEX = 'partners@apex-gaming.example.com';
const COINNEST = 'affiliates@coinnest.example.com';
const NORTHWIND = 'affiliate@demo.trustlinks.test';
const SUNRISE = 'team@sunrise-media.example.com';
const CLICKSTREAM = 'hello@clickstream.example.com';
const BLOCKREACH = 'network@demo.trustlinks.test';
const FINFLOW = 'partners@finflow.example.com';
const HORIZON = 'partners@horizon-ads.example.com';
const QUICKLEND = 'partners@quicklend.example.com';
const VELVET = 'partners@velvet-leads.example.com';

export interface DemoReview {
  /** The reviewed entity by its email, or a new name (an unregistered, review-named entity). */
  entity: string | { newName: string; type: 'advertiser' | 'affiliate' | 'network' };
  by: string;
  daysAgo: number;
  title: string;
  text: string;
  rating: number;
  /** quality, support, reliability, payment speed */
  categories: [number, number, number, number];
  tags: string[];
  anonymous?: boolean;
  status?: 'approved' | 'pending' | 'rejected' | 'flagged';
  adminNotes?: string;
  reply?: { type: 'response' | 'clarification'; text: string };
  dispute?: string;
  votes?: { helpful: number; unhelpful: number };
}

export const REVIEWS: DemoReview[] = [
  // Vitality Partners (advertiser demo login)
  {
    entity: VITALITY,
    by: MAYA,
    daysAgo: 12,
    title: 'Weekly payouts that actually arrive weekly',
    text: 'Ran their keto and collagen trials on native for three months. Every Monday payment landed before noon, caps were raised twice without haggling, and the AM sent new landers when CR dipped.',
    rating: 5,
    categories: [5, 5, 5, 5],
    tags: ['fast payouts', 'Nutra', 'responsive AM'],
    reply: {
      type: 'response',
      text: 'Thank you Maya! Great working with you — the new collagen lander goes live next week.',
    },
    votes: { helpful: 7, unhelpful: 0 },
  },
  {
    entity: VITALITY,
    by: NORTHWIND,
    daysAgo: 41,
    title: 'Solid offers, strict on creatives',
    text: 'Good EPCs in the US and Canada. Compliance rejected a few of our pre-landers, which cost us a week, but their reasons were clear and the approved angles converted well.',
    rating: 4,
    categories: [4, 4, 4, 5],
    tags: ['compliance', 'US', 'CA'],
    votes: { helpful: 4, unhelpful: 1 },
  },
  {
    entity: VITALITY,
    by: AISHA,
    daysAgo: 75,
    title: 'Fair program, slow scrub disputes',
    text: 'Conversions tracked cleanly through their in-house pixel. We disagreed about 40 leads flagged as duplicates and it took nearly three weeks to settle, though they paid in the end.',
    rating: 3,
    categories: [4, 2, 3, 3],
    tags: ['scrub', 'tracking'],
    anonymous: true,
    votes: { helpful: 3, unhelpful: 2 },
  },
  {
    entity: VITALITY,
    by: SOFIA,
    daysAgo: 130,
    title: 'Great for Nordic traffic',
    text: 'One of the few Nutra advertisers with localised Swedish and Norwegian funnels. Approval rates were high and the weekly reports matched our own numbers.',
    rating: 5,
    categories: [5, 4, 5, 5],
    tags: ['Nordics', 'localised funnels'],
    votes: { helpful: 2, unhelpful: 0 },
  },
  {
    entity: VITALITY,
    by: LUCAS,
    daysAgo: 3,
    title: 'best offers here',
    text: 'https://cheap-traffic.example.com/promo https://cheap-traffic.example.com/join',
    rating: 5,
    categories: [5, 5, 5, 5],
    tags: ['promo'],
    status: 'flagged',
    adminNotes: spamNote('the text is only links'),
  },
  // Apex Gaming Group
  {
    entity: APEX,
    by: DANIEL,
    daysAgo: 20,
    title: 'Hybrid deal changed after the first month',
    text: 'We agreed a hybrid CPA plus RevShare deal, then the baseline deposit was raised without notice and half our FTDs stopped qualifying. Support answered politely but would not apply the change only to new players.',
    rating: 2,
    categories: [3, 2, 2, 3],
    tags: ['iGaming', 'baseline change'],
    dispute:
      'The baseline change was announced to all partners by email 30 days ahead, as our terms require. We can share the notice with the moderators.',
    votes: { helpful: 5, unhelpful: 3 },
  },
  {
    entity: APEX,
    by: SOFIA,
    daysAgo: 66,
    title: 'Strong brands, good retention',
    text: 'Casino brands with real retention — our RevShare cohort from spring still pays. Dashboard updates daily and the affiliate team speaks five languages.',
    rating: 4,
    categories: [5, 4, 4, 4],
    tags: ['RevShare', 'casino'],
    votes: { helpful: 2, unhelpful: 0 },
  },
  {
    entity: APEX,
    by: TOM,
    daysAgo: 150,
    title: 'Reliable monthly payments',
    text: 'Payments on the 15th every month without exception for half a year. Offer selection for DACH is thinner than for the UK, which is why not five stars.',
    rating: 4,
    categories: [3, 4, 5, 5],
    tags: ['DACH', 'monthly payouts'],
    anonymous: true,
  },
  // CoinNest Exchange
  {
    entity: COINNEST,
    by: MAYA,
    daysAgo: 33,
    title: 'Good CPA, long KYC delays',
    text: 'The CPA is competitive, but users wait days for KYC, so a third of registrations never fund and never count. Their team is aware and says a new KYC vendor is coming.',
    rating: 3,
    categories: [3, 4, 3, 4],
    tags: ['Crypto', 'KYC'],
    reply: {
      type: 'clarification',
      text: 'Our new KYC provider went live this month; median verification time is now under 2 hours.',
    },
    votes: { helpful: 6, unhelpful: 1 },
  },
  {
    entity: COINNEST,
    by: LUCAS,
    daysAgo: 90,
    title: 'Clean tracking for content sites',
    text: 'Postbacks fire reliably and the sub-ID reports make it easy to see which articles drive funded accounts. Payments bi-weekly as promised.',
    rating: 4,
    categories: [4, 4, 5, 4],
    tags: ['content', 'postbacks'],
    votes: { helpful: 1, unhelpful: 0 },
  },
  {
    entity: COINNEST,
    by: SUNRISE,
    daysAgo: 2,
    title: 'great great great',
    text: 'great great great great great great great great great great',
    rating: 5,
    categories: [5, 5, 5, 5],
    tags: [],
    status: 'flagged',
    adminNotes: spamNote('the text repeats the same words'),
  },
  // Northwind Traffic (affiliate demo login)
  {
    entity: NORTHWIND,
    by: VITALITY,
    daysAgo: 28,
    title: 'Compliant native traffic, great communication',
    text: 'Northwind ran our trials on Taboola and Outbrain with fully compliant pre-landers. Volumes were predictable and they flagged a tracking issue on our side before we noticed it.',
    rating: 5,
    categories: [5, 5, 5, 4],
    tags: ['native', 'compliant'],
    reply: {
      type: 'response',
      text: 'Thanks Olivia, happy to keep scaling the Nordic campaigns with you.',
    },
    votes: { helpful: 3, unhelpful: 0 },
  },
  {
    entity: NORTHWIND,
    by: BLOCKREACH,
    daysAgo: 80,
    title: 'Good volume, needs clearer reporting',
    text: 'Delivered the agreed daily volume on push. Placement-level reports took a while to arrive, which made optimisation slower than with other publishers.',
    rating: 4,
    categories: [4, 3, 4, 4],
    tags: ['push', 'reporting'],
    votes: { helpful: 1, unhelpful: 1 },
  },
  {
    entity: NORTHWIND,
    by: DANIEL,
    daysAgo: 160,
    title: 'Sweepstakes traffic converted well',
    text: 'Tested their sweepstakes flows for two weeks: low fraud scores and a conversion rate above our network average. Would work with them again.',
    rating: 4,
    categories: [4, 4, 4, 4],
    tags: ['Sweepstakes', 'low fraud'],
    anonymous: true,
  },
  // Sunrise Media Buying
  {
    entity: SUNRISE,
    by: APEX,
    daysAgo: 45,
    title: 'Creative team, COD focus',
    text: 'Sunrise produced fresh video creatives every week for our LATAM tests. Sportsbook is not their core, but they were honest about it and kept spend under control.',
    rating: 4,
    categories: [4, 5, 4, 4],
    tags: ['LATAM', 'video creatives'],
    votes: { helpful: 2, unhelpful: 0 },
  },
  {
    entity: SUNRISE,
    by: AISHA,
    daysAgo: 110,
    title: 'Fast to launch',
    text: 'From brief to first live campaign in two days. They share ad accounts screenshots daily, which we appreciated.',
    rating: 5,
    categories: [5, 5, 4, 5],
    tags: ['speed', 'transparency'],
  },
  // ClickStream Publishers
  {
    entity: CLICKSTREAM,
    by: FINFLOW,
    daysAgo: 18,
    title: 'High-intent finance leads',
    text: 'Their comparison sites send leads with real purchase intent; our call centre qualified almost 60% of them. Volumes are modest but steady.',
    rating: 5,
    categories: [5, 4, 5, 5],
    tags: ['Finance', 'SEO', 'lead quality'],
    votes: { helpful: 4, unhelpful: 0 },
  },
  {
    entity: CLICKSTREAM,
    by: TOM,
    daysAgo: 200,
    title: 'Slow to answer emails',
    text: 'Traffic quality is fine but it sometimes took a week to get an answer about a broken link on their site, which cost us leads.',
    rating: 3,
    categories: [4, 2, 3, 3],
    tags: ['support'],
  },
  // BlockReach Media (network demo login)
  {
    entity: BLOCKREACH,
    by: MAYA,
    daysAgo: 8,
    title: 'Best crypto offer catalogue I have used',
    text: 'Over 400 offers and the AM actually knows which ones convert in which GEO. Weekly payments since day one, minimum payout is low enough for small tests.',
    rating: 4,
    categories: [5, 4, 4, 5],
    tags: ['Crypto', 'weekly payouts'],
    anonymous: true,
    reply: {
      type: 'response',
      text: 'Thank you for the kind words — we are adding more LATAM crypto offers this quarter.',
    },
    votes: { helpful: 5, unhelpful: 0 },
  },
  {
    entity: BLOCKREACH,
    by: NORTHWIND,
    daysAgo: 55,
    title: 'Everflow setup made testing easy',
    text: 'Smart links and Everflow reporting let us test ten offers in a week. Two offers were paused without notice, otherwise a smooth experience.',
    rating: 4,
    categories: [4, 4, 3, 4],
    tags: ['Everflow', 'smart links'],
    votes: { helpful: 2, unhelpful: 1 },
  },
  {
    entity: BLOCKREACH,
    by: DANIEL,
    daysAgo: 95,
    title: 'Payout delayed once, then fixed',
    text: 'One payment came nine days late during their bank change. They told us in advance and paid a small bonus for the delay, which I appreciated.',
    rating: 4,
    categories: [4, 5, 3, 3],
    tags: ['communication'],
  },
  {
    entity: BLOCKREACH,
    by: SOFIA,
    daysAgo: 175,
    title: 'Not a fit for Dating traffic',
    text: 'Mostly Crypto and Finance, very few Dating offers and low caps on those. Fine network, just not for my vertical.',
    rating: 3,
    categories: [3, 4, 4, 4],
    tags: ['Dating', 'caps'],
  },
  // FinFlow Network
  {
    entity: FINFLOW,
    by: TOM,
    daysAgo: 25,
    title: 'Exclusive US loan offers',
    text: 'FinFlow has loan and insurance offers we could not find elsewhere, with real-time lead validation so we see rejects immediately. Net 15 is respected.',
    rating: 5,
    categories: [5, 5, 5, 4],
    tags: ['Finance', 'exclusive offers'],
    votes: { helpful: 3, unhelpful: 0 },
  },
  {
    entity: FINFLOW,
    by: CLICKSTREAM,
    daysAgo: 140,
    title: 'Good rates, strict lead rules',
    text: 'Lead rules are strict (no co-registration, no incentives), but the payouts reflect it. Expect a thorough onboarding call.',
    rating: 4,
    categories: [4, 4, 4, 4],
    tags: ['lead rules', 'onboarding'],
    anonymous: true,
  },
  // Horizon Ads Network
  {
    entity: HORIZON,
    by: AISHA,
    daysAgo: 60,
    title: 'Great APAC app offers',
    text: 'CPI offers for Indonesia and Vietnam with decent payouts and AppsFlyer reporting. Net 30 is a bit long for smaller buyers.',
    rating: 4,
    categories: [4, 4, 4, 3],
    tags: ['APAC', 'CPI'],
    votes: { helpful: 1, unhelpful: 0 },
  },
  {
    entity: HORIZON,
    by: LUCAS,
    daysAgo: 35,
    title: 'Scam scam scam',
    text: 'Total scam, they stole my money and everybody should avoid them forever, trust me.',
    rating: 1,
    categories: [1, 1, 1, 1],
    tags: ['scam'],
    status: 'rejected',
    adminNotes:
      'No account with Horizon Ads found for this reviewer; no details given. Rejected as unverifiable.',
  },
  // Entities still waiting for approval: their reviews wait too.
  {
    entity: QUICKLEND,
    by: MAYA,
    daysAgo: 6,
    title: 'Promising loan offers, early days',
    text: 'Tested their personal loan CPL for a week. Validation is instant and the payout is competitive; too early to judge payment reliability.',
    rating: 4,
    categories: [4, 4, 3, 3],
    tags: ['CPL', 'loans'],
    status: 'pending',
  },
  {
    entity: VELVET,
    by: SOFIA,
    daysAgo: 4,
    title: 'Small but friendly dating network',
    text: 'Only a handful of dating offers so far, but the team is responsive on Skype and paid our first test invoice quickly.',
    rating: 4,
    categories: [3, 5, 4, 4],
    tags: ['Dating'],
    status: 'pending',
  },
  {
    entity: { newName: 'Orbit Leads Agency', type: 'network' },
    by: MAYA,
    daysAgo: 1,
    title: 'Reliable partner for Finance leads',
    text: 'Not on TrustLinks yet, so adding them here: Orbit Leads ran our insurance campaigns for two months with clean data and on-time Net 7 payments.',
    rating: 5,
    categories: [5, 4, 5, 5],
    tags: ['Finance', 'insurance'],
    status: 'pending',
  },
  {
    entity: { newName: 'Orbit Leads Agency', type: 'network' },
    by: DANIEL,
    daysAgo: 1,
    title: 'Good results on lead-gen',
    text: 'Worked with Orbit Leads on a solar lead campaign; the leads were verified by phone and the invoice was paid in a week.',
    rating: 4,
    categories: [4, 4, 4, 5],
    tags: ['lead-gen'],
    status: 'pending',
    anonymous: true,
  },
];
