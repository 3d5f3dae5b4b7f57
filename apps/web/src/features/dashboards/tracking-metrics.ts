/** Figures of the tracking loop (docs/decisions/014), as the offer and application cards show them. */

import { formatMoney } from '../../lib/format-number';

const NONE = '—';

/** Conversions per click, one decimal; a dash before the first click. */
export function conversionRate(clicks: number, conversions: number): string {
  if (clicks <= 0) return NONE;
  return `${((conversions / clicks) * 100).toFixed(1)}%`;
}

/** Earnings per click: reported payouts divided by clicks; a dash before the first click. */
export function earningsPerClick(payoutTotal: number, clicks: number): string {
  if (clicks <= 0) return NONE;
  return formatMoney(Math.round((payoutTotal / clicks) * 100) / 100);
}
