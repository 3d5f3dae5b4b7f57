import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { formatCount, formatMoney } from '../../lib/format-number';

/** "$1,000 – $5,000", or null without a budget range. */
export function budgetText(range: OfferRequest['budget_range']): string | null {
  return range ? `${formatMoney(range.min)} – ${formatMoney(range.max)}` : null;
}

/** The exact daily volume for the owner: "60,000/day". */
export function volumePerDay(volume: number): string {
  return `${formatCount(volume)}/day`;
}
