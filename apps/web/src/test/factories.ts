import type { Application } from '@trustlinks/contract/applications';
import type { PublicEntity } from '@trustlinks/contract/entities';
import type { Offer } from '@trustlinks/contract/offers';
import type { CurrentUser } from '@trustlinks/contract/users';

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
    offer_title: 'Keto Burn Trial',
    offer_entity_id: 'adv-entity',
    offer_entity_name: 'Vitality Partners',
    applicant_entity_id: 'aff-entity',
    applicant_name: 'Northwind Traffic',
    applicant_type: 'affiliate',
    applicant_reputation_score: 4.3,
    applicant_total_reviews: 7,
    message: 'US push traffic, 20k a day.',
    status: 'pending',
    decision_note: null,
    decided_at: null,
    created_at: '2026-03-04T10:00:00.000Z',
    tracking_url: null,
    click_count: 0,
    conversion_count: 0,
    payout_total: 0,
    ...overrides,
  };
}

/** An offer as the API presents it to the public (contract offerSchema). */
export function buildOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    offer_id: '7d1c2e9a-0000-4000-8000-000000000001',
    entity_id: '5f0c1c9e-0000-4000-8000-000000000001',
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

/** An approved entity as anyone may see it (contract publicEntitySchema). */
export function buildPublicEntity(overrides: Partial<PublicEntity> = {}): PublicEntity {
  return {
    entity_id: '5f0c1c9e-0000-4000-8000-000000000001',
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
