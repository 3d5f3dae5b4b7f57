import type { Application } from '@trustlinks/contract/applications';
import type { Entity, PublicEntity } from '@trustlinks/contract/entities';
import type {
  Bid,
  OfferRequest,
  OfferRequestCreateInput,
} from '@trustlinks/contract/offer-requests';
import { explorerOfferSchema } from '@trustlinks/contract/offers';
import type { ExplorerOffer, Offer } from '@trustlinks/contract/offers';
import { reviewSchema } from '@trustlinks/contract/reviews';
import type { Reply, Review } from '@trustlinks/contract/reviews';
import type { CurrentUser } from '@trustlinks/contract/users';
import type { TrustContext } from '@trustlinks/contract/trust-context';
import { parseFixture } from './contract';

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    user_id: 'u-1',
    entity_id: null,
    role: 'user',
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    bio: null,
    ...overrides,
  };
}

let applicationSeq = 0;

/** An application as the API presents it (contract applicationSchema); ids differ per call. */
export function buildApplication(overrides: Partial<Application> = {}): Application {
  applicationSeq += 1;
  return {
    application_id: `40000000-0000-4000-8000-${String(applicationSeq).padStart(12, '0')}`,
    offer_id: 'offer-1',
    offer_slug: 'keto-burn-trial-0ff3e001',
    offer_title: 'Keto Burn Trial',
    offer_entity_id: 'adv-entity',
    offer_entity_slug: 'vitality-partners',
    offer_entity_name: 'Vitality Partners',
    applicant_entity_id: 'aff-entity',
    applicant_entity_slug: 'northwind-traffic',
    applicant_name: 'Northwind Traffic',
    applicant_type: 'affiliate',
    applicant_trust: buildTrust({ score: 4.3, reviews: 7 }),
    message: 'US push traffic, 20k a day.',
    traffic_sources: null,
    status: 'pending',
    decision_note: null,
    decided_at: null,
    created_at: '2026-03-04T10:00:00.000Z',
    tracking_url: null,
    click_count: 0,
    conversion_count: 0,
    payout_total: 0,
    terms: { payout_type: 'CPA', payout_value: 45, source: 'offer' },
    ...overrides,
  };
}

