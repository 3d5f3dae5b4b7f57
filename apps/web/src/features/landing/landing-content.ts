import { MARKETING_FIGURES, TAGLINE } from '@trustlinks/contract/constants';

/**
 * All text of the landing page (docs/product/README.md#what-it-does, docs/product/screens.md#landing-page). Static marketing copy and sample cards:
 * nothing here is computed or fetched. The figures come from the contract (docs/product/constants.md).
 */

export const HERO = {
  eyebrow: `Trusted by ${MARKETING_FIGURES.companiesLong} verified companies`,
  title: TAGLINE,
  subline:
    'The trust and directory platform for affiliate marketing. Find verified advertisers, networks and affiliates, read honest reviews, and build partnerships you can rely on.',
  actions: [
    { label: 'Write a Review', to: '/writereview', variant: 'primary' },
    { label: 'Affiliates Wishlist', to: '/affiliatedwishlist', variant: 'outline' },
    { label: 'Advertisers Showcase', to: '/showcase', variant: 'outline' },
  ],
  stats: [
    { value: MARKETING_FIGURES.companies, label: 'Verified Companies' },
    { value: MARKETING_FIGURES.connections, label: 'Connections' },
    { value: MARKETING_FIGURES.countries, label: 'Countries' },
  ],
} as const;

export interface SampleOffer {
  title: string;
  network: string;
  payout: string;
  geo: string;
  category: string;
  conversionRate: string;
  tier: 'Elite' | 'Premium' | 'Standard';
}

export const TOP_OFFERS = {
  title: 'Top Performing Offers',
  subtitle: 'High-converting campaigns from verified advertisers and networks.',
  viewAll: { label: 'View All Offers', to: '/offers' },
  apply: { label: 'Apply Now', to: '/offers' },
  labels: { payout: 'Payout', geo: 'GEO', conversion: 'Conversion rate' },
  offers: [
    {
      title: 'KetoSlim Pro Trial',
      network: 'Vitality Partners',
      payout: '$45.00 CPA',
      geo: 'US, CA',
      category: 'Nutra',
      conversionRate: '3.8%',
      tier: 'Premium',
    },
    {
      title: 'CoinNest Crypto Exchange',
      network: 'BlockReach Media',
      payout: '$120.00 CPA',
      geo: 'UK, DE, AU',
      category: 'Crypto',
      conversionRate: '2.4%',
      tier: 'Elite',
    },
    {
      title: 'QuickLend Personal Loans',
      network: 'FinFlow Network',
      payout: '$35.00 CPL',
      geo: 'US',
      category: 'Finance',
      conversionRate: '6.1%',
      tier: 'Standard',
    },
    {
      title: 'Royal Spins First Deposit',
      network: 'Apex Gaming Group',
      payout: '40% RevShare',
      geo: 'CA, NZ',
      category: 'Gambling',
      conversionRate: '1.9%',
      tier: 'Elite',
    },
  ] satisfies SampleOffer[],
} as const;

export interface SampleOfferRequest {
  vertical: string;
  geo: string;
  trafficType: string;
  budget: string;
  urgency: 'High' | 'Medium';
  experience: string;
}

export const OFFER_REQUESTS = {
  title: 'Popular Offer Requests',
  subtitle: 'Affiliates looking for offers right now. Send them yours.',
  viewAll: { label: 'View All Requests', to: '/affiliatedwishlist' },
  submit: { label: 'Submit Offer', to: '/affiliatedwishlist' },
  labels: {
    geo: 'GEO',
    trafficType: 'Traffic type',
    budget: 'Budget',
    experience: 'Experience',
    urgency: 'Urgency',
  },
  requests: [
    {
      vertical: 'Nutra',
      geo: 'US, CA, UK',
      trafficType: 'Facebook Ads',
      budget: '$5,000 – $15,000 / month',
      urgency: 'High',
      experience: '5+ years',
    },
    {
      vertical: 'Dating',
      geo: 'DE, FR, NL',
      trafficType: 'Native & Push',
      budget: '$3,000 – $8,000 / month',
      urgency: 'Medium',
      experience: '3+ years',
    },
    {
      vertical: 'Sweepstakes',
      geo: 'US',
      trafficType: 'Email & SMS',
      budget: '$10,000 – $25,000 / month',
      urgency: 'High',
      experience: '7+ years',
    },
  ] satisfies SampleOfferRequest[],
} as const;

