import type { OfferRequest } from '@trustlinks/contract/offer-requests';

/** "$1,250.50" — bid amounts and budgets, always with cents when there are any. */
export function formatMoney(value: number): string {
  return `$${value.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** "$1,000 – $5,000", or null without a budget range. */
export function budgetText(range: OfferRequest['budget_range']): string | null {
  return range ? `${formatMoney(range.min)} – ${formatMoney(range.max)}` : null;
}

/** The exact daily volume for the owner: "60,000/day". */
export function volumePerDay(volume: number): string {
  return `${volume.toLocaleString('en-US')}/day`;
}
