import type { AgreedTerms } from '@trustlinks/contract/applications';
import { cn } from '../../lib/cn';
import { formatPayout } from '../../lib/payout';
import { DEAL_TEXT as T } from './deal-texts';

/** The agreed payout as a line: '$39.50 CPL', '35% RevShare' (lib/payout's reading). */
export function formatTerms(terms: Pick<AgreedTerms, 'payout_type' | 'payout_value'>): string {
  const value = terms.payout_value;
  return formatPayout({
    payout_type: terms.payout_type,
    payout_value: terms.payout_type === 'RevShare' && value !== null ? `${value}%` : value,
  });
}

/**
 * "Your terms: $39.50 CPL (accepted counter offer)": the payout agreed between the offer's owner
 * and one partner, and where it came from (docs/decisions/048-agreed-terms.md). Both parties see it
 * on the offer page, the application and the dashboard.
 */
export function YourTerms({ terms, className }: { terms: AgreedTerms; className?: string }) {
  return (
    <p data-testid="your-terms" className={cn('text-sm', className)}>
      <span className="text-muted-foreground">{T.yourTerms}:</span>{' '}
      <strong className="font-semibold">{formatTerms(terms)}</strong>{' '}
      <span className="text-muted-foreground">{T.termsFrom(T.termsSources[terms.source])}</span>
    </p>
  );
}
