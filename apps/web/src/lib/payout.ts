/**
 * Payout display (docs/product/constants.md): a percentage string is shown as is, a number with a dollar sign
 * ('Up to $value' on the offer page), and no payout as 'Contact'.
 */
export type PayoutValue = number | string | null | undefined;

function money(value: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

export function formatPayout(value: PayoutValue): string {
  if (value === null || value === undefined || value === '') return 'Contact';
  if (typeof value === 'string') return value;
  return money(value);
}

/** The offer page's wording: 'Up to $45' for amounts; percentages and 'Contact' unchanged. */
export function formatPayoutUpTo(value: PayoutValue): string {
  return typeof value === 'number' ? `Up to ${money(value)}` : formatPayout(value);
}
