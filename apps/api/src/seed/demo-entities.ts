import { entities, type ContactInfo } from '../db/schema';
import type { SeedStep } from './run';

interface DemoEntity {
  name: string;
  entityType: 'advertiser' | 'affiliate' | 'network';
  email: string;
  website: string;
  country: string;
  description: string;
  contactInfo: ContactInfo;
  entityMetadata: Record<string, unknown>;
  status: 'approved' | 'pending' | 'rejected';
  /** Visitors 'Join' has sent to its sign-up page (docs/decisions/026; shown to its own users). */
  joinClicks?: number;
  /** The person who logs in for it (approved entities only). */
  login?: { firstName: string; lastName: string; printed?: boolean };
}

const demo = (domain: string, local = 'partners') => `${local}@${domain}`;

/** Companies of the demo: realistic, fictional, on example-style domains. */
export const DEMO_ENTITIES: DemoEntity[] = [
  {
    name: 'Vitality Partners',
    entityType: 'advertiser',
    email: 'advertiser@demo.trustlinks.test',
    website: 'https://vitality-partners.example.com',
    country: 'United Kingdom',
    description:
      'Direct advertiser of premium Nutra and wellness products, running an in-house affiliate program since 2014 with weekly payouts and transparent caps.',
    contactInfo: {
      phone: '+44 20 7946 0412',
      telegram: '@vitality_aff',
      teams: 'aff@vitality-partners.example.com',
    },
    entityMetadata: {
      company_name: 'Vitality Partners Ltd',
      program_name: 'Vitality Affiliates',
      program_category: 'Nutra',
      signup_url: 'https://vitality-partners.example.com/affiliates',
      industries: ['Nutra', 'Health', 'Beauty'],
      founded_year: 2014,
      social_media: { linkedin: 'https://www.linkedin.com/company/vitality-partners-example' },
      payout_types: ['CPA', 'RevShare'],
      payment_terms: 'Weekly, Net 7',
      referral_commission: 0.05,
    },
    status: 'approved',
    joinClicks: 37,
    login: { firstName: 'Olivia', lastName: 'Hart', printed: true },
  },
  {
    name: 'Apex Gaming Group',
    entityType: 'advertiser',
    email: demo('apex-gaming.example.com'),
    website: 'https://apex-gaming.example.com',
    country: 'Malta',
    description:
      'Licensed iGaming operator with casino and sportsbook brands across Tier-1 GEOs. Hybrid and RevShare deals for quality traffic.',
    contactInfo: { skype: 'live:apex.partners', phone: '+356 2123 4567' },
    entityMetadata: {
      company_name: 'Apex Gaming Group plc',
      program_name: 'Apex Partners',
      program_category: 'Gambling',
      signup_url: 'https://apex-gaming.example.com/partners',
      industries: ['Gambling', 'Sports betting'],
      founded_year: 2011,
      payout_types: ['CPA', 'RevShare'],
      payment_terms: 'Monthly, Net 15',
      referral_commission: 0.03,
    },
    status: 'approved',
    login: { firstName: 'Marco', lastName: 'Vella' },
  },
  {
    name: 'CoinNest Exchange',
    entityType: 'advertiser',
    email: demo('coinnest.example.com', 'affiliates'),
    website: 'https://coinnest.example.com',
    country: 'Estonia',
    description:
      'Regulated crypto exchange paying CPA on verified, funded accounts. Strict compliance on creatives; fast approvals for clean traffic.',
    contactInfo: {
      telegram: '@coinnest_partners',
      linkedin: 'https://www.linkedin.com/company/coinnest-example',
    },
    entityMetadata: {
      company_name: 'CoinNest OÜ',
      program_name: 'CoinNest Affiliates',
      program_category: 'Crypto',
      industries: ['Crypto', 'Finance'],
      founded_year: 2018,
      payout_types: ['CPA'],
      payment_terms: 'Bi-weekly',
      referral_commission: 0.1,
    },
    status: 'approved',
    login: { firstName: 'Kaisa', lastName: 'Tamm' },
  },
  {
    name: 'QuickLend Finance',
    entityType: 'advertiser',
    email: demo('quicklend.example.com'),
    website: 'https://quicklend.example.com',
    country: 'United States',
    description:
      'Personal loan marketplace buying CPL leads in the US with real-time lead validation.',
    contactInfo: { phone: '+1 415 555 0134' },
    entityMetadata: {
      company_name: 'QuickLend Inc.',
      program_category: 'Finance',
      industries: ['Finance', 'Loans'],
      founded_year: 2016,
      payout_types: ['CPL'],
      payment_terms: 'Net 30',
    },
    status: 'pending',
  },
  {
    name: 'Northwind Traffic',
    entityType: 'affiliate',
    email: 'affiliate@demo.trustlinks.test',
    website: 'https://northwind-traffic.example.com',
    country: 'Canada',
    description:
      'Media buying team running native and push traffic for Nutra, Dating and Sweepstakes in North America and the Nordics.',
    contactInfo: { telegram: '@northwind_media', skype: 'live:northwind.media' },
    entityMetadata: {
      verticals: ['Nutra', 'Dating', 'Sweepstakes'],
      monthly_revenue: '$100k–$250k',
      traffic_provided_geos: ['US', 'CA', 'SE', 'NO'],
      reference_details: {
        name: 'Lena Berg',
        contact: 'lena@refs.example.com',
        company: 'Fjord Ads',
      },
    },
    status: 'approved',
    login: { firstName: 'Ethan', lastName: 'Clarke', printed: true },
  },
  {
    name: 'Sunrise Media Buying',
    entityType: 'affiliate',
    email: demo('sunrise-media.example.com', 'team'),
    website: 'https://sunrise-media.example.com',
    country: 'Spain',
    description:
      'Facebook and TikTok media buyers focused on COD offers in LATAM and Southern Europe.',
    contactInfo: { phone: '+34 910 555 210', telegram: '@sunrise_cod' },
    entityMetadata: {
      verticals: ['COD', 'Nutra'],
      monthly_revenue: '$50k–$100k',
      traffic_provided_geos: ['ES', 'IT', 'MX', 'CO'],
    },
    status: 'approved',
    login: { firstName: 'Lucía', lastName: 'Romero' },
  },
  {
    name: 'ClickStream Publishers',
    entityType: 'affiliate',
    email: demo('clickstream.example.com', 'hello'),
    website: 'https://clickstream.example.com',
    country: 'Germany',
    description: 'SEO content network with comparison sites for finance and insurance in DACH.',
    contactInfo: { linkedin: 'https://www.linkedin.com/company/clickstream-example' },
    entityMetadata: {
      verticals: ['Finance', 'Insurance'],
      monthly_revenue: '$25k–$50k',
      traffic_provided_geos: ['DE', 'AT', 'CH'],
    },
    status: 'approved',
    login: { firstName: 'Jonas', lastName: 'Weber' },
  },
  {
    name: 'Pixel Push Ltd',
    entityType: 'affiliate',
    email: demo('pixelpush.example.com'),
    website: 'https://pixelpush.example.com',
    country: 'Cyprus',
    description: 'Push and pop traffic for sweepstakes, new to the platform.',
    contactInfo: { telegram: '@pixelpush' },
    entityMetadata: { verticals: ['Sweepstakes'], traffic_provided_geos: ['US', 'GB'] },
    status: 'pending',
  },
  {
    name: 'BlockReach Media',
    entityType: 'network',
    email: 'network@demo.trustlinks.test',
    website: 'https://blockreach.example.com',
    country: 'Netherlands',
    description:
      'CPA network specialised in Crypto and Finance with 400+ direct offers, in-house tracking and weekly payments.',
    contactInfo: { telegram: '@blockreach_am', phone: '+31 20 555 0199', skype: 'live:blockreach' },
    entityMetadata: {
      network_name: 'BlockReach Media',
      signup_url: 'https://blockreach.example.com/join',
      tracking_platform: 'Everflow',
      supported_models: ['CPA', 'CPL', 'RevShare'],
      verticals: ['Crypto', 'Finance'],
      payment_terms: 'Weekly',
      offers_available: 420,
      minimum_payout: 100,
      referral_commission: 0.05,
    },
    status: 'approved',
    login: { firstName: 'Daan', lastName: 'Visser', printed: true },
  },
  {
    name: 'FinFlow Network',
    entityType: 'network',
    email: demo('finflow.example.com'),
    website: 'https://finflow.example.com',
    country: 'United States',
    description:
      'Lead-gen network for loans, insurance and credit repair with exclusive US offers.',
    contactInfo: { phone: '+1 646 555 0177', teams: 'am@finflow.example.com' },
    entityMetadata: {
      network_name: 'FinFlow',
      tracking_platform: 'CAKE',
      supported_models: ['CPL', 'CPA'],
      verticals: ['Finance', 'Insurance'],
      payment_terms: 'Net 15',
      offers_available: 180,
      minimum_payout: 50,
      referral_commission: 0.03,
    },
    status: 'approved',
    login: { firstName: 'Grace', lastName: 'Kim' },
  },
  {
    name: 'Horizon Ads Network',
    entityType: 'network',
    email: demo('horizon-ads.example.com'),
    website: 'https://horizon-ads.example.com',
    country: 'Singapore',
    description: 'Mobile-first network for Dating, Gaming and Utilities apps across APAC.',
    contactInfo: {
      telegram: '@horizon_ads',
      linkedin: 'https://www.linkedin.com/company/horizon-ads-example',
    },
    entityMetadata: {
      network_name: 'Horizon Ads',
      tracking_platform: 'AppsFlyer + HasOffers',
      supported_models: ['CPI', 'CPA'],
      verticals: ['Dating', 'Gaming', 'Utilities'],
      payment_terms: 'Net 30',
      offers_available: 260,
      minimum_payout: 200,
    },
    status: 'approved',
    login: { firstName: 'Wei', lastName: 'Tan' },
  },
  {
    name: 'Velvet Leads',
    entityType: 'network',
    email: demo('velvet-leads.example.com'),
    website: 'https://velvet-leads.example.com',
    country: 'Bulgaria',
    description: 'Newly founded network; application under review.',
    contactInfo: { skype: 'live:velvetleads' },
    entityMetadata: { supported_models: ['CPA'], verticals: ['Dating'] },
    status: 'pending',
  },
  {
    name: 'Shady Clicks Co',
    entityType: 'network',
    email: demo('shady-clicks.example.com'),
    website: 'https://shady-clicks.example.com',
    country: 'Unknown',
    description: 'Application rejected: incomplete company details and unverifiable references.',
    contactInfo: { telegram: '@shadyclicks' },
    entityMetadata: {},
    status: 'rejected',
  },
];

export const demoEntitiesStep: SeedStep = {
  name: '002-demo-entities',
  async run({ tx, createAccount, printLogin }) {
    for (const e of DEMO_ENTITIES) {
      const [row] = await tx
        .insert(entities)
        .values({
          name: e.name,
          entityType: e.entityType,
          email: e.email,
          website: e.website,
          country: e.country,
          description: e.description,
          contactInfo: e.contactInfo,
          entityMetadata: e.entityMetadata,
          verificationStatus: e.status,
          userAccountCreated: Boolean(e.login),
          joinClickCount: e.joinClicks ?? 0,
        })
        .returning();
      if (e.login) {
        await createAccount({
          email: e.email,
          firstName: e.login.firstName,
          lastName: e.login.lastName,
          role: e.entityType,
          entityId: row!.id,
        });
        if (e.login.printed) printLogin(e.email, e.entityType);
      }
    }
  },
};
