import type { Bid, OfferRequest } from '@trustlinks/contract/offer-requests';
import type { PayoutType } from '@trustlinks/contract/constants';
import { toTrustContext } from '../entities/trust-context.presenter';
import type { BidView, RequestWithNames } from './offer-requests.repository';

export function toOfferRequest(
  { request: r, entityName, firstName, lastName }: RequestWithNames,
  bidCount?: number,
): OfferRequest {
  return {
    offer_request_id: r.id,
    entity_id: r.entityId,
    entity_name: entityName,
    user_name: `${firstName} ${lastName}`.trim() || entityName,
    title: r.title,
    vertical: r.vertical,
    geos_targeting: r.geosTargeting,
    traffic_type: r.trafficType,
    traffic_volume: r.trafficVolume,
    platforms_used: r.platformsUsed,
    desired_payout_type: r.desiredPayoutType as PayoutType,
    budget_range:
      r.budgetMin === null || r.budgetMax === null
        ? null
        : { min: Number(r.budgetMin), max: Number(r.budgetMax) },
    notes: r.notes,
    expires_at: r.expiresAt ? r.expiresAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    request_status: r.requestStatus as OfferRequest['request_status'],
    priority: r.priority as OfferRequest['priority'],
    ...(bidCount === undefined ? {} : { bid_count: bidCount }),
  };
}

export function toBid(view: BidView): Bid {
  const { bid } = view;
  return {
    bid_id: bid.id,
    offer_request_id: bid.offerRequestId,
    entity_id: bid.entityId,
    entity_name: view.entityName,
    entity_type: view.entityType,
    entity_slug: view.entitySlug,
    entity_trust: toTrustContext(view.entityTrust),
    bid_amount: Number(bid.bidAmount),
    payout_type: bid.payoutType as PayoutType,
    bid_notes: bid.bidNotes,
    offer_details: bid.offerDetails,
    offer: view.offer
      ? { offer_id: view.offer.id, slug: view.offer.slug, title: view.offer.title }
      : null,
    status: bid.status,
    decision_note: bid.decisionNote,
    decided_at: bid.decidedAt ? bid.decidedAt.toISOString() : null,
    application_id: bid.applicationId,
    created_at: bid.createdAt.toISOString(),
    updated_at: bid.updatedAt.toISOString(),
  };
}
