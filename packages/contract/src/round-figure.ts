// No zod here: the landing page's first paint formats its figures with it (docs/decisions/026).

/**
 * A count as the landing shows it, rounded down so it never claims more than there is: exact
 * below 20, then to 10 ("320+"), 100 ("1,200+"), thousands ("12K+") and millions ("1.2M+").
 */
export function roundFigure(n: number): string {
  if (n < 20) return String(n);
  if (n < 1000) return `${Math.floor(n / 10) * 10}+`;
  if (n < 10_000) return `${(Math.floor(n / 100) * 100).toLocaleString('en-US')}+`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}K+`;
  return `${Math.floor(n / 100_000) / 10}M+`;
}
