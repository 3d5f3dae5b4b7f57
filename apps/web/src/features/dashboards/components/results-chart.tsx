import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ResultsResponse } from '@trustlinks/contract/results';
import { RESULTS_TEXT as T } from '../dashboards-texts';

/** "Nov 26" for an axis tick (UTC day). */
const tick = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
  });

/**
 * Clicks (bars, left axis) and conversions (line, right axis) per day (docs/decisions/031), each
 * axis labelled with its measure and unit, the dates' axis with its time zone. Loaded on its
 * own (React.lazy in results-tab.tsx) so recharts never weighs on a dashboard's first load. The
 * table under it is its accessible form; the chart is labelled as a picture of it.
 */
export default function ResultsChart({
  days,
  label,
}: {
  days: ResultsResponse['days'];
  label: string;
}) {
  return (
    <figure role="img" aria-label={label} className="h-72 w-full" data-testid="results-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={tick}
            minTickGap={16}
            height={44}
            label={{ value: T.axisDate, position: 'insideBottom' }}
          />
          <YAxis
            yAxisId="clicks"
            allowDecimals={false}
            width={64}
            label={{ value: T.axisClicks, angle: -90, position: 'insideLeft', dy: 40 }}
          />
          <YAxis
            yAxisId="conversions"
            orientation="right"
            allowDecimals={false}
            width={64}
            label={{ value: T.axisConversions, angle: 90, position: 'insideRight', dy: -56 }}
          />
          <Tooltip labelFormatter={(d) => tick(String(d))} />
          <Legend />
          <Bar
            yAxisId="clicks"
            dataKey="clicks"
            name={T.clicks}
            fill="var(--color-primary, #2563eb)"
            isAnimationActive={false}
          />
          <Line
            yAxisId="conversions"
            dataKey="conversions"
            name={T.conversions}
            stroke="var(--color-success, #16a34a)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
