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
  /** The budget range as two number fields (the spec's JSON text box, docs/decisions/027). */
  budgetMin: string;
  budgetMax: string;
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
  budgetMin: '',
  budgetMax: '',
  notes: '',
  expiresAt: '',
};

export type RequestField = keyof OfferRequestCreateInput;

/**
 * The budget range from its two fields: both empty is no budget (null); otherwise both are sent and
 * the contract's schema says what is wrong (a side left empty is not a number, min above max).
 */
export function budgetRangeOf(values: Pick<RequestFormValues, 'budgetMin' | 'budgetMax'>) {
  const min = values.budgetMin.trim();
  const max = values.budgetMax.trim();
  if (!min && !max) return null;
  const amount = (text: string) => (text ? Number(text) : Number.NaN);
  return { min: amount(min), max: amount(max) };
}

/**
 * The request body: lists split on commas and trimmed, the volume as an integer, the budget from
 * its two fields, the expiry as ISO.
 */
export function toRequestInput(values: RequestFormValues): OfferRequestCreateInput {
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
    budget_range: budgetRangeOf(values),
    notes: values.notes.trim() || null,
    expires_at: localDateTimeToIso(values.expiresAt),
  };
}

/** The Create Offer Request form's rules for useContractForm: the contract's schema. */
export const REQUEST_FORM: ContractFormRules<
  RequestFormValues,
  typeof offerRequestCreateSchema,
  RequestField
> = { schema: offerRequestCreateSchema, toInput: toRequestInput };

export type RequestBuild =
  | { kind: 'ok'; body: OfferRequestCreateInput }
  | { kind: 'invalid'; errors: FieldErrors<RequestField> };

/** The request body, checked with the contract's schema, the one the API uses. */
export function buildRequestBody(values: RequestFormValues): RequestBuild {
  const checked = checkContractForm(REQUEST_FORM, values);
  return checked.ok
    ? { kind: 'ok', body: checked.body }
    : { kind: 'invalid', errors: checked.errors };
}
