import type { Bid, OfferRequest } from '@trustlinks/contract/offer-requests';
import type { PayoutType } from '@trustlinks/contract/constants';
import type { BidRow } from '../../db/schema';
import type { RequestWithNames } from './offer-requests.repository';

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

export function toBid(bid: BidRow, entityName: string, entityType: string): Bid {
  return {
    bid_id: bid.id,
    offer_request_id: bid.offerRequestId,
    entity_id: bid.entityId,
    entity_name: entityName,
    entity_type: entityType,
    bid_amount: Number(bid.bidAmount),
    bid_notes: bid.bidNotes,
    offer_details: bid.offerDetails,
    status: bid.status,
    created_at: bid.createdAt.toISOString(),
    updated_at: bid.updatedAt.toISOString(),
  };
}
