import { DEFAULT_PAYOUT_TYPE } from '@trustlinks/contract/constants';
import type { PayoutType } from '@trustlinks/contract/constants';
import { offerCreateSchema } from '@trustlinks/contract/offers';
import type { Offer, OfferCreateInput } from '@trustlinks/contract/offers';
import { fieldErrorsFrom } from '../../lib/field-errors';
import type { FieldErrors } from '../../lib/field-errors';
import { checkContractForm } from '../../lib/use-contract-form';
import type { ContractFormRules } from '../../lib/use-contract-form';
import { isoToLocalDateTime, localDateTimeToIso, splitCommaList } from './form-helpers';

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
  /** Conversion caps, empty for none, and traffic types as comma-separated lists (docs/decisions/030). */
  dailyCap: string;
  monthlyCap: string;
  /** Where /go/ sends visitors while a cap is reached; empty for none (docs/decisions/049). */
  fallbackUrl: string;
  trafficAllowed: string;
  trafficForbidden: string;
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
  dailyCap: '',
  monthlyCap: '',
  fallbackUrl: '',
  trafficAllowed: '',
  trafficForbidden: '',
  expiresAt: '',
};

/** The edit form of an offer: its values as typed (decision 030). */
export function offerFormValuesOf(offer: Offer): OfferFormValues {
  const value = offer.payout_value;
  return {
    title: offer.title,
    category: offer.category,
    description: offer.description,
    geos: offer.target_geo.join(', '),
    landingPageUrl: offer.landing_page_url,
    payoutType: offer.payout_type,
    payoutValue: value === null ? '' : String(value),
    requirements: offer.requirements ?? '',
    dailyCap: offer.daily_cap ? String(offer.daily_cap) : '',
    monthlyCap: offer.monthly_cap ? String(offer.monthly_cap) : '',
    fallbackUrl: offer.fallback_url ?? '',
    trafficAllowed: (offer.traffic_allowed ?? []).join(', '),
    trafficForbidden: (offer.traffic_forbidden ?? []).join(', '),
    expiresAt: isoToLocalDateTime(offer.expires_at),
  };
}

/** A cap as typed: empty for none, else the number (the schema refuses what is no whole number). */
const capOf = (text: string): number | '' => (text.trim() ? Number(text.trim()) : '');

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

/** The offer body the values make (lists split, GEOs upper-cased, the expiry as ISO). */
export function toOfferInput(values: OfferFormValues): OfferCreateInput {
  return {
    title: values.title.trim(),
    category: values.category.trim(),
    description: values.description.trim(),
    target_geo: splitCommaList(values.geos).map((g) => g.toUpperCase()),
    landing_page_url: values.landingPageUrl.trim(),
    payout_type: values.payoutType,
    payout_value: payoutValueOf(values.payoutType, values.payoutValue) ?? Number.NaN,
    requirements: values.requirements.trim() || null,
    daily_cap: capOf(values.dailyCap),
    monthly_cap: capOf(values.monthlyCap),
    fallback_url: values.fallbackUrl.trim(),
    traffic_allowed: splitCommaList(values.trafficAllowed),
    traffic_forbidden: splitCommaList(values.trafficForbidden),
    expires_at: localDateTimeToIso(values.expiresAt),
  };
}

/** The create-offer form's rules for useContractForm: the contract's offerCreateSchema. */
export const OFFER_FORM: ContractFormRules<OfferFormValues, typeof offerCreateSchema, OfferField> =
  {
    schema: offerCreateSchema,
    toInput: toOfferInput,
    // Every field's message at once; an empty payout is named as such, not as a bad number.
    errorsOf: (issues, values) => {
      const errors = fieldErrorsFrom<OfferField>(issues);
      if (payoutValueOf(values.payoutType, values.payoutValue) === undefined) {
        errors.payout_value = PAYOUT_REQUIRED;
      }
      return errors;
    },
  };

export type OfferBuild =
  { kind: 'ok'; body: OfferCreateInput } | { kind: 'invalid'; errors: FieldErrors<OfferField> };

/** The offer body, checked with the contract's schema (the one the API uses). */
export function buildOfferBody(values: OfferFormValues): OfferBuild {
  const checked = checkContractForm(OFFER_FORM, values);
  return checked.ok
    ? { kind: 'ok', body: checked.body }
    : { kind: 'invalid', errors: checked.errors };
}
