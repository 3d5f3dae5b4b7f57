/**
 * Numbers for people, in English as the rest of the product ("12,450", "$1,250.50"). Written out
 * rather than with `Intl.NumberFormat` / `toLocaleString`: the first formatter a page makes loads
 * the browser's locale data, ~20 ms of a phone's main thread (×4 on a throttled one) while it
 * hydrates a page of offer cards (docs/performance.md), and the server renders the same text
 * (docs/decisions/021-server-rendering.md). The output is `Intl`'s for en-US (the test compares).
 */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A count: "12,450". */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return n < 0 ? `-${group(String(-n))}` : group(String(n));
}

/** "$1,250.50": bid amounts, budgets and payouts, with cents when there are any. */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return `$${value}`;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (Number.isInteger(abs)) return `${sign}$${formatCount(abs)}`;
  // Half away from zero on the decimal the number was written as (1.005 → 1.01, as Intl).
  const cents = Math.round(Number((abs * 100).toPrecision(15)));
  const whole = Math.floor(cents / 100);
  return `${sign}$${formatCount(whole)}.${String(cents % 100).padStart(2, '0')}`;
}
