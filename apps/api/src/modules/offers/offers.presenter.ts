import type { ExplorerOffer, Offer, OfferStatus, TrustedOffer } from '@trustlinks/contract/offers';
import type { EntityType, PayoutType } from '@trustlinks/contract/constants';
import { formatPayout, type PayoutValue } from '@trustlinks/contract/payout';
import type { OfferCardRow, PublicOfferRow } from '../../db/schema';
import { toTrustContext, type TrustFacts } from '../entities/trust-context.presenter';
import type { OfferPageRow } from './explorer/page.sql';
import type { OfferWithEntity } from './offers.sql';

/**
 * An offer for anyone; `withCounts` adds clicks, conversions, payouts and the postback secret for
 * its owners and admins (so it needs the whole row).
 */
export function toOffer(row: { offer: PublicOfferRow; entity: OfferWithEntity['entity'] }): Offer;
export function toOffer(row: OfferWithEntity, withCounts: boolean): Offer;
export function toOffer(
  { offer, entity }: { offer: PublicOfferRow; entity: OfferWithEntity['entity'] },
  withCounts = false,
): Offer {
  const out = publicOffer(offer, entity);
  if (withCounts) {
    const owners = offer as OfferWithEntity['offer'];
    out.click_count = owners.clickCount;
    out.conversion_count = owners.conversionCount;
    out.payout_total = Number(owners.payoutTotal);
    out.postback_secret = owners.postbackSecret;
    out.fallback_url = owners.fallbackUrl;
  }
  return out;
}

/** An offer's payout columns, as stored. */
interface PayoutColumns {
  payoutType: string;
  payoutAmount: number | string | null;
  payoutPercent: string | null;
}

/** The payout as the contract carries it: a percentage as its text ('40%'), an amount as a number, none as null. */
function payoutValue(offer: PayoutColumns): Exclude<PayoutValue, undefined> {
  return offer.payoutPercent ?? (offer.payoutAmount === null ? null : Number(offer.payoutAmount));
}

/**
 * The payout as every reader reads it ('$45 CPA', '40% RevShare', 'Contact'): the offer page's
 * wording (@trustlinks/contract/payout), in change notices, their mails and link pictures.
 */
export function payoutText(offer: PayoutColumns): string {
  return formatPayout({
    payout_value: payoutValue(offer),
    payout_type: offer.payoutType as PayoutType,
  });
}

/** What an offer's card shows of it: the explorer's cards, and the start of every public offer. */
type OfferCard = Omit<ExplorerOffer, 'entity_trust'>;

function offerCard(offer: OfferCardRow, entity: OfferWithEntity['entity']): OfferCard {
  return {
    offer_id: offer.id,
    slug: offer.slug,
    entity_id: offer.entityId,
    entity_slug: entity.slug,
    entity_name: entity.name,
    entity_type: entity.entityType as EntityType,
    title: offer.title,
    category: offer.category,
    target_geo: offer.targetGeo,
    payout_type: offer.payoutType as PayoutType,
    payout_value: payoutValue(offer),
    daily_cap: offer.dailyCap,
    monthly_cap: offer.monthlyCap,
    traffic_allowed: offer.trafficAllowed,
    traffic_forbidden: offer.trafficForbidden,
  };
}

/**
 * An explorer card (ExplorerOffer): what the card shows of the offer, with its owner's trust
 * context (docs/decisions/051-trust-context.md), added to the one object literal (an explorer page
 * makes 20 a request; spreading them into new objects cost about as much as reading their rows:
 * docs/performance.md).
 */
export function toExplorerOffer({ offer, entity, warned }: OfferPageRow): ExplorerOffer {
  const card = offerCard(offer, entity) as ExplorerOffer;
  // The facts named one by one: spreading the entity's row into a new object for each card cost
  // more than the rest of the card (a profile of the explorer's list, docs/performance.md).
  card.entity_trust = toTrustContext({
    reputationScore: entity.reputationScore,
    totalReviews: entity.totalReviews,
    verificationStatus: entity.verificationStatus,
    warned,
  });
  return card;
}

/** An offer with its owner's trust context (the landing's Top Performing Offers). */
export function toTrustedOffer(row: OfferWithEntity & { ownerTrust: TrustFacts }): TrustedOffer {
  const out = toOffer(row) as TrustedOffer;
  out.entity_trust = toTrustContext(row.ownerTrust);
  return out;
}

/** What anyone sees of an offer: its card and the rest, which its own page shows. */
function publicOffer(offer: PublicOfferRow, entity: OfferWithEntity['entity']): Offer {
  return {
    ...offerCard(offer, entity),
    description: offer.description,
    landing_page_url: offer.landingPageUrl,
    requirements: offer.requirements,
    expires_at: offer.expiresAt ? offer.expiresAt.toISOString() : null,
    offer_status: offer.offerStatus as OfferStatus,
    created_at: offer.createdAt.toISOString(),
    updated_at: offer.updatedAt.toISOString(),
  };
}
