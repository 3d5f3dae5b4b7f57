// Pure: which pages of a page statement are statements of their own (no database here).

/**
 * How many first pages of a page statement get statements of their own with LIMIT and OFFSET
 * written in (pageKey).
 */
export const WRITTEN_PAGES = 5;

/**
 * The page part of a named page statement's key (docs/decisions/037-generic-plans.md).
 * PostgreSQL keeps a named statement's generic plan only when it does not look dearer than the
 * plans it made with the values, and a LIMIT or OFFSET it cannot see counts as a tenth of all the
 * rows: with both bound, a page statement is planned anew on every run, although its plan is the
 * same for every value. So the first WRITTEN_PAGES pages of the size the app asks for (`size`:
 * its LIMIT, and the OFFSET's step) are statements of their own, `${limit}_${offset}`, planned
 * once per connection. Any other page is '' (bound, planned each run as before): clients choose
 * those, so they get no statements of their own.
 */
export function pageKey(
  limit: number,
  offset: number,
  size: { limit: number; step: number },
): string {
  const page = offset / size.step;
  return limit === size.limit && Number.isInteger(page) && page >= 0 && page < WRITTEN_PAGES
    ? `${limit}_${offset}`
    : '';
}
