import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entities, offerApplications, offers, trackingClicks } from '../../db/schema';

// The read of conversions shared by this module's repository (a status change) and Results'
// (the period's list), so that no repository imports another module's repository
// (docs/decisions/049-caps-and-postback-tooling.md).

/** One conversion as Results list it: its click, offer and affiliate. */
export const conversionColumns = {
  clickId: trackingClicks.id,
  convertedAt: sql<Date>`${trackingClicks.convertedAt}`.mapWith(trackingClicks.convertedAt),
  offerId: trackingClicks.offerId,
  offerTitle: offers.title,
  applicationId: trackingClicks.applicationId,
  affiliateEntityId: offerApplications.entityId,
  affiliateName: entities.name,
  sub1: trackingClicks.sub1,
  payout: trackingClicks.payout,
  status: trackingClicks.conversionStatus,
  reason: trackingClicks.statusReason,
  overCap: trackingClicks.overCap,
};

/** The select of conversions with their offer and affiliate (callers add where, order, limit). */
export function conversionsQuery(db: DbOrTx) {
  return db
    .select(conversionColumns)
    .from(trackingClicks)
    .innerJoin(offers, eq(offers.id, trackingClicks.offerId))
    .innerJoin(offerApplications, eq(offerApplications.id, trackingClicks.applicationId))
    .innerJoin(entities, eq(entities.id, offerApplications.entityId));
}
export type ConversionRow = Awaited<ReturnType<typeof conversionsQuery>>[number];
