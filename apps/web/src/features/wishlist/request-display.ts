import { WISHLIST_CARD_GEOS } from '@trustlinks/contract/constants';
import { requestPriority } from '@trustlinks/contract/offer-requests';
import type { OfferRequest, Priority } from '@trustlinks/contract/offer-requests';
import { formatMoney } from '../../lib/format-number';

/**
 * docs/product/states.md, docs/product/constants.md: the priority is derived in the client from the daily volume and the budget range,
 * with the contract's requestPriority (the one implementation; the API stores and filters by the
 * same value).
 */
export function priorityOf(
  request: Pick<OfferRequest, 'traffic_volume' | 'budget_range'>,
): Priority {
  return requestPriority(request.traffic_volume, request.budget_range !== null);
}

/** docs/product/constants.md daily volume display: traffic_volume divided by 1000, rounded, plus 'K/day'. */
export function dailyVolumeText(volume: number): string {
  return `${Math.round(volume / 1000)}K/day`;
}

/** docs/product/constants.md: the first 4 GEOs on a card, then '+N more'. */
export function cardGeos(geos: readonly string[]): { shown: string[]; moreText: string | null } {
  const shown = geos.slice(0, WISHLIST_CARD_GEOS);
  const more = geos.length - shown.length;
  return { shown, moreText: more > 0 ? `+${more} more` : null };
}

/** "$1,000 – $5,000", or null without a budget range. */
export function budgetText(range: OfferRequest['budget_range']): string | null {
  if (!range) return null;
  return `${formatMoney(range.min)} – ${formatMoney(range.max)}`;
}
