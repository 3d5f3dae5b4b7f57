// Business constants of docs/product/constants.md, shared by the API and the web app. Change them here only.

export const ROLES = ['user', 'advertiser', 'affiliate', 'network', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ENTITY_TYPES = ['advertiser', 'affiliate', 'network'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const ENTITY_FILTER_VALUES = ['all', ...VERIFICATION_STATUSES] as const;

export const REVIEW_STATUSES = ['approved', 'pending', 'rejected', 'flagged'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const CATEGORY_RATING_KEYS = ['quality', 'support', 'reliability', 'payment_speed'] as const;
export type CategoryRatingKey = (typeof CATEGORY_RATING_KEYS)[number];
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const REPLY_TYPES = ['response', 'clarification', 'dispute'] as const;
export const VOTE_TYPES = ['helpful', 'unhelpful'] as const;

export const PAYOUT_TYPES = ['CPA', 'CPL', 'CPI', 'RevShare'] as const;
/** The explorer's sorts (docs/decisions/028-offer-word-search.md). */
export const OFFER_SORTS = ['newest', 'best', 'payout'] as const;
/** Saved searches with a daily alert (docs/decisions/028). */
export const SAVED_SEARCH_LIMITS = {
  nameMax: 80,
  /** Saved searches per user. */
  perUser: 20,
  /** New offers an alert counts, at most ("100+ new offers"). */
  newOffersCap: 100,
} as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
export const DEFAULT_PAYOUT_TYPE: PayoutType = 'CPA';

export const OFFER_CATEGORY_CHIPS = [
  'All',
  'Nutra',
  'Crypto',
  'Dating',
  'Gambling',
  'Game',
  'COD',
  'Sweepstakes',
  'Finance',
  'Health',
] as const;

export const VERIFICATION_METHODS = ['linkedin', 'business_email'] as const;
export const COMPANY_TYPES = ['Advertiser', 'Affiliate', 'Network'] as const;

export const PAGE_SIZES = {
  companies: 20,
  entityReviews: 10,
  myReviews: 50,
  recentReviews: 3,
  reviewPanel: 20,
  moderation: 50,
  entitiesByType: 10,
  emailHistory: 20,
} as const;

export const DEBOUNCE_MS = {
  companySearch: 500,
  offerSearch: 300,
} as const;

export const LOGIN_DOUBLE_SUBMIT_GUARD_MS = 1000;
export const POST_LOGIN_REDIRECT_DELAY_MS = 100;
export const REDIRECT_SCREEN_CLEAR_MS = 3000;
export const VERIFICATION_REDIRECT_DELAY_MS = 3000;
export const MIN_PASSWORD_LENGTH = 6;

export const PRIORITY_THRESHOLDS = { high: 50000, medium: 10000 } as const;
export const WISHLIST_CARD_GEOS = 4;
export const OFFER_CARD_GEOS = 2;

export const TOAST_DURATIONS_MS = {
  success: 3000,
  error: 5000,
  warning: 4000,
  info: 3000,
  reply: 3000,
  entityRegistration: 5000,
} as const;
export const TOASTS_VISIBLE = 5;

export const STORAGE_KEYS = {
  authToken: 'authToken',
  currentUser: 'currentUser',
  passwordResetRequired: 'password_reset_required',
} as const;

/** Fixed marketing text of the landing page (docs/product/README.md#what-it-does, docs/product/constants.md): not computed. */
export const MARKETING_FIGURES = {
  companies: '70K+',
  companiesLong: '70,000+',
  connections: '500K+',
  countries: '150+',
  support: '24/7',
  trustScore: '99.9%',
  accuracy: '99.8%',
} as const;
export const TAGLINE = 'Where Trust Links Us All';
