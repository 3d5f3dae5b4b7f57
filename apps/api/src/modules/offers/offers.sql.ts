import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { offers, type EntityRow, type OfferRow } from '../../db/schema';

// The offers' SQL that other modules' repositories share (applications, landing) and this
// module's own repositories use: repositories import it here, never through a service.

export type OfferWithEntity = {
  offer: OfferRow;
  entity: Pick<EntityRow, 'name' | 'slug' | 'entityType'>;
};

/**
 * What the public may see: active, not expired, of an approved entity. The entity's approval is
 * read from the offer's own copy (offers.owner_approved, kept by triggers: migration 0033), so
 * the rule needs no join and the explorer's partial indexes, which hold only such offers, serve
 * its counts alone (docs/decisions/035-offer-owner-approved.md). 'active' is written into the
 * SQL, not bound: a named statement's generic plan can use a partial index only when its
 * predicate's constants are in the statement (docs/decisions/037-generic-plans.md). Read from
 * `t`: offers, or offer_geo_listings, which copies these columns (decision 042).
 */
export const publiclyVisible = (
  t: { offerStatus: SQLWrapper; ownerApproved: SQLWrapper; expiresAt: SQLWrapper } = offers,
): SQL =>
  and(
    sql`${t.offerStatus} = 'active'`,
    sql`${t.ownerApproved}`,
    sql`(${t.expiresAt} IS NULL OR ${t.expiresAt} > now())`,
  )!;

/**
 * Whether the offer runs for its partners: as publiclyVisible, but a private offer (listed
 * nowhere, made from an accepted counter offer's terms) runs too
 * (docs/decisions/048-agreed-terms.md). Its tracking links and acceptances read this rule; every
 * list, page and count of the public reads publiclyVisible.
 */
export const runsForPartners = (t: typeof offers = offers): SQL =>
  and(
    sql`${t.offerStatus} in ('active', 'private')`,
    sql`${t.ownerApproved}`,
    sql`(${t.expiresAt} IS NULL OR ${t.expiresAt} > now())`,
  )!;
