import { lazy, Suspense, useState } from 'react';
import type { FormEvent } from 'react';
import Download from 'lucide-react/icons/download';
import type { ResultFigures, ResultPeriod, ResultsResponse } from '@trustlinks/contract/results';
import { RESULT_PERIODS } from '@trustlinks/contract/results';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { DataTable, TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table';
import type { TabItem } from '../../../components/ui/tabs';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { downloadResultsCsv, useResults } from '../api/get-results';
import type { ResultsPeriod, ResultsSource } from '../api/get-results';
import { useOwnOffers } from '../api/get-own-offers';
import { RESULTS_TEXT as T } from '../dashboards-texts';
import { formatCount, formatMoney } from '../../../lib/format-number';
import { Form } from '../../../components/ui/form';
import { ConversionsSection } from './conversions-section';

// The chart library loads with the chart only, never with the dashboard (docs/decisions/031).
const ResultsChart = lazy(() => import('./results-chart'));

/** "Nov 26, 2026" for a UTC day (YYYY-MM-DD). */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

const count = formatCount;
const percent = (f: ResultFigures) => (f.clicks > 0 ? `${f.conversion_rate.toFixed(2)}%` : '—');
const epc = (f: ResultFigures) => (f.clicks > 0 ? formatMoney(f.epc) : '—');

/** The figures' cells of a row, in the tables' column order. */
function FigureCells({ f }: { f: ResultFigures }) {
  return (
    <>
      <TableCell label={T.clicks} className="tabular-nums">
        {count(f.clicks)}
      </TableCell>
      <TableCell label={T.conversions} className="tabular-nums">
        {count(f.conversions)}
      </TableCell>
      <TableCell label={T.conversionRate} className="tabular-nums">
        {percent(f)}
      </TableCell>
      <TableCell label={T.payout} className="tabular-nums">
        {formatMoney(f.payout)}
      </TableCell>
      <TableCell label={T.epc} className="tabular-nums">
        {epc(f)}
      </TableCell>
    </>
  );
}

function FigureHeaders() {
  return (
    <>
      <TableHeaderCell>{T.clicks}</TableHeaderCell>
      <TableHeaderCell>{T.conversions}</TableHeaderCell>
      <TableHeaderCell>{T.conversionRate}</TableHeaderCell>
      <TableHeaderCell>{T.payout}</TableHeaderCell>
      <TableHeaderCell>{T.epc}</TableHeaderCell>
    </>
  );
}

/** Today, 7 days, 30 days or a custom range (applied with Show). */
function PeriodPicker({
  period,
  onChange,
}: {
  period: ResultsPeriod;
  onChange: (p: ResultsPeriod) => void;
}) {
  const [custom, setCustom] = useState(!('preset' in period));
  const [from, setFrom] = useState('preset' in period ? '' : period.from);
  const [to, setTo] = useState('preset' in period ? '' : period.to);
  const [error, setError] = useState<string | undefined>();
  const choose = (p: ResultPeriod) => {
    setCustom(false);
    setError(undefined);
    onChange({ preset: p });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) {
      setError(T.customIncomplete);
      return;
    }
    setError(undefined);
    onChange({ from, to });
  };
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={T.periodLabel} className="flex flex-wrap gap-2">
        {RESULT_PERIODS.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={!custom && 'preset' in period && period.preset === p ? 'primary' : 'outline'}
            aria-pressed={!custom && 'preset' in period && period.preset === p}
            onClick={() => choose(p)}
          >
            {T.periods[p]}
          </Button>
        ))}
        <Button
          size="sm"
          variant={custom ? 'primary' : 'outline'}
          aria-pressed={custom}
          onClick={() => setCustom(true)}
        >
          {T.periods.custom}
        </Button>
      </div>
      {custom ? (
        <Form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
          <TextField
            label={T.from}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={error}
          />
          <TextField label={T.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          <Button type="submit" size="sm" className="mb-1">
            {T.apply}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** The period's totals at a glance: clicks, conversions, conversion rate and payout. */
function ResultsTotals({ totals }: { totals: ResultFigures }) {
  const items = [
    [T.clicks, count(totals.clicks)],
    [T.conversions, count(totals.conversions)],
    [T.conversionRate, percent(totals)],
    [T.payout, formatMoney(totals.payout)],
  ] as const;
  return (
    <section aria-label={T.totalsLabel}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([term, value]) => (
          <div key={term} className="rounded-lg border border-border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ResultsTables({
  data,
  onOpenGroup,
}: {
  data: ResultsResponse;
  /** Given when a group is one of the caller's own offers: opens that offer's own view. */
  onOpenGroup?: ((key: string) => void) | undefined;
}) {
  const groupLabel = data.group_by === 'affiliate' ? T.affiliate : T.offer;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="results-by-day">
        <h3 id="results-by-day" className="mb-2 text-base font-semibold">
          {T.byDay}
        </h3>
        <DataTable
          label={T.byDay}
          header={
            <>
              <TableHeaderCell>{T.date}</TableHeaderCell>
              <FigureHeaders />
            </>
          }
          rows={[...data.days, { day: '', ...data.totals }]}
          renderRow={(d) => (
            <TableRow key={d.day || 'totals'} className={d.day ? undefined : 'font-semibold'}>
              <TableCell label={T.date}>{d.day ? formatDay(d.day) : T.totals}</TableCell>
              <FigureCells f={d} />
            </TableRow>
          )}
        />
      </section>
      <section aria-labelledby="results-by-group">
        <h3 id="results-by-group" className="mb-2 text-base font-semibold">
          {data.group_by === 'affiliate' ? T.byAffiliate : T.byOffer}
        </h3>
        {data.groups.length ? (
          <DataTable
            label={data.group_by === 'affiliate' ? T.byAffiliate : T.byOffer}
            header={
              <>
                <TableHeaderCell>{groupLabel}</TableHeaderCell>
                <FigureHeaders />
              </>
            }
            rows={
              onOpenGroup ? [...data.groups, { key: '', label: '', ...data.totals }] : data.groups
            }
            renderRow={(g) => (
              <TableRow key={g.key || 'totals'} className={g.key ? undefined : 'font-semibold'}>
                <TableCell label={groupLabel}>
                  {!g.key ? (
                    T.totals
                  ) : onOpenGroup ? (
                    <button
                      type="button"
                      className="text-left font-medium text-brand underline-offset-2 hover:underline"
                      aria-label={T.openOffer(g.label)}
                      onClick={() => onOpenGroup(g.key)}
                    >
                      {g.label}
                    </button>
                  ) : (
                    g.label
                  )}
                </TableCell>
                <FigureCells f={g} />
              </TableRow>
            )}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{T.empty}</p>
        )}
      </section>
      <section aria-labelledby="results-by-sub-id">
        <h3 id="results-by-sub-id" className="mb-2 text-base font-semibold">
          {T.bySubId}
        </h3>
        <p className="mb-2 text-xs text-muted-foreground">{T.subIdHint}</p>
        {data.sub_ids.length ? (
          <DataTable
            label={T.bySubId}
            header={
              <>
                <TableHeaderCell>{T.subId}</TableHeaderCell>
                <FigureHeaders />
              </>
            }
            rows={data.sub_ids}
            renderRow={(s) => (
              <TableRow key={s.other ? '\u001f' : (s.sub1 ?? '')}>
                <TableCell label={T.subId} className="break-all">
                  {s.other ? T.otherSubIds : (s.sub1 ?? T.noSubId)}
                </TableCell>
                <FigureCells f={s} />
              </TableRow>
            )}
          />
        ) : null}
      </section>
      {data.truncated ? <Alert variant="info">{T.truncated}</Alert> : null}
    </div>
  );
}

/** The dashboards' Results tab: a source, a period, the chart and its tables, Export CSV. */
export function ResultsTab({
  ownerOf = null,
  runsOffers,
}: {
  /** The entity whose own offers are sources (owners' dashboards). */
  ownerOf?: string | null;
  runsOffers: boolean;
}) {
  const own = useOwnOffers(ownerOf).data?.offers ?? [];
  const sources: { value: string; label: string; source: ResultsSource }[] = [
    ...(runsOffers
      ? [{ value: 'mine', label: T.mySources, source: { kind: 'mine' } as const }]
      : []),
    // All own offers together, then each one (docs/decisions/031, note of 2026-11-29).
    ...(own.length
      ? [{ value: 'own-offers', label: T.allOwnOffers, source: { kind: 'ownOffers' } as const }]
      : []),
    ...own.map((o) => ({
      value: o.offer_id,
      label: T.offerSource(o.title),
      source: { kind: 'offer', offerId: o.offer_id } as const,
    })),
  ];
  const [chosen, setChosen] = useState<string | undefined>();
  const [period, setPeriod] = useState<ResultsPeriod>({ preset: '7d' });
  const [exporting, setExporting] = useState(false);
  const selected = sources.find((s) => s.value === chosen) ?? sources[0];
  const source = selected?.source ?? null;
  const results = useResults(source, period);

  if (!source) return <p className="text-sm text-muted-foreground">{T.noSources}</p>;

  const exportCsv = async (include?: 'conversions') => {
    setExporting(true);
    try {
      await downloadResultsCsv(source, period, include);
    } catch (error) {
      toast.error(serverMessage(error) ?? T.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const data = results.data;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{T.heading}</h2>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        {sources.length > 1 ? (
          <SelectField
            label={T.sourceLabel}
            value={selected?.value}
            onChange={(e) => setChosen(e.target.value)}
            className="min-w-64"
          >
            {sources.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !data}>
          <Download aria-hidden="true" />
          {exporting ? T.exporting : T.exportCsv}
        </Button>
      </div>
      <PeriodPicker period={period} onChange={setPeriod} />
      {results.isError ? (
        <Alert variant="danger" title={T.failed}>
          <p>{serverMessage(results.error)}</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => results.refetch()}>
            {T.retry}
          </Button>
        </Alert>
      ) : null}
      {!data && results.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {T.loading}
        </p>
      ) : null}
      {data ? (
        <>
          <Suspense
            fallback={
              <p className="h-72 text-sm text-muted-foreground" role="status">
                {T.chartLoading}
              </p>
            }
          >
            <ResultsChart
              days={data.days}
              label={T.chartLabel(formatDay(data.period.from), formatDay(data.period.to))}
            />
          </Suspense>
          <ResultsTotals totals={data.totals} />
          <ResultsTables
            data={data}
            onOpenGroup={
              source.kind === 'ownOffers'
                ? (key) => {
                    if (own.some((o) => o.offer_id === key)) setChosen(key);
                  }
                : undefined
            }
          />
          <ConversionsSection
            data={data}
            // The owner's views (one own offer, or all of them) set statuses; the affiliate's reads.
            manage={source.kind !== 'mine'}
            onExport={() => void exportCsv('conversions')}
            exporting={exporting}
          />
        </>
      ) : null}
    </div>
  );
}

/** The Results tab of a dashboard: own offers (owners) and/or the caller's traffic (runners). */
export function resultsTab<V extends string>(
  value: V,
  options: { ownerOf?: string | null; runsOffers: boolean },
): TabItem<V> {
  return {
    value,
    label: T.tab,
    content: <ResultsTab ownerOf={options.ownerOf ?? null} runsOffers={options.runsOffers} />,
  };
}
