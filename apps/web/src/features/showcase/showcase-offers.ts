import { z } from 'zod';
import { formatPayout } from '../../lib/payout';
import { SHOWCASE_TEXT as T } from './showcase-texts';

/** A local showcase offer (docs/product/data.md): five texts, kept in page memory only. */
export interface ShowcaseOffer {
  /** Local key for React lists; never shown. */
  id: string;
  title: string;
  geo: string;
  payout: string;
  category: string;
  description: string;
}

export type ShowcaseOfferInput = Omit<ShowcaseOffer, 'id'>;

export const SHOWCASE_FIELDS = ['title', 'geo', 'payout', 'category', 'description'] as const;
export type ShowcaseField = (typeof SHOWCASE_FIELDS)[number];

/** Upload bound: far above any real offer list, low enough not to freeze the tab. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export const MAX_LENGTH: Record<ShowcaseField, number> = {
  title: 200,
  geo: 500,
  payout: 50,
  category: 100,
  description: 5000,
};

let nextId = 0;
export function newId(): string {
  nextId += 1;
  return `showcase-${Date.now().toString(36)}-${nextId}`;
}

/**
 * One field of an uploaded entry as text: strings are trimmed; a number payout is shown as money
 * (docs/product/constants.md: 45 → '$45'); a GEO list becomes 'US, CA'. Anything else (missing, empty, objects)
 * gives null, and the entry is skipped.
 */
function fieldText(field: ShowcaseField, value: unknown): string | null {
  let text: string | null = null;
  if (typeof value === 'string') text = value.trim();
  else if (field === 'payout' && typeof value === 'number' && Number.isFinite(value)) {
    text = formatPayout({ payout_value: value });
  } else if (field === 'geo' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    text = value
      .map((v: string) => v.trim())
      .filter(Boolean)
      .join(', ');
  }
  if (!text) return null;
  return text.slice(0, MAX_LENGTH[field]);
}

/** An uploaded entry as a showcase offer, or null when one of the five fields is missing. */
export function toShowcaseOffer(entry: unknown): ShowcaseOfferInput | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const record = entry as Record<string, unknown>;
  const result: Partial<ShowcaseOfferInput> = {};
  for (const field of SHOWCASE_FIELDS) {
    const text = fieldText(field, record[field]);
    if (text === null) return null;
    result[field] = text;
  }
  return result as ShowcaseOfferInput;
}

export type ParseResult =
  | { ok: true; offers: ShowcaseOfferInput[]; skipped: number }
  | { ok: false; reason: 'invalid-json' | 'no-valid-offers' };

/**
 * The text of an uploaded file (docs/product/offers.md#showcase): a JSON list of offers, or an object holding one under
 * `offers`. Not JSON, or JSON of another shape, is 'invalid-json'; entries missing a field are
 * skipped and counted.
 */
export function parseShowcaseFile(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  const list = Array.isArray(data)
    ? data
    : typeof data === 'object' &&
        data !== null &&
        Array.isArray((data as { offers?: unknown }).offers)
      ? (data as { offers: unknown[] }).offers
      : null;
  if (!list) return { ok: false, reason: 'invalid-json' };
  const offers: ShowcaseOfferInput[] = [];
  for (const entry of list) {
    const offer = toShowcaseOffer(entry);
    if (offer) offers.push(offer);
  }
  if (!offers.length) return { ok: false, reason: 'no-valid-offers' };
  return { ok: true, offers, skipped: list.length - offers.length };
}

/** A required text of the manual form: trimmed, non-blank ('Title is required'), cut to its bound. */
function requiredText(field: ShowcaseField) {
  return z
    .string()
    .trim()
    .min(1, T.required(T.fields[field]))
    .transform((text) => text.slice(0, MAX_LENGTH[field]));
}

/**
 * The manual form's schema (docs/product/validation.md: all five fields required). The showcase
 * is kept in page memory and calls no API, so this is the web's own, used by useContractForm
 * like the contract's request schemas.
 */
export const showcaseOfferSchema = z.object({
  title: requiredText('title'),
  geo: requiredText('geo'),
  payout: requiredText('payout'),
  category: requiredText('category'),
  description: requiredText('description'),
});

export type ShowcaseFormErrors = Partial<Record<ShowcaseField, true>>;

/** The manual form's values checked: the offer to add, or which fields are missing. */
export function validateShowcaseForm(values: Record<ShowcaseField, string>): {
  offer: ShowcaseOfferInput | null;
  errors: ShowcaseFormErrors;
} {
  const parsed = showcaseOfferSchema.safeParse(values);
  if (parsed.success) return { offer: parsed.data, errors: {} };
  const errors: ShowcaseFormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as ShowcaseField] = true;
  return { offer: null, errors };
}

/** Case-insensitive search in title, geo or category (docs/product/offers.md#showcase). */
export function searchShowcase(offers: readonly ShowcaseOffer[], query: string): ShowcaseOffer[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...offers];
  return offers.filter((o) =>
    [o.title, o.geo, o.category].some((value) => value.toLowerCase().includes(q)),
  );
}
