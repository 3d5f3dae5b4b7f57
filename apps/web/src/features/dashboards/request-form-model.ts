import { DEFAULT_PAYOUT_TYPE } from '@trustlinks/contract/constants';
import type { PayoutType } from '@trustlinks/contract/constants';
import { offerRequestCreateSchema } from '@trustlinks/contract/offer-requests';
import type { OfferRequestCreateInput } from '@trustlinks/contract/offer-requests';
import type { FieldErrors } from '../../lib/field-errors';
import { checkContractForm } from '../../lib/use-contract-form';
import type { ContractFormRules } from '../../lib/use-contract-form';
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

/**
 * The request body: lists split on commas and trimmed, the volume as an integer, the budget
 * parsed (text that is not JSON is refused before, see `budgetRefused`), the expiry as ISO.
 */
export function toRequestInput(values: RequestFormValues): OfferRequestCreateInput {
  const budget = parseBudgetRange(values.budgetRange);
  const volumeText = values.volume.trim();
  return {
    title: values.title.trim(),
    vertical: values.vertical.trim(),
    geos_targeting: splitCommaList(values.geos),
    traffic_type: splitCommaList(values.trafficTypes),
    platforms_used: splitCommaList(values.platforms),
    // parseInt: "60000.7" → 60000 (docs/product/validation.md "volume converted to an integer"); "" → NaN, refused.
    traffic_volume: volumeText ? Number.parseInt(volumeText, 10) : Number.NaN,
    desired_payout_type: values.payoutType,
    budget_range: (budget.ok ? budget.value : null) as OfferRequestCreateInput['budget_range'],
    notes: values.notes.trim() || null,
    expires_at: localDateTimeToIso(values.expiresAt),
  };
}

/** docs/product/validation.md: a budget range that is not JSON fails the whole submit. */
export function budgetRefused(values: RequestFormValues): boolean {
  return !parseBudgetRange(values.budgetRange).ok;
}

/** The Create Offer Request form's rules for useContractForm: the contract's schema. */
export const REQUEST_FORM: ContractFormRules<
  RequestFormValues,
  typeof offerRequestCreateSchema,
  RequestField
> = { schema: offerRequestCreateSchema, toInput: toRequestInput };

export type RequestBuild =
  | { kind: 'ok'; body: OfferRequestCreateInput }
  | { kind: 'invalid-budget' }
  | { kind: 'invalid'; errors: FieldErrors<RequestField> };

/** The request body, checked with the contract's schema, the one the API uses. */
export function buildRequestBody(values: RequestFormValues): RequestBuild {
  if (budgetRefused(values)) return { kind: 'invalid-budget' };
  const checked = checkContractForm(REQUEST_FORM, values);
  return checked.ok
    ? { kind: 'ok', body: checked.body }
    : { kind: 'invalid', errors: checked.errors };
}
