/**
 * Payout display (docs/product/constants.md, docs/decisions/047-wording-that-is-true.md): the one
 * place that decides how a payout reads, on cards, the offer page, dialogs and page descriptions.
 * The amount: a percentage string as it is, a number with a dollar sign, no payout 'Contact'. The
 * model follows it ('$0.90 CPI', '40% RevShare'). An offer's payout is one fixed value, so the
 * spec's 'Up to $value' on the offer page is not used: it would promise a range no offer has.
 */
import type { PayoutType } from './constants';
import { formatMoney } from './format-number';

export type PayoutValue = number | string | null | undefined;

/** What a payout is made of: the offer's value and, where known, its model. */
export interface PayoutOf {
  readonly payout_value: PayoutValue;
  readonly payout_type?: PayoutType | null | undefined;
}

/** The payout's two parts, for screens that set the model apart: the amount and the model. */
export interface PayoutParts {
  readonly amount: string;
  /** The payout model (CPA, CPL, CPI, RevShare); null when there is no payout ('Contact'). */
  readonly model: string | null;
}

export function payoutParts({ payout_value: value, payout_type: type }: PayoutOf): PayoutParts {
  if (value === null || value === undefined || value === '')
    return { amount: 'Contact', model: null };
  const amount = typeof value === 'string' ? value : formatMoney(value);
  return { amount, model: type ?? null };
}

/** The payout as one text: '$0.90 CPI', '40% RevShare', '$45' (no model known), 'Contact'. */
export function formatPayout(offer: PayoutOf): string {
  const { amount, model } = payoutParts(offer);
  return model ? `${amount} ${model}` : amount;
}
