import type { TrustContext } from '@trustlinks/contract/trust-context';
import { Badge } from './badge';

/** The trust line's texts (ours; docs/decisions/051-trust-context.md). */
export const TRUST_LINE_TEXT = {
  warned: 'Public warning',
  warnedHint: 'This company is under a public warning: see its page.',
  verified: 'Verified',
  trustScore: (score: number) => `TrustScore ${score.toFixed(1)}`,
  noScore: 'No TrustScore yet',
} as const;

/**
 * THE rendering of a company's trust context (contract TrustContext, one presenter in the API):
 * its public warning, else 'Verified' (never beside a warning: decision 022), and its TrustScore.
 * On every offer card and dialog, bid and application (docs/decisions/051-trust-context.md).
 */
export function TrustLine({ trust }: { trust: TrustContext }) {
  const T = TRUST_LINE_TEXT;
  return (
    <span className="inline-flex flex-wrap gap-2">
      {trust.warned ? (
        <Badge variant="danger" title={T.warnedHint}>
          {T.warned}
        </Badge>
      ) : trust.verified ? (
        <Badge variant="success">{T.verified}</Badge>
      ) : null}
      <Badge variant="outline">
        {trust.score === null ? T.noScore : T.trustScore(trust.score)}
      </Badge>
    </span>
  );
}
