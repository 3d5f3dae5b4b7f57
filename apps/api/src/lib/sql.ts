import { sql } from 'drizzle-orm';

/** Escapes LIKE/ILIKE wildcards so a user's search text matches literally ("100%" is not "100…"). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern for "contains", with the user's text taken literally. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}

/**
 * Today in UTC by the database's clock, whatever the session's TimeZone: the day a click is
 * counted once per visitor and offer, and the day its roll-up row adds it to (docs/decisions/031).
 */
export const UTC_TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;
