import type { ReactNode } from 'react';
import CircleDollarSign from 'lucide-react/icons/circle-dollar-sign';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Percent from 'lucide-react/icons/percent';
import Target from 'lucide-react/icons/target';
import { MY_OFFERS_TEXT, TRACKING_TEXT as T } from '../dashboards-texts';
import { conversionRate, earningsPerClick } from '../tracking-metrics';
import { formatCount } from '../../../lib/format-number';

function Stat({
  icon,
  label,
  value,
  title,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  title?: string;
}) {
  return (
    <div className="flex items-center gap-2" title={title}>
      <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
        {icon}
      </span>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

interface TrackingStatsProps {
  clicks: number;
  conversions: number;
  payoutTotal: number;
  children?: ReactNode;
}

/** Clicks, conversions, conversion rate and EPC of an offer or an application (docs/decisions/014). */
export function TrackingStats({ clicks, conversions, payoutTotal, children }: TrackingStatsProps) {
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-2 border-t border-border pt-3">
      <Stat
        icon={<MousePointerClick />}
        label={MY_OFFERS_TEXT.clicks}
        value={formatCount(clicks)}
      />
      <Stat icon={<Target />} label={MY_OFFERS_TEXT.conversions} value={formatCount(conversions)} />
      <Stat
        icon={<Percent />}
        label={T.conversionRate}
        value={conversionRate(clicks, conversions)}
      />
      <Stat
        icon={<CircleDollarSign />}
        label={T.epc}
        value={earningsPerClick(payoutTotal, clicks)}
        title={T.epcHint}
      />
      {children}
    </dl>
  );
}
