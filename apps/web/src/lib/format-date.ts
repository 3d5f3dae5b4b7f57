/**
 * A date for people: "Mar 4, 2026". An invalid or missing value gives `fallback`, so a bad
 * timestamp never shows as "Invalid Date". In English and UTC, not the reader's locale and zone:
 * the server renders the public pages (docs/decisions/021-server-rendering.md) and the browser's
 * first render must produce the same text, or hydration fails.
 *
 * Written out here rather than with `Intl.DateTimeFormat`: the first formatter a page makes loads
 * the browser's locale data, ~25 ms of a phone's main thread (×4 on a throttled one) in the middle
 * of hydrating an entity page, the largest single script cost Lighthouse found there
 * (docs/performance.md). The output is the one `Intl` gives for en-US in UTC (the test compares).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const day = (date: Date) =>
  `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

export function formatDate(value: string | null | undefined, fallback = ''): string {
  const date = parse(value);
  return date ? day(date) : fallback;
}

/** Date and time: "Mar 4, 2026, 3:15 PM" (UTC). */
export function formatDateTime(value: string | null | undefined, fallback = ''): string {
  const date = parse(value);
  if (!date) return fallback;
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${day(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
