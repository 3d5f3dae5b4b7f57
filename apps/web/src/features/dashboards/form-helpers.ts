import type { z } from 'zod';

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

/** The earliest value a datetime-local input should offer: now, in local time. */
export function nowForDateTimeInput(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message per top-level field of a failed parse. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Field errors the API sent with a 400 (details with a dotted path). */
export function fieldErrorsFromDetails<K extends string>(
  details: ReadonlyArray<{ path: string; message: string }> | undefined,
): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const d of details ?? []) {
    const key = d.path.split('.')[0] as K;
    if (key && !errors[key]) errors[key] = d.message;
  }
  return errors;
}
