const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row (and must not reach a uuid cast in SQL). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The shape of every slug the database makes (trustlinks_slugify, drizzle/0024_slugs.sql):
 * anything else names no row, so it is answered without a query.
 */
export function isSlug(value: string): boolean {
  return value.length <= 120 && SLUG.test(value);
}