/** An offer as the API presents it to the public (contract offerSchema). */
export function buildOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: '7d1c2e9a-0000-4000-8000-000000000001',
    slug: 'ketoslim-pro-free-trial-7d1c2e9a',
    entity_id: '5f0c1c9e-0000-4000-8000-000000000001',
    entity_slug: 'vitality-partners',
    entity_name: 'Vitality Partners',
    entity_type: 'advertiser',
    title: 'KetoSlim Pro — Free Trial',
    category: 'Nutra',
    description: 'Free-trial keto supplement with a 1-step checkout.',
    target_geo: ['US', 'CA', 'GB'],
    payout_type: 'CPA',
    payout_value: 45,
    landing_page_url: 'https://offers.example.com/ketoslim',
    requirements: 'No incentivised traffic.',
    expires_at: null,
    offer_status: 'active',
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * An advertiser and a network as offers name them: spread into buildOffer for offers of two
 * companies (the advertisers wishlist's tests).
 */
export const OFFER_PUBLISHERS = {
  advertiser: {
    entity_id: 'adv-1',
    entity_slug: 'vitality-partners',
    entity_name: 'Vitality Partners',
    entity_type: 'advertiser',
  },
  network: {
    entity_id: 'net-1',
    entity_slug: 'blockreach-media',
    entity_name: 'BlockReach Media',
    entity_type: 'network',
  },
} as const satisfies Record<string, Partial<Offer>>;

/** An approved entity as anyone may see it (contract publicEntitySchema). */
export function buildPublicEntity(overrides: Partial<PublicEntity> = {}): PublicEntity {
  return {
    entity_id: '5f0c1c9e-0000-4000-8000-000000000001',
    slug: 'vitality-partners',
    name: 'Vitality Partners',
    entity_type: 'advertiser',
    website: null,
    description: null,
    image_url: null,
    country: null,
    verification_status: 'approved',
    reputation_score: 0,
    total_reviews: 0,
    offer_count: 0,
    entity_metadata: {},
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-06T10:00:00.000Z',
    ...overrides,
  };
}

/** An entity as its own users and admins see it (contract entitySchema), no change waiting. */
export function buildEntity(overrides: Partial<Entity> = {}): Entity {
  return {
    ...buildPublicEntity(),
    website: 'https://vitality.example.com',
    email: 'partners@vitality.example.com',
    additional_notes: null,
    contact_info: {},
    user_account_created: true,
    source: 'registration',
    ...overrides,
  };
}

let reviewSeq = 0;

/** A review as the API presents it (contract reviewSchema; a drifted one fails its test). */
export function buildReview(overrides: Partial<Review> = {}): Review {
  reviewSeq += 1;
  const review: Review = {
    review_id: `00000000-0000-4000-8000-${String(reviewSeq).padStart(12, '0')}`,
    entity_id: 'e-1',
    entity_slug: 'vitality-partners',
    entity_name: 'Vitality Partners',
    entity_type: 'advertiser',
    title: `Review ${reviewSeq}`,
    review_text: 'Paid every Friday, honest caps and a responsive manager.',
    overall_rating: 4,
    category_ratings: { quality: 4, support: 5, reliability: 4, payment_speed: 3 },
    tags: ['fast payouts'],
    is_anonymous: false,
    review_status: 'approved',
    helpful_votes: 2,
    unhelpful_votes: 0,
    reply_count: 0,
    has_owner_reply: false,
    created_at: '2026-03-01T10:00:00.000Z',
    published_at: '2026-03-01T10:00:00.000Z',
    reviewer_name: 'Maya Patel',
    reviewer_type: 'user',
    labels: [],
    ...overrides,
  };
  parseFixture(reviewSchema, review, 'buildReview');
  return review;
}

/** A reply as the API presents it (contract replySchema): the entity's answer to a review. */
export function buildReply(overrides: Partial<Reply> = {}): Reply {
  return {
    reply_id: '30000000-0000-4000-8000-000000000001',
    review_id: 'r-1',
    reply_type: 'response',
    reply_text: 'Thank you for the review; we pay every Friday.',
    author_name: 'Vitality Partners',
    created_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

let seq = 0;
/** A new UUID-shaped id per call, its first digit telling the kind. */
const id = (prefix: string) => {
  seq += 1;
  return `${prefix}0000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

/** An offer request as the API presents it (contract offerRequestSchema); ids differ per call. */
export function buildOfferRequest(overrides: Partial<OfferRequest> = {}): OfferRequest {
  return {
    offer_request_id: id('1'),
    entity_id: 'other-entity',
    entity_name: 'Northwind Traffic',
    user_name: 'Ethan Clarke',
    title: 'Nutra traffic',
    vertical: 'Nutra',
    geos_targeting: ['US', 'CA'],
    traffic_type: ['Social'],
    traffic_volume: 60000,
    platforms_used: ['Facebook'],
    desired_payout_type: 'CPA',
    budget_range: null,
    notes: null,
    expires_at: null,
    created_at: '2026-03-04T10:00:00.000Z',
    request_status: 'active',
    priority: 'high',
    ...overrides,
  };
}

/** A create offer request body (contract offerRequestCreateSchema) as the request form sends it. */
export function buildOfferRequestBody(
  overrides: Partial<OfferRequestCreateInput> = {},
): OfferRequestCreateInput {
  return {
    title: 'Nutra traffic',
    vertical: 'Nutra',
    geos_targeting: ['US', 'CA'],
    traffic_type: ['Social', 'Native'],
    platforms_used: ['Facebook'],
    traffic_volume: 60000,
    desired_payout_type: 'CPL',
    budget_range: null,
    notes: null,
    expires_at: null,
    ...overrides,
  };
}

/**
 * An offer of the advertiser the dashboards' tests log in as (adv-entity), a new id per call;
 * buildOffer is the public one of the offers pages.
 */
export function buildOwnOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: id('2'),
    slug: 'keto-burn-trial-20000000',
    entity_id: 'adv-entity',
    entity_slug: 'vitality-partners',
    entity_name: 'Vitality Partners',
    entity_type: 'advertiser',
    title: 'Keto Burn Trial',
    category: 'Nutra',
    description: 'Trial offer for a keto supplement.',
    target_geo: ['US', 'CA', 'GB'],
    payout_type: 'CPA',
    payout_value: 45.5,
    landing_page_url: 'https://keto.example.com',
    requirements: null,
    expires_at: null,
    offer_status: 'active',
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** A company's trust context (contract TrustContext): verified, no TrustScore, no warning. */
export function buildTrust(overrides: Partial<TrustContext> = {}): TrustContext {
  return { score: null, reviews: 0, warned: false, verified: true, ...overrides };
}

/** A bid on an offer request (contract bidSchema); ids differ per call. */
export function buildBid(overrides: Partial<Bid> = {}): Bid {
  return {
    entity_trust: buildTrust(),
    bid_id: id('3'),
    offer_request_id: 'r',
    entity_id: 'net-entity',
    entity_name: 'BlockReach Media',
    entity_type: 'network',
    bid_amount: 32.5,
    bid_notes: null,
    offer_details: {},
    status: 'open',
    created_at: '2026-03-05T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * An offer as GET /offers/fetch_all lists it (contract explorerOfferSchema): its card's fields
 * only, so a stubbed explorer page holds no more than the API's does. The owner's trust context
 * defaults to a verified owner with no TrustScore and no warning.
 */
export function explorerOffer(offer: Offer | ExplorerOffer): ExplorerOffer {
  const card: Record<string, unknown> = {
    entity_trust: buildTrust(),
    ...offer,
  };
  return Object.fromEntries(
    explorerOfferSchema.keyof().options.map((key) => [key, card[key]]),
  ) as ExplorerOffer;
}

/** A GET /offers/fetch_all answer of these offers (contract offersResponseSchema), as cards. */
export function offersPage(
  offers: (Offer | ExplorerOffer)[],
  pagination: Partial<{
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    hasNextPage: boolean;
    totalIsCapped: boolean;
  }> = {},
) {
  const total = pagination.total ?? offers.length;
  return {
    offers: offers.map(explorerOffer),
    pagination: {
      page: 1,
      limit: 20,
      total,
      totalPages: Math.max(1, Math.ceil(total / 20)),
      hasNextPage: false,
      hasPreviousPage: false,
      totalIsCapped: false,
      ...pagination,
    },
  };
}