export interface SampleReview {
  rating: 1 | 2 | 3 | 4 | 5;
  reviewer: string;
  role: string;
  /** The company the review is about. */
  reviewed: string;
  title: string;
  text: string;
  helpful: number;
}

export const REVIEWS = {
  title: 'Trusted Reviews from Real Partners',
  subtitle: 'Every review comes from a verified member of the industry.',
  viewAll: { label: 'Read All Reviews', to: '/review' },
  verified: 'Verified',
  reviewOf: 'Review of',
  helpful: 'Helpful',
  reply: 'Reply',
  reviews: [
    {
      rating: 5,
      reviewer: 'Sarah Mitchell',
      role: 'Affiliate',
      reviewed: 'FinFlow Network',
      title: 'Payments always on time',
      text: 'Weekly payouts for two years without a single delay. Their affiliate managers answer within the hour and the tracking matches ours to the click.',
      helpful: 48,
    },
    {
      rating: 4,
      reviewer: 'David Chen',
      role: 'Advertiser',
      reviewed: 'BlockReach Media',
      title: 'Quality traffic, clear reporting',
      text: 'Traffic quality was well above what we saw elsewhere and fraud screening is solid. Onboarding took a little longer than promised.',
      helpful: 31,
    },
    {
      rating: 5,
      reviewer: 'Elena Rodríguez',
      role: 'Network',
      reviewed: 'Vitality Partners',
      title: 'A partner we trust',
      text: 'Transparent terms, fast approvals and honest caps. Exactly the kind of advertiser we want to send our best publishers to.',
      helpful: 27,
    },
  ] satisfies SampleReview[],
} as const;

export interface SampleCompany {
  name: string;
  type: 'Network' | 'Advertiser';
  members: string;
  rating: string;
  specialties: string[];
  founded: number;
}

export const DATABASE = {
  title: 'Affiliate Industry Database',
  subtitle: `Access ${MARKETING_FIGURES.companiesLong} verified companies with contacts, specialties and reputation in one place.`,
  viewAll: { label: 'Explore Database', to: '/affliate-industry' },
  requestAccess: { label: 'Request Access', to: '/affliate-industry' },
  labels: { members: 'Members', rating: 'Rating', founded: 'Founded', specialties: 'Specialties' },
  companies: [
    {
      name: 'ClickStream Media',
      type: 'Network',
      members: '12,400',
      rating: '4.8',
      specialties: ['Nutra', 'Finance', 'Sweepstakes'],
      founded: 2012,
    },
    {
      name: 'Northwind Commerce',
      type: 'Advertiser',
      members: '860',
      rating: '4.6',
      specialties: ['E-commerce', 'COD'],
      founded: 2016,
    },
    {
      name: 'Horizon Ads Network',
      type: 'Network',
      members: '8,900',
      rating: '4.7',
      specialties: ['Dating', 'Gambling', 'Crypto'],
      founded: 2010,
    },
  ] satisfies SampleCompany[],
} as const;

export const FIGURES = {
  title: 'Trusted across the industry',
  subtitle: 'The numbers behind the TrustLinks community.',
  items: [
    { value: MARKETING_FIGURES.companies, label: 'Verified Companies' },
    { value: MARKETING_FIGURES.connections, label: 'Connections' },
    { value: MARKETING_FIGURES.countries, label: 'Countries' },
    { value: MARKETING_FIGURES.support, label: 'Support' },
    { value: MARKETING_FIGURES.trustScore, label: 'Trust Score' },
    { value: MARKETING_FIGURES.accuracy, label: 'Accuracy' },
  ],
} as const;

export const COMMUNITY = {
  title: 'Join our Telegram community',
  text: 'Talk shop with thousands of affiliates, advertisers and networks. Share insights, find partners and hear about new offers first.',
  button: 'Join the Community',
} as const;

export const FINAL_CTA = {
  title: 'Ready to build partnerships you can trust?',
  text: 'Join the affiliate marketing community that puts trust first.',
  button: { label: 'Get Started Free', to: '/signup' },
  note: 'Free to join • No setup fees',
} as const;
