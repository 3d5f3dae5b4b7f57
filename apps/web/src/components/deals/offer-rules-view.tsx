import { Badge } from '../ui/badge';
import { cn } from '../../lib/cn';
import { DEAL_TEXT as T } from './deal-texts';
import { offerRules, type OfferRulesOf } from './offer-rules';

/**
 * An offer's daily / monthly caps and allowed / forbidden traffic (docs/decisions/048-agreed-terms.md):
 * the one presenter of the offer page, the cards (`compact`: one or two short lines, nothing when
 * the offer states no rule) and the apply dialog.
 */
export function OfferRulesView({
  offer,
  compact = false,
  className,
}: {
  offer: OfferRulesOf;
  compact?: boolean;
  className?: string;
}) {
  const r = offerRules(offer);
  if (compact) {
    if (!r.any) return null;
    const caps = T.capsCompact(r.daily, r.monthly);
    return (
      <div
        data-testid="offer-rules"
        className={cn('flex flex-col gap-0.5 text-xs text-muted-foreground', className)}
      >
        {caps ? (
          <p className="truncate">
            <span className="font-medium text-foreground">{T.capsLabel}</span> {caps}
          </p>
        ) : null}
        {r.allowed.length || r.forbidden.length ? (
          <p className="truncate">
            {r.allowed.length ? (
              <>
                <span className="font-medium text-foreground">{T.allowedCompact}</span>{' '}
                {r.allowed.join(', ')}
              </>
            ) : null}
            {r.allowed.length && r.forbidden.length ? ' · ' : null}
            {r.forbidden.length ? (
              <>
                <span className="font-medium text-foreground">{T.forbiddenCompact}</span>{' '}
                {r.forbidden.join(', ')}
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <section aria-label={T.rulesHeading} data-testid="offer-rules" className={className}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{T.dailyCap}</dt>
          <dd className="text-sm font-medium">
            {r.daily !== null ? T.capValue(r.daily) : T.noCaps}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{T.monthlyCap}</dt>
          <dd className="text-sm font-medium">
            {r.monthly !== null ? T.capValue(r.monthly) : T.noCaps}
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{T.allowed}</dt>
          <dd className="flex flex-wrap gap-1.5 text-sm font-medium">
            {r.allowed.length
              ? r.allowed.map((t) => (
                  <Badge key={t} variant="success">
                    {t}
                  </Badge>
                ))
              : T.anyTraffic}
          </dd>
        </div>
        {r.forbidden.length ? (
          <div className="flex flex-col gap-1">
            <dt className="text-xs font-medium text-muted-foreground">{T.forbidden}</dt>
            <dd className="flex flex-wrap gap-1.5">
              {r.forbidden.map((t) => (
                <Badge key={t} variant="danger">
                  {t}
                </Badge>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
