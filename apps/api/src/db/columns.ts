import * as pg from 'drizzle-orm/pg-core';

/**
 * The schema's usual link: a required uuid naming a row of another table, deleted with that row
 * (a member's sessions with the member, an offer's applications with the offer).
 */
export const belongsTo = <N extends string>(name: N, target: () => pg.AnyPgColumn) =>
  pg.uuid(name).notNull().references(target, { onDelete: 'cascade' });

/**
 * The tracking counters an offer and each of its applications keep, raised by clicks and
 * postbacks (docs/decisions/014): clicks, conversions, and the sum of the payouts the postbacks
 * reported (EPC = payout_total / click_count).
 */
export const trackingCounters = () => ({
  clickCount: pg.integer('click_count').notNull().default(0),
  conversionCount: pg.integer('conversion_count').notNull().default(0),
  payoutTotal: pg
    .numeric('payout_total', { precision: 14, scale: 2, mode: 'number' })
    .notNull()
    .default(0),
});
