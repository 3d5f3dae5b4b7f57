/** "US, gb ,, DE" → ['US', 'gb', 'DE']: split on commas, trimmed, empty items dropped (docs/product/validation.md). */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A datetime-local value ("2026-05-01T10:30", the browser's local time) as an ISO timestamp with
 * offset, as the API wants it; empty stays null. An unreadable value is passed on for the schema
 * to refuse.
 */
export function localDateTimeToIso(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** An ISO timestamp as a datetime-local value in local time ("" for none): the reverse of the above. */
export function isoToLocalDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The earliest value a datetime-local input should offer: now, in local time. */
export function nowForDateTimeInput(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
