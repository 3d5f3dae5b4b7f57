import { DEFAULT_PAYOUT_TYPE } from '@trustlinks/contract/constants';
import type { PayoutType } from '@trustlinks/contract/constants';
import { offerRequestCreateSchema } from '@trustlinks/contract/offer-requests';
import type { OfferRequestCreateInput } from '@trustlinks/contract/offer-requests';
import { fieldErrorsFrom } from '../../lib/field-errors';
import type { FieldErrors } from '../../lib/field-errors';
import { localDateTimeToIso, splitCommaList } from './form-helpers';

/** The Create Offer Request form as typed (docs/product/dashboards.md#affiliate-dashboard). */
export interface RequestFormValues {
  title: string;
  vertical: string;
  geos: string;
  trafficTypes: string;
  platforms: string;
  volume: string;
  payoutType: PayoutType;
  budgetRange: string;
  notes: string;
  expiresAt: string;
}

export const EMPTY_REQUEST_FORM: RequestFormValues = {
  title: '',
  vertical: '',
  geos: '',
  trafficTypes: '',
  platforms: '',
  volume: '',
  payoutType: DEFAULT_PAYOUT_TYPE,
  budgetRange: '',
  notes: '',
  expiresAt: '',
};

export type RequestField = keyof OfferRequestCreateInput;

export type BudgetParse = { ok: true; value: unknown } | { ok: false };

/**
 * docs/product/validation.md: the budget range is optional JSON text ({"min": 1000, "max": 5000}); empty is sent as
 * null; text that is not JSON makes the submit fail (with the generic failure message).
 */
export function parseBudgetRange(text: string): BudgetParse {
  if (!text.trim()) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export type RequestBuild =
  | { kind: 'ok'; body: OfferRequestCreateInput }
  | { kind: 'invalid-budget' }
  | { kind: 'invalid'; errors: FieldErrors<RequestField> };

/**
 * The request body: lists split on commas and trimmed, the volume as an integer, the budget
 * parsed, the expiry as ISO. Checked with the contract's schema, the one the API uses.
 */
export function buildRequestBody(values: RequestFormValues): RequestBuild {
  const budget = parseBudgetRange(values.budgetRange);
  if (!budget.ok) return { kind: 'invalid-budget' };
  const volumeText = values.volume.trim();
  const body = {
    title: values.title.trim(),
    vertical: values.vertical.trim(),
    geos_targeting: splitCommaList(values.geos),
    traffic_type: splitCommaList(values.trafficTypes),
    platforms_used: splitCommaList(values.platforms),
    // parseInt: "60000.7" → 60000 (docs/product/validation.md "volume converted to an integer"); "" → NaN, refused.
    traffic_volume: volumeText ? Number.parseInt(volumeText, 10) : Number.NaN,
    desired_payout_type: values.payoutType,
    budget_range: budget.value as OfferRequestCreateInput['budget_range'],
    notes: values.notes.trim() || null,
    expires_at: localDateTimeToIso(values.expiresAt),
  };
  const parsed = offerRequestCreateSchema.safeParse(body);
  if (!parsed.success) return { kind: 'invalid', errors: fieldErrorsFrom(parsed.error.issues) };
  return { kind: 'ok', body };
}
