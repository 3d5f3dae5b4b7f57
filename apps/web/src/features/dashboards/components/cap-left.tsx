import type { CapLeft as CapLeftFigures } from '@trustlinks/contract/conversions';
import { CAP_LEFT_TEXT as T } from '../dashboards-texts';

/**
 * What is left of an offer's caps today (and this month), on the affiliate's approved
 * application (docs/decisions/049). Nothing when the offer has no cap.
 */
export function CapLeft({ cap }: { cap: CapLeftFigures | null | undefined }) {
  if (!cap || cap.left_today === null) return null;
  const reached = cap.left_today === 0;
  return (
    <p
      className={reached ? 'text-sm font-medium text-danger' : 'text-sm text-muted-foreground'}
      data-testid="cap-left"
    >
      <span className="font-medium">{T.label}: </span>
      {T.today(cap.left_today, cap.daily_cap)}
      {cap.monthly_cap !== null && cap.left_this_month !== null
        ? ` · ${T.month(cap.left_this_month, cap.monthly_cap)}`
        : null}
      {reached ? <span className="block text-xs">{T.reached}</span> : null}
    </p>
  );
}
