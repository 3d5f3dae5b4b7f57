import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SUB1_NONE, SUB1_OTHER } from '@trustlinks/contract/results';
import type { DbOrTx } from '../../db/client';
import {
  offerApplications,
  offers,
  postbackLog,
  trackingClicks,
  trackingDaily,
  type PostbackLogRow,
} from '../../db/schema';
import { UTC_TODAY } from '../../lib/sql';
import { conversionsQuery, type ConversionRow } from './conversions.sql';

export type { ConversionRow } from './conversions.sql';

// Caps, conversion statuses and the postback log (docs/decisions/049-caps-and-postback-tooling.md).

/** An offer's caps and the conversions that count against them today and this month (UTC). */
export interface CapUsage {
  dailyCap: number | null;
  monthlyCap: number | null;
  today: number;
  month: number;
}

/**
 * The caps of some offers and their counted conversions today and this UTC month, from the
 * roll-ups (the `(offer_id, day)` index): the roll-ups count every conversion that was paid on
 * arrival and not rejected since, never one over a cap.
 */
export async function capUsage(
  db: DbOrTx,
  offerIds: readonly string[],
): Promise<Map<string, CapUsage>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: offers.id,
      dailyCap: offers.dailyCap,
      monthlyCap: offers.monthlyCap,
      today: sql<number>`coalesce((SELECT sum(d.conversions) FROM ${trackingDaily} d
        WHERE d.offer_id = ${offers.id} AND d.day = ${UTC_TODAY}), 0)::int`,
      month: sql<number>`coalesce((SELECT sum(d.conversions) FROM ${trackingDaily} d
        WHERE d.offer_id = ${offers.id}
          AND d.day BETWEEN date_trunc('month', ${UTC_TODAY})::date AND ${UTC_TODAY}), 0)::int`,
    })
    .from(offers)
    .where(inArray(offers.id, [...offerIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      { dailyCap: r.dailyCap, monthlyCap: r.monthlyCap, today: r.today, month: r.month },
    ]),
  );
}

/**
 * Takes the offer's row lock until the transaction ends: the conversions of one offer decide
 * their cap one after another, each counting (in its next statement, a new snapshot) what the
 * one before it committed.
 */
export async function lockOfferForConversion(tx: DbOrTx, offerId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM ${offers} WHERE id = ${offerId}::uuid FOR UPDATE`);
}

/** Converts a click once, over the cap: no payout, no counter, no roll-up. */
export async function convertClickOverCap(tx: DbOrTx, clickId: string): Promise<boolean> {
  const [row] = await tx
    .update(trackingClicks)
    .set({ convertedAt: sql`now()`, payout: null, overCap: true })
    .where(and(eq(trackingClicks.id, clickId), sql`${trackingClicks.convertedAt} IS NULL`))
    .returning({ id: trackingClicks.id });
  return row !== undefined;
}

/** Whether a converted click was over the cap (a repeated postback's answer). */
export async function wasOverCap(db: DbOrTx, clickId: string): Promise<boolean> {
  const [row] = await db
    .select({ overCap: trackingClicks.overCap })
    .from(trackingClicks)
    .where(eq(trackingClicks.id, clickId));
  return row?.overCap ?? false;
}

/** A converted click of the offer, locked until the transaction ends (a status change). */
export async function findConversionForUpdate(
  tx: DbOrTx,
  offerId: string,
  clickId: string,
): Promise<ConversionRow | undefined> {
  const [row] = await conversionsQuery(tx)
    .where(
      and(
        eq(trackingClicks.id, clickId),
        eq(trackingClicks.offerId, offerId),
        sql`${trackingClicks.convertedAt} IS NOT NULL`,
      ),
    )
    .for('update', { of: trackingClicks });
  return row;
}

/** Writes a conversion's status and reason. */
export async function updateConversionStatus(
  tx: DbOrTx,
  clickId: string,
  status: string,
  reason: string | null,
): Promise<void> {
  await tx
    .update(trackingClicks)
    .set({ conversionStatus: status, statusReason: reason, statusChangedAt: sql`now()` })
    .where(eq(trackingClicks.id, clickId));
}

/**
 * Takes a conversion out of the paid figures (`sign` -1: rejected) or puts it back (+1): the
 * offer's and the application's counters and the roll-up row of the day it converted, under the
 * sub1 bucket it was added to (its own sub1 when that day has a row of it, else the "other"
 * bucket; docs/decisions/031).
 */
export async function shiftPaidFigures(
  tx: DbOrTx,
  c: { clickId: string; offerId: string; applicationId: string; payout: number | null },
  sign: 1 | -1,
): Promise<void> {
  const amount = (c.payout ?? 0) * sign;
  await tx
    .update(offers)
    .set({
      conversionCount: sql`${offers.conversionCount} + ${sign}`,
      payoutTotal: sql`${offers.payoutTotal} + ${amount}`,
    })
    .where(eq(offers.id, c.offerId));
  await tx
    .update(offerApplications)
    .set({
      conversionCount: sql`${offerApplications.conversionCount} + ${sign}`,
      payoutTotal: sql`${offerApplications.payoutTotal} + ${amount}`,
    })
    .where(eq(offerApplications.id, c.applicationId));
  await tx.execute(sql`
    WITH c AS (
      SELECT application_id, (converted_at AT TIME ZONE 'UTC')::date AS day, sub1
      FROM ${trackingClicks} WHERE id = ${c.clickId}::uuid
    )
    UPDATE ${trackingDaily} d
    SET conversions = d.conversions + ${sign}::int, payout = d.payout + ${amount}::numeric
    FROM c
    WHERE d.application_id = c.application_id AND d.day = c.day
      AND d.sub1 = CASE
        WHEN c.sub1 IS NULL THEN ${SUB1_NONE}::text
        WHEN EXISTS (SELECT 1 FROM ${trackingDaily} x WHERE x.application_id = c.application_id
                       AND x.day = c.day AND x.sub1 = c.sub1) THEN c.sub1
        ELSE ${SUB1_OTHER}::text END`);
}

/**
 * Logs a received postback and deletes the offer's entries beyond the newest `keep`, in one
 * transaction (the log of an offer never holds more than `keep` rows once it commits).
 */
export async function insertPostbackLog(
  db: DbOrTx,
  entry: {
    offerId: string;
    test: boolean;
    carried: Record<string, string | number | null>;
    statusCode: number;
    message: string;
  },
  keep: number,
): Promise<PostbackLogRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(postbackLog).values(entry).returning();
    await tx.execute(sql`
      DELETE FROM ${postbackLog} WHERE id IN (
        SELECT id FROM ${postbackLog} WHERE offer_id = ${entry.offerId}::uuid
        ORDER BY received_at DESC, id DESC OFFSET ${keep}::int)`);
    return row!;
  });
}

/** The offer's newest postbacks first, at most `limit` (the `(offer_id, received_at)` index). */
export function listPostbackLog(db: DbOrTx, offerId: string, limit: number) {
  return db
    .select()
    .from(postbackLog)
    .where(eq(postbackLog.offerId, offerId))
    .orderBy(desc(postbackLog.receivedAt), desc(postbackLog.id))
    .limit(limit);
}
