import type { CapLeft, Conversion, ConversionStatus } from '@trustlinks/contract/conversions';
import type { PostbackLogEntry } from '@trustlinks/contract/conversions';
import type { PostbackLogRow } from '../../db/schema';
import type { CapUsage, ConversionRow } from './conversions.repository';

/** A conversion as Results list it (docs/decisions/049-caps-and-postback-tooling.md). */
export function toConversion(r: ConversionRow): Conversion {
  return {
    click_id: r.clickId,
    converted_at: r.convertedAt.toISOString(),
    offer_id: r.offerId,
    offer_title: r.offerTitle,
    affiliate_entity_id: r.affiliateEntityId,
    affiliate_name: r.affiliateName,
    sub1: r.sub1,
    payout: r.payout === null ? null : Number(r.payout),
    status: r.status as ConversionStatus,
    reason: r.reason,
    over_cap: r.overCap,
  };
}

export function toPostbackLogEntry(r: PostbackLogRow): PostbackLogEntry {
  return {
    id: r.id,
    received_at: r.receivedAt.toISOString(),
    test: r.test,
    carried: r.carried,
    status_code: r.statusCode,
    message: r.message,
  };
}

/**
 * What is left of an offer's caps: this month's, and today's (never more than the month's).
 * Null where no cap is set; null altogether when the offer has neither.
 */
export function toCapLeft(u: CapUsage): CapLeft | null {
  if (u.dailyCap === null && u.monthlyCap === null) return null;
  const month = u.monthlyCap === null ? null : Math.max(0, u.monthlyCap - u.month);
  const day = u.dailyCap === null ? null : Math.max(0, u.dailyCap - u.today);
  return {
    daily_cap: u.dailyCap,
    monthly_cap: u.monthlyCap,
    left_today: day === null ? month : month === null ? day : Math.min(day, month),
    left_this_month: month,
  };
}

/** Whether a conversion now would be past a cap. */
export function capReached(u: CapUsage): boolean {
  return (
    (u.dailyCap !== null && u.today >= u.dailyCap) ||
    (u.monthlyCap !== null && u.month >= u.monthlyCap)
  );
}
