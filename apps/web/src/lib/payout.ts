/**
 * Payout display (docs/product/constants.md): a percentage string is shown as is, a number with a dollar sign
 * ('Up to $value' on the offer page), and no payout as 'Contact'.
 */
import { formatMoney } from './format-number';

export type PayoutValue = number | string | null | undefined;

export function formatPayout(value: PayoutValue): string {
  if (value === null || value === undefined || value === '') return 'Contact';
  if (typeof value === 'string') return value;
  return formatMoney(value);
}

/** The offer page's wording: 'Up to $45' for amounts; percentages and 'Contact' unchanged. */
export function formatPayoutUpTo(value: PayoutValue): string {
  return typeof value === 'number' ? `Up to ${formatMoney(value)}` : formatPayout(value);
}
