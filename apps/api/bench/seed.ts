// Bulk, set-based seeding for the benchmark: every table is filled by a handful of
// INSERT … SELECT … FROM generate_series statements (no row-by-row inserts through the app).
// Indexes other than primary keys are dropped before the load and rebuilt from their own
// definitions afterwards (much faster than maintaining trigram GIN indexes row by row), so the
// schema ends up exactly as the migrations left it.

export type Exec = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface SeedSizes {
  offers: number;
  companies: number;
  reviews: number;
  /** Average contacts per company (0 = none). */
  contactsPerCompany: number;
  /** Clicks on the results case's offer (docs/decisions/031). */
  clicks: number;
}

export interface SeedReport {
  seconds: Record<string, number>;
  counts: Record<string, number>;
  /** The approved entity with the most approved reviews (the reviews case reads it). */
  hotEntityId: string;
  hotEntityReviews: number;
}

/** Sizes for a nominal size N: N offers, N companies, N / 5 reviews, N clicks on one offer. */
export function sizesFor(n: number, contactsPerCompany: number): SeedSizes {
  return {
    offers: n,
    companies: n,
    reviews: Math.max(1_000, Math.round(n / 5)),
    contactsPerCompany,
    clicks: n,
  };
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (words: readonly string[]) => `ARRAY[${words.map(lit).join(',')}]::text[]`;
/** A rectangular 2-D text array (every row must have the same length). */
const arr2 = (rows: readonly (readonly string[])[]) =>
  `ARRAY[${rows.map((r) => `ARRAY[${r.map(lit).join(',')}]`).join(',')}]::text[][]`;

// ---- word lists ---------------------------------------------------------------------------

/** Offer categories with their share of offers in percent (sums to 100). */
export const CATEGORIES: readonly (readonly [string, number])[] = [
  ['Nutra', 18],
  ['Gambling', 12],
  ['Finance', 10],
  ['Crypto', 9],
  ['Dating', 8],
  ['Sweepstakes', 7],
  ['Health', 7],
  ['E-commerce', 7],
  ['Gaming', 6],
  ['Insurance', 5],
  ['Education', 4],
  ['COD', 4],
  ['Travel', 3],
];

/** The lead words of offer titles, 12 per category (same order as CATEGORIES). */
export const LEAD_WORDS: readonly (readonly string[])[] = [
  [
    'Keto',
    'Slim',
    'Detox',
    'Garcinia',
    'Collagen',
    'Biotin',
    'Probiotic',
    'Turmeric',
    'Omega',
    'Vita',
    'Fit',
    'Burn',
  ],
  [
    'Casino',
    'Slots',
    'Poker',
    'Roulette',
    'Jackpot',
    'Spin',
    'Blackjack',
    'Bingo',
    'Lucky',
    'Royal',
    'Vegas',
    'Bet',
  ],
  [
    'Loan',
    'Credit',
    'Payday',
    'Mortgage',
    'Invest',
    'Trading',
    'Forex',
    'Savings',
    'Card',
    'Budget',
    'Refinance',
    'Cash',
  ],
  [
    'Bitcoin',
    'Crypto',
    'Token',
    'Wallet',
    'Exchange',
    'DeFi',
    'Staking',
    'Mining',
    'Ether',
    'Coin',
    'Ledger',
    'NFT',
  ],
  [
    'Dating',
    'Match',
    'Singles',
    'Flirt',
    'Romance',
    'Date',
    'Love',
    'Meet',
    'Chat',
    'Soulmate',
    'Spark',
    'Mingle',
  ],
  [
    'Sweepstakes',
    'Giveaway',
    'Win',
    'Prize',
    'Gift Card',
    'iPhone',
    'Voucher',
    'Reward',
    'Survey',
    'Coupon',
    'Lottery',
    'Contest',
  ],
  [
    'Vision',
    'Hearing',
    'Joint',
    'Sleep',
    'Blood Sugar',
    'Heart',
    'Prostate',
    'Hair',
    'Skin',
    'Teeth',
    'Immune',
    'Posture',
  ],
  [
    'Fashion',
    'Shoes',
    'Gadget',
    'Watch',
    'Jewelry',
    'Beauty',
    'Home',
    'Kitchen',
    'Pet',
    'Toys',
    'Outdoor',
    'Electronics',
  ],
  [
    'RPG',
    'Strategy',
    'MMO',
    'Puzzle',
    'Racing',
    'Shooter',
    'Arcade',
    'Quest',
    'Legends',
    'Empire',
    'Kingdom',
    'Battle',
  ],
  [
    'Auto Insurance',
    'Life Insurance',
    'Health Plan',
    'Home Insurance',
    'Pet Insurance',
    'Travel Cover',
    'Dental',
    'Medicare',
    'Term Life',
    'Renters',
    'Business Cover',
    'Bike Cover',
  ],
  [
    'Course',
    'Academy',
    'Language',
    'Coding',
    'Degree',
    'Tutoring',
    'Certification',
    'Bootcamp',
    'MBA',
    'English',
    'Math',
    'Design',
  ],
  [
    'Cash on Delivery',
    'Slimming',
    'Whitening',
    'Potency',
    'Varicose',
    'Hypertension',
    'Parasite',
    'Cystitis',
    'Fungus',
    'Diabetes',
    'Hemorrhoids',
    'Joint Gel',
  ],
  [
    'Hotel',
    'Flight',
    'Cruise',
    'Vacation',
    'Resort',
    'Car Rental',
    'Tour',
    'Booking',
    'Getaway',
    'Hostel',
    'Villa',
    'Travel',
  ],
];

export const PRODUCT_WORDS =
  `Pro Max Plus Elite Prime Ultra Boost Glow Fusion Nova Zen Pulse Core Edge Peak Rush
Wave Flex Smart Gold Star One Go Lab Hub Direct Express Zone Spark Vibe Nest Bloom Rise Shift Quest Craft
Bliss Pure Vital Alpha`.split(/\s+/);

export const HOOKS = [
  'Free Trial',
  'Straight Sale',
  'SOI',
  'DOI',
  'CPA',
  'Weekly Payouts',
  'Mobile',
  'Desktop',
  'New',
  'Exclusive',
  'Top Converter',
  'Smartlink',
  '1-Click Flow',
  'Registration',
  'First Deposit',
  'Install',
  'Lead Gen',
  'Trial',
  'Premium',
  'Rebill',
];

/** By popularity: the first is drawn most often. */
export const GEOS =
  `US GB CA DE FR AU ES IT NL BR MX IN JP PL SE NO DK FI AT CH BE IE NZ PT CZ RO HU GR TR ZA
AR CL CO PE PH ID MY TH VN KR`.split(/\s+/);

const DESCRIPTIONS = [
  'High-converting funnel with pre-landers and creatives provided.',
  'Weekly payouts after the first validated conversions.',
  'Compliant landing pages in several languages; no brand bidding.',
  'Strong mobile flow, optimised for push, native and social traffic.',
  'Dedicated manager, postback tracking and daily caps on request.',
  'Proven offer with stable EPC over the last quarter.',
];

const REQUIREMENTS = [
  'No incentivised traffic.',
  'No email or SMS traffic.',
  'Native, push and search allowed; no adult traffic.',
  'Pre-approval required for social traffic.',
];

export const COMPANY_PREFIXES =
  `Apex Atlas Aurora Beacon Bright Cedar Clearwater Coral Crest Ember Evergreen Fable Granite
Harbor Horizon Ivory Juniper Keystone Kindred Lark Lumen Maple Meadow Meridian Northwind Nova Oakridge Orchid
Pacific Peak Pinecrest Prime Quill Redwood Riverstone Sage Silverline Solace Summit Swift Terra Tidewater Urban
Vela Vista Willow Zenith Starling Cobalt Falcon Gemini Halo Indigo Jade Kestrel Lotus Mosaic Nimbus Onyx Pixel
Quasar Radiant Sierra Topaz Umber Vertex Wander Xenon Yonder Zephyr`.split(/\s+/);

export const COMPANY_SUFFIXES =
  `Media Digital Publishing Traffic Performance Reviews Deals Social Ads Partners Network Health
Finance Wellness Nutrition Insurance Lending Travel Fitness Learning Games Labs Ventures Studios Marketing
Commerce Solutions Group Holdings Interactive`.split(/\s+/);

const FIRST_NAMES =
  `Ana Liam Priya Kenji Omar Grace Sofia Lucas Mei Noah Fatima Ivan Chloe Mateo Aisha Ethan
Yuki Daniel Zara Leo`.split(/\s+/);
const LAST_NAMES =
  `Smith Garcia Chen Patel Müller Rossi Silva Kim Novak Haddad Jensen Costa Tanaka Murphy Okafor
Dubois Nowak Larsen Ortiz Ahmed`.split(/\s+/);
const DESIGNATIONS = [
  'Affiliate Manager',
  'Head of Partnerships',
  'Media Buyer',
  'CEO',
  'Account Manager',
  'Business Development',
];

export const REVIEW_TITLES = [
  'Reliable partner',
  'Fast payouts',
  'Great support team',
  'Average experience',
  'Slow to pay',
  'Good offers, poor tracking',
  'Transparent and honest',
  'Would work with again',
  'Mixed results',
  'Outstanding account manager',
];
export const REVIEW_SENTENCES = [
  'Payments arrived on time every week.',
  'Our manager answered within hours and helped with creatives.',
  'Tracking was accurate and postbacks fired reliably.',
  'Caps were raised quickly once the numbers were good.',
  'Some conversions were scrubbed without a clear explanation.',
  'The offers convert well on native traffic in tier-one GEOs.',
  'Onboarding was smooth and the terms were clear.',
  'Support was slow during the holidays.',
  'Payout rates are competitive for the vertical.',
  'We ran several campaigns together over the past year.',
];
const REVIEW_TAGS = ['fast-payouts', 'good-support', 'reliable', 'high-epc', 'slow-payouts'];

// ---- steps --------------------------------------------------------------------------------

/** Entities: a few hundred, fixed at every size (what grows is what hangs off them). */
const ENTITY_COUNT = 560;

function entitiesSql(): string {
  // g 1–300 advertisers, 301–400 networks, 401–560 affiliates; 1 in 12 pending, 1 in 25 rejected.
  return `
    INSERT INTO entities (name, entity_type, email, website, description, country,
      verification_status, source, created_at, updated_at)
    SELECT
      (${arr(COMPANY_PREFIXES)})[1 + (g * 7) % ${COMPANY_PREFIXES.length}] || ' ' ||
        (${arr(COMPANY_SUFFIXES)})[1 + (g * 13) % ${COMPANY_SUFFIXES.length}] || ' ' || g,
      CASE WHEN g <= 300 THEN 'advertiser' WHEN g <= 400 THEN 'network' ELSE 'affiliate' END,
      'bench-entity-' || g || '@bench.example',
      'https://entity-' || g || '.bench.example',
      'Benchmark entity number ' || g || '.',
      (${arr(GEOS)})[1 + g % ${GEOS.length}],
      CASE WHEN g % 25 = 0 THEN 'rejected' WHEN g % 12 = 0 THEN 'pending' ELSE 'approved' END,
      'registration',
      now() - (g || ' days')::interval,
      now() - (g || ' days')::interval
    FROM generate_series(1, ${ENTITY_COUNT}) g`;
}

function usersSql(count: number): string {
  return `
    INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified_at,
      created_at, updated_at)
    SELECT 'bench-user-' || g || '@bench.example', 'bench-not-a-password-hash',
      (${arr(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
      (${arr(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      'user', now(), now() - (g % 700 || ' days')::interval, now()
    FROM generate_series(1, ${count}) g`;
}

function offersSql(count: number): string {
  // Cumulative category shares: one draw in 0–99 picks the category.
  const buckets: number[] = [];
  CATEGORIES.forEach(([, share], i) => {
    for (let k = 0; k < share; k++) buckets.push(i + 1);
  });
  return `
    WITH publishers AS (
      SELECT array_agg(id ORDER BY name) AS ids, count(*)::int AS n
      FROM entities WHERE entity_type IN ('advertiser', 'network')
    )
    INSERT INTO offers (entity_id, title, category, description, target_geo, payout_type,
      payout_amount, payout_percent, landing_page_url, requirements, expires_at, offer_status,
      click_count, conversion_count, created_at, updated_at)
    SELECT
      p.ids[1 + floor(power(s.r_entity, 1.8) * p.n)::int],
      (${arr2(LEAD_WORDS)})[s.c][s.lead] || ' ' || (${arr(PRODUCT_WORDS)})[s.prod]
        || ' — ' || (${arr(HOOKS)})[s.hook],
      (${arr(CATEGORIES.map(([name]) => name))})[s.c],
      (${arr2(LEAD_WORDS)})[s.c][s.lead] || ' offer in ' ||
        (${arr(CATEGORIES.map(([name]) => name))})[s.c] || '. ' ||
        (${arr(DESCRIPTIONS)})[1 + s.g % ${DESCRIPTIONS.length}],
      ARRAY(
        SELECT DISTINCT (${arr(GEOS)})[1 + floor(power(random(), 2) * ${GEOS.length})::int]
        FROM generate_series(1, s.geo_count)
      ),
      s.payout_type,
      CASE WHEN s.payout_type = 'RevShare' THEN NULL ELSE round((1 + s.r_payout * 199)::numeric, 2) END,
      CASE WHEN s.payout_type = 'RevShare' THEN (20 + floor(s.r_payout * 40))::int || '%' END,
      'https://offers.bench.example/o/' || s.g,
      CASE WHEN s.g % 2 = 0 THEN (${arr(REQUIREMENTS)})[1 + s.g % ${REQUIREMENTS.length}] END,
      CASE
        WHEN s.r_expiry < 0.70 THEN NULL
        WHEN s.r_expiry < 0.95 THEN now() + ((1 + s.r_payout * 365) || ' days')::interval
        ELSE now() - ((1 + s.r_payout * 90) || ' days')::interval
      END,
      CASE WHEN s.r_status < 0.88 THEN 'active' WHEN s.r_status < 0.96 THEN 'paused' ELSE 'closed' END,
      floor(s.r_payout * 5000)::int, floor(s.r_payout * 300)::int,
      s.created_at, s.created_at
    FROM (
      SELECT g,
        (ARRAY[${buckets.join(',')}])[1 + floor(random() * 100)::int] AS c,
        1 + floor(random() * 12)::int AS lead,
        1 + floor(random() * ${PRODUCT_WORDS.length})::int AS prod,
        1 + floor(random() * ${HOOKS.length})::int AS hook,
        1 + floor(power(random(), 1.5) * 8)::int AS geo_count,
        (ARRAY['CPA','CPA','CPA','CPA','CPA','CPL','CPL','CPI','CPI','RevShare'])[1 + floor(random() * 10)::int] AS payout_type,
        random() AS r_entity, random() AS r_payout, random() AS r_expiry, random() AS r_status,
        now() - power(random(), 1.5) * interval '730 days' AS created_at
      FROM generate_series(1, ${count}) g
    ) s, publishers p`;
}

function companiesSql(count: number): string {
  // Names like "Harbor Kera Media 48213": a word, a syllable pair, a word, a number.
  return `
    INSERT INTO affiliate_companies (company_name, website, entity_type, company_key,
      created_at, updated_at)
    SELECT name,
      CASE WHEN g % 10 = 0 THEN NULL
        ELSE 'https://' || lower(replace(name, ' ', '')) || '.bench.example' END,
      (ARRAY['Advertiser','Affiliate','Network'])[1 + g % 3],
      CASE WHEN g % 10 = 0 THEN 'name:' || lower(name)
        ELSE lower(replace(name, ' ', '')) || '.bench.example' END,
      now() - (g % 900 || ' days')::interval, now()
    FROM (
      SELECT g,
        (${arr(COMPANY_PREFIXES)})[1 + (g::bigint * 7919) % ${COMPANY_PREFIXES.length}] || ' ' ||
        initcap(substr(md5(g::text), 1, 2) ||
          (ARRAY['ra','lo','mi','ne','tu','ka','so','vi'])[1 + g % 8]) || ' ' ||
        (${arr(COMPANY_SUFFIXES)})[1 + (g::bigint * 104729) % ${COMPANY_SUFFIXES.length}] || ' ' ||
        (g % 100000) AS name
      FROM generate_series(1, ${count}) g
    ) s`;
}

function contactsSql(perCompany: number): string {
  // perCompany is an average: companies get floor or ceil of it, picked by a hash of the id.
  const whole = Math.floor(perCompany);
  const fraction = perCompany - whole;
  return `
    INSERT INTO affiliate_company_contacts (company_id, contact_key, full_name, first_name,
      last_name, designation, email, phone)
    SELECT c.id, 'name:' || lower(f || ' ' || l || ' ' || n), f || ' ' || l || ' ' || n, f, l,
      (${arr(DESIGNATIONS)})[1 + abs(hashtext(c.id::text)) % ${DESIGNATIONS.length}],
      CASE WHEN n % 2 = 1 THEN lower(f) || '.' || n || '@' || coalesce(
        substring(c.website from 'https://([^/]+)'), 'bench.example') END,
      CASE WHEN n % 3 = 1 THEN '+1 202 555 ' || lpad((abs(hashtext(c.id::text || n)) % 10000)::text, 4, '0') END
    FROM affiliate_companies c
    CROSS JOIN LATERAL generate_series(1,
      ${whole} + CASE WHEN (abs(hashtext(c.id::text)) % 1000) < ${Math.round(fraction * 1000)} THEN 1 ELSE 0 END) n
    CROSS JOIN LATERAL (SELECT
      (${arr(FIRST_NAMES)})[1 + abs(hashtext(c.id::text || 'f' || n)) % ${FIRST_NAMES.length}] AS f,
      (${arr(LAST_NAMES)})[1 + abs(hashtext(c.id::text || 'l' || n)) % ${LAST_NAMES.length}] AS l) names`;
}

function reviewsSql(count: number): string {
  // 40 % of reviews go to 5 hot approved entities; the rest spread over every entity.
  return `
    WITH ents AS (
      SELECT array_agg(id ORDER BY name) AS ids, count(*)::int AS n FROM entities
    ), hot AS (
      SELECT array_agg(id) AS ids FROM (
        SELECT id FROM entities WHERE verification_status = 'approved' ORDER BY name LIMIT 5
      ) h
    ), reviewers AS (
      SELECT array_agg(id ORDER BY email) AS ids, count(*)::int AS n FROM users
      WHERE email LIKE 'bench-user-%'
    )
    INSERT INTO reviews (entity_id, reviewer_user_id, reviewer_type, title, review_text, text_hash,
      overall_rating, rating_quality, rating_support, rating_reliability, rating_payment_speed,
      tags, is_anonymous, status, admin_notes, helpful_votes, unhelpful_votes, published_at,
      moderated_at, created_at, updated_at)
    SELECT
      CASE WHEN s.r_hot < 0.4 THEN hot.ids[1 + floor(s.r_pick * 5)::int]
        ELSE ents.ids[1 + floor(s.r_pick * ents.n)::int] END,
      reviewers.ids[1 + (s.g * 7919) % reviewers.n],
      (ARRAY['user','user','user','affiliate','network','advertiser'])[1 + s.g % 6],
      (${arr(REVIEW_TITLES)})[1 + s.g % ${REVIEW_TITLES.length}],
      s.body, md5(s.body || s.g),
      s.overall, least(5, s.overall + s.g % 2), greatest(1, s.overall - s.g % 3 % 2),
      s.overall, least(5, greatest(1, s.overall + (s.g % 3) - 1)),
      CASE WHEN s.g % 3 = 0 THEN ARRAY[(${arr(REVIEW_TAGS)})[1 + s.g % ${REVIEW_TAGS.length}]]
        ELSE '{}'::text[] END,
      s.g % 10 = 0,
      s.status,
      CASE WHEN s.status = 'flagged' THEN 'Held by the spam filter (benchmark data)' END,
      floor(power(s.r_pick, 3) * 40)::int, floor(power(s.r_hot, 4) * 10)::int,
      CASE WHEN s.status = 'approved' THEN s.created_at END,
      CASE WHEN s.status IN ('approved', 'rejected') THEN s.created_at END,
      s.created_at, s.created_at
    FROM (
      SELECT g, random() AS r_hot, random() AS r_pick,
        least(5, 1 + floor(power(random(), 0.6) * 5)::int) AS overall,
        CASE WHEN g % 100 < 85 THEN 'approved' WHEN g % 100 < 93 THEN 'pending'
          WHEN g % 100 < 97 THEN 'rejected' ELSE 'flagged' END AS status,
        (${arr(REVIEW_SENTENCES)})[1 + g % ${REVIEW_SENTENCES.length}] || ' ' ||
          (${arr(REVIEW_SENTENCES)})[1 + (g / 10) % ${REVIEW_SENTENCES.length}] || ' ' ||
          (${arr(REVIEW_SENTENCES)})[1 + (g / 100) % ${REVIEW_SENTENCES.length}] AS body,
        now() - power(random(), 1.3) * interval '700 days' AS created_at
      FROM generate_series(1, ${count}) g
    ) s, ents, hot, reviewers`;
}

/**
 * Approved applications with tracking links (/go/{code}, modules/applications): the mixed case
 * follows them (clicks). Affiliates applied to the most-clicked visible offers, one each.
 */
export const APPLICATION_COUNT = 1_000;

function applicationsSql(count: number): string {
  return `
    WITH affiliates AS (
      SELECT array_agg(id ORDER BY name) AS ids, count(*)::int AS n
      FROM entities WHERE entity_type = 'affiliate' AND verification_status = 'approved'
    ), applicant AS (
      SELECT id FROM users WHERE email LIKE 'bench-user-%' ORDER BY email LIMIT 1
    ), picked AS (
      SELECT o.id, o.entity_id, row_number() OVER (ORDER BY o.click_count DESC, o.title) AS rn
      FROM offers o JOIN entities e ON e.id = o.entity_id
      WHERE o.offer_status = 'active' AND (o.expires_at IS NULL OR o.expires_at > now())
        AND e.verification_status = 'approved'
      ORDER BY o.click_count DESC, o.title
      LIMIT ${count}
    )
    INSERT INTO offer_applications (offer_id, owner_entity_id, entity_id, user_id, message, status,
      decided_at, tracking_code, created_at, updated_at)
    SELECT p.id, p.entity_id, a.ids[1 + (p.rn % a.n)::int], applicant.id,
      'Benchmark application ' || p.rn, 'approved', now(), 'bench' || md5(p.id::text),
      now() - interval '30 days', now()
    FROM picked p, affiliates a, applicant`;
}

/**
 * The `results-30d` case (docs/decisions/031): the first benchmark application's offer gets
 * RESULTS_AFFILIATES approved applications and `clicks` clicks spread over RESULTS_DAYS days (one
 * in four without a sub1, the rest over ten sub1 values; one in twenty converted). run.ts then
 * builds the daily roll-ups from them (modules/results rebuildDaily), as the live path keeps them.
 */
export const RESULTS_AFFILIATES = 100;
export const RESULTS_DAYS = 90;
const RESULTS_OFFER = `(SELECT offer_id FROM offer_applications WHERE message = 'Benchmark application 1')`;

function resultsApplicationsSql(): string {
  return `
    WITH affiliates AS (
      SELECT id, row_number() OVER (ORDER BY name) AS rn
      FROM entities WHERE entity_type = 'affiliate' AND verification_status = 'approved'
    ), applicant AS (
      SELECT id FROM users WHERE email LIKE 'bench-user-%' ORDER BY email LIMIT 1
    )
    INSERT INTO offer_applications (offer_id, owner_entity_id, entity_id, user_id, message, status,
      decided_at, tracking_code, created_at, updated_at)
    SELECT o.id, o.entity_id, a.id, applicant.id, 'Benchmark results application ' || a.rn,
      'approved', now(), 'benchres' || md5(a.id::text), now() - interval '${RESULTS_DAYS + 10} days', now()
    FROM offers o, affiliates a, applicant
    WHERE o.id = ${RESULTS_OFFER} AND a.rn <= ${RESULTS_AFFILIATES}
    ON CONFLICT DO NOTHING`;
}

function resultsClicksSql(clicks: number): string {
  return `
    WITH apps AS (
      SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n
      FROM offer_applications WHERE offer_id = ${RESULTS_OFFER} AND status = 'approved'
    )
    INSERT INTO tracking_clicks (application_id, offer_id, visitor_key, day, created_at,
      converted_at, payout, sub1)
    SELECT apps.ids[1 + (g % apps.n)], ${RESULTS_OFFER}, md5('bench-click-' || g), (t.at AT TIME ZONE 'UTC')::date, t.at,
      CASE WHEN g % 20 = 0 THEN t.at END, CASE WHEN g % 20 = 0 THEN 30 END,
      -- Drawn from g / n, not g: g % n picks the application, so g % 10 would give each
      -- application one sub1 value only, and the roll-ups a tenth of their rows.
      CASE WHEN (g / apps.n) % 4 <> 0 THEN 'source-' || ((g / apps.n) % 10) END
    FROM apps, generate_series(1, ${clicks}) AS g,
    LATERAL (SELECT now() - ((g * 0.6180339887) % 1) * interval '${RESULTS_DAYS} days' AS at) t`;
}

/** The maintained counters of entities (decision 008), recomputed in one statement. */
const ENTITY_STATS_SQL = `
  UPDATE entities e SET reputation_score = coalesce(st.score, 0), total_reviews = coalesce(st.total, 0)
  FROM (
    SELECT e2.id, round(avg(r.overall_rating), 2) AS score, count(r.id)::int AS total
    FROM entities e2 LEFT JOIN reviews r ON r.entity_id = e2.id AND r.status = 'approved'
    GROUP BY e2.id
  ) st
  WHERE st.id = e.id`;

const BULK_TABLES = [
  'offers',
  'offer_geo_listings',
  'tracking_clicks',
  'affiliate_companies',
  'affiliate_company_contacts',
  'reviews',
  'users',
  'entities',
];

async function timed(
  report: SeedReport,
  name: string,
  fn: () => Promise<unknown>,
  log: (line: string) => void,
): Promise<void> {
  const start = performance.now();
  await fn();
  const s = (performance.now() - start) / 1000;
  report.seconds[name] = Math.round(s * 10) / 10;
  log(`  ${name.padEnd(34)} ${s.toFixed(1).padStart(6)} s`);
}

type Step = [name: string, sql: string];

/** Runs lists of steps, one list per connection, the lists side by side. */
async function inLanes(
  execs: Exec[],
  lanes: Step[][],
  report: SeedReport,
  log: (line: string) => void,
): Promise<void> {
  // With one connection the lists run one after the other.
  const merged = execs.length === 1 ? [lanes.flat()] : lanes;
  await Promise.all(
    merged.map(async (steps, i) => {
      let indexes = 0;
      const indexStart = performance.now();
      for (const [name, text] of steps) {
        // Each step restarts random() from its own seed: same data whatever runs beside it.
        await execs[i]!(`SELECT setseed(${(0.1 + (hashOf(name) % 800) / 1000).toFixed(3)})`);
        const isIndex = name.startsWith('index ');
        await timed(report, name, () => execs[i]!(text), isIndex ? () => {} : log);
        if (isIndex && ++indexes === steps.filter(([n]) => n.startsWith('index ')).length) {
          const s = (performance.now() - indexStart) / 1000;
          log(
            `  ${`${indexes} indexes (session ${i + 1})`.padEnd(34)} ${s.toFixed(1).padStart(6)} s`,
          );
        }
      }
    }),
  );
}

function hashOf(text: string): number {
  let h = 0;
  for (const ch of text.replace(/\(.*\)/, '')) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * Indexes that the tables' own triggers read while rows go in: a new offer's or entity's slug is
 * checked against the slugs already there (migration 0024). Without its index each row scans the
 * table, rows of the same statement included: the 1M offers never finished loading (over 10
 * minutes on one statement, 2026-11-26).
 */
const KEPT_WHILE_SEEDING = ['offers_slug_key', 'entities_slug_key'];

/** The table an index statement is on, to rebuild each table's indexes on one connection. */
const tableOf = (def: string) => /\bON (?:ONLY )?(?:public\.)?"?([a-z_]+)"?/i.exec(def)?.[1] ?? '';
const COMPANY_TABLES = new Set(['affiliate_companies', 'affiliate_company_contacts']);

/**
 * Fills an empty, migrated database. Each `exec` is one session (settings and the random()
 * sequence are per session); with two, offers and companies are loaded side by side.
 */
export async function seedBenchData(
  execs: Exec[],
  sizes: SeedSizes,
  log: (line: string) => void,
  options: { postgres: boolean },
): Promise<SeedReport> {
  const exec = execs[0]!;
  const report: SeedReport = { seconds: {}, counts: {}, hotEntityId: '', hotEntityReviews: 0 };
  if (options.postgres) {
    for (const e of execs) {
      await e(`SET maintenance_work_mem = '1GB'`);
      await e(`SET synchronous_commit = off`);
      await e(`SET max_parallel_maintenance_workers = ${execs.length > 1 ? 0 : 2}`);
    }
  }
  const started = performance.now();

  const { rows: indexes } = await exec(`
    SELECT i.indexname AS name, i.indexdef AS def
    FROM pg_indexes i
    WHERE i.schemaname = 'public'
      AND i.tablename IN (${BULK_TABLES.map(lit).join(',')})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
      AND i.indexname NOT IN (${KEPT_WHILE_SEEDING.map(lit).join(',')})
    ORDER BY i.tablename, i.indexname`);
  await timed(
    report,
    'drop secondary indexes',
    async () => {
      for (const ix of indexes) await exec(`DROP INDEX "${String(ix.name)}"`);
    },
    log,
  );

  const readers = Math.max(1_000, Math.round(sizes.reviews / 10));
  await inLanes(
    execs,
    [
      [
        [`entities (${ENTITY_COUNT})`, entitiesSql()],
        [`users (${readers})`, usersSql(readers)],
      ],
    ],
    report,
    log,
  );
  const companySteps: Step[] = [[`companies (${sizes.companies})`, companiesSql(sizes.companies)]];
  if (sizes.contactsPerCompany > 0) {
    companySteps.push([
      `contacts (~${sizes.contactsPerCompany}/company)`,
      contactsSql(sizes.contactsPerCompany),
    ]);
  }
  await inLanes(
    execs,
    [
      [
        [`offers (${sizes.offers})`, offersSql(sizes.offers)],
        [`reviews (${sizes.reviews})`, reviewsSql(sizes.reviews)],
        ['entity review counters', ENTITY_STATS_SQL],
        [`applications (${APPLICATION_COUNT})`, applicationsSql(APPLICATION_COUNT)],
        [`results applications (${RESULTS_AFFILIATES})`, resultsApplicationsSql()],
        [`results clicks (${sizes.clicks})`, resultsClicksSql(sizes.clicks)],
      ],
      companySteps,
    ],
    report,
    log,
  );

  const defs = indexes.map((ix) => String(ix.def));
  const rebuild = (company: boolean): Step[] =>
    defs
      .filter((d) => COMPANY_TABLES.has(tableOf(d)) === company)
      .map((d) => [`index ${/INDEX "?([a-z_0-9]+)"?/i.exec(d)?.[1] ?? d}`, d]);
  // VACUUM sets the visibility map (index-only scans), ANALYZE gives the planner statistics.
  const vacuum = (company: boolean): Step[] =>
    BULK_TABLES.filter((t) => COMPANY_TABLES.has(t) === company).map((t) => [
      `vacuum analyze ${t}`,
      `VACUUM (ANALYZE) ${t}`,
    ]);
  await inLanes(
    execs,
    [
      [...rebuild(false), ...vacuum(false)],
      [...rebuild(true), ...vacuum(true)],
    ],
    report,
    log,
  );
  await exec('ANALYZE');
  report.seconds.total = Math.round((performance.now() - started) / 100) / 10;
  log(`  ${'seeded in'.padEnd(34)} ${report.seconds.total.toFixed(1).padStart(6)} s`);

  const { rows: counts } = await exec(`
    SELECT (SELECT count(*) FROM entities)::int AS entities,
      (SELECT count(*) FROM users)::int AS users,
      (SELECT count(*) FROM offers)::int AS offers,
      (SELECT count(*) FROM offers o JOIN entities e ON e.id = o.entity_id
        WHERE o.offer_status = 'active' AND (o.expires_at IS NULL OR o.expires_at > now())
          AND e.verification_status = 'approved')::int AS offers_visible,
      (SELECT count(*) FROM affiliate_companies)::int AS companies,
      (SELECT count(*) FROM affiliate_company_contacts)::int AS contacts,
      (SELECT count(*) FROM reviews)::int AS reviews,
      (SELECT count(*) FROM tracking_clicks)::int AS clicks,
      (SELECT count(*) FROM offer_applications WHERE tracking_code IS NOT NULL)::int AS tracking_links`);
  for (const [k, v] of Object.entries(counts[0] ?? {})) report.counts[k] = Number(v);
  const { rows: hot } = await exec(`
    SELECT id, total_reviews FROM entities WHERE verification_status = 'approved'
    ORDER BY total_reviews DESC, id LIMIT 1`);
  report.hotEntityId = String(hot[0]?.id);
  report.hotEntityReviews = Number(hot[0]?.total_reviews ?? 0);
  return report;
}
