/**
 * A date for people: "Mar 4, 2026". An invalid or missing value gives `fallback`, so a bad
 * timestamp never shows as "Invalid Date". In English and UTC, not the reader's locale and zone:
 * the server renders the public pages (docs/decisions/021-server-rendering.md) and the browser's
 * first render must produce the same text, or hydration fails.
 */
const FIXED = { locale: 'en-US', timeZone: 'UTC' } as const;

export function formatDate(value: string | null | undefined, fallback = ''): string {
  if (!value) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return date.toLocaleDateString(FIXED.locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: FIXED.timeZone,
  });
}

/** Date and time: "Mar 4, 2026, 3:15 PM" (UTC). */
export function formatDateTime(value: string | null | undefined, fallback = ''): string {
  if (!value) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return date.toLocaleString(FIXED.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: FIXED.timeZone,
  });
}
