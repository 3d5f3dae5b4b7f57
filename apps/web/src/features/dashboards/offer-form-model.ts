import { DEFAULT_PAYOUT_TYPE } from '@trustlinks/contract/constants';
import type { PayoutType } from '@trustlinks/contract/constants';
import { offerCreateSchema } from '@trustlinks/contract/offers';
import type { OfferCreateInput } from '@trustlinks/contract/offers';
import { fieldErrorsFrom } from '../../lib/field-errors';
import type { FieldErrors } from '../../lib/field-errors';
import { localDateTimeToIso, splitCommaList } from './form-helpers';

/** The create-offer form as typed (docs/product/dashboards.md#advertiser-dashboard, docs/product/dashboards.md#network-dashboard, docs/product/validation.md). */
export interface OfferFormValues {
  title: string;
  category: string;
  description: string;
  geos: string;
  landingPageUrl: string;
  payoutType: PayoutType;
  payoutValue: string;
  requirements: string;
  expiresAt: string;
}

export const EMPTY_OFFER_FORM: OfferFormValues = {
  title: '',
  category: '',
  description: '',
  geos: '',
  landingPageUrl: '',
  payoutType: DEFAULT_PAYOUT_TYPE,
  payoutValue: '',
  requirements: '',
  expiresAt: '',
};

export type OfferField = keyof OfferCreateInput;

const PAYOUT_REQUIRED = 'Payout value is required'; // (ours)

/**
 * Payout: a number of dollars (step 0.01) for CPA, CPL and CPI; for RevShare a percentage
 * string, where a bare number gets its '%' ("40" → "40%").
 */
export function payoutValueOf(type: PayoutType, text: string): number | string | undefined {
  const value = text.trim();
  if (!value) return undefined;
  if (type === 'RevShare') return value.endsWith('%') ? value : `${value}%`;
  return Number(value);
}

export type OfferBuild =
  { kind: 'ok'; body: OfferCreateInput } | { kind: 'invalid'; errors: FieldErrors<OfferField> };

/** The offer body, checked with the contract's schema (the one the API uses). */
export function buildOfferBody(values: OfferFormValues): OfferBuild {
  const payout = payoutValueOf(values.payoutType, values.payoutValue);
  const body: OfferCreateInput = {
    title: values.title.trim(),
    category: values.category.trim(),
    description: values.description.trim(),
    target_geo: splitCommaList(values.geos).map((g) => g.toUpperCase()),
    landing_page_url: values.landingPageUrl.trim(),
    payout_type: values.payoutType,
    payout_value: payout ?? Number.NaN,
    requirements: values.requirements.trim() || null,
    expires_at: localDateTimeToIso(values.expiresAt),
  };
  const parsed = offerCreateSchema.safeParse(body);
  const errors: FieldErrors<OfferField> = parsed.success
    ? {}
    : fieldErrorsFrom(parsed.error.issues);
  if (payout === undefined) errors.payout_value = PAYOUT_REQUIRED;
  if (Object.keys(errors).length) return { kind: 'invalid', errors };
  return { kind: 'ok', body };
}
