import Scale from 'lucide-react/icons/scale';
import { Link } from 'react-router';
import { PAGES } from '@trustlinks/contract/pages';
import type { TransparencyMonth } from '@trustlinks/contract/transparency';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTransparencyReport } from '../api/get-transparency';
import { TRANSPARENCY_TEXT as T } from '../reviews-texts';

const F = T.figures;

/** A month as its name and year (UTC), e.g. 'November 2026'. */
function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A month with nothing in it (left out, except the current one). */
const isEmpty = (m: TransparencyMonth) =>
  m.submitted +
    m.published +
    m.held_total +
    m.removed_total +
    m.reports_submitted +
    m.reports_decided +
    m.warnings_placed +
    m.warnings_lifted +
    m.decisions ===
  0;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg bg-muted/50 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Reasons({
  label,
  counts,
  labels,
}: {
  label: string;
  counts: readonly { reason: string; count: number }[];
  labels: Readonly<Record<string, string>>;
}) {
  if (counts.length === 0) return null;
  return (
    <div>
      <h4 className="text-sm font-medium">{label}</h4>
      <ul className="mt-1 flex flex-col gap-0.5 text-sm text-muted-foreground">
        {counts.map(({ reason, count }) => (
          <li key={reason} className="flex justify-between gap-4">
            <span>{labels[reason] ?? reason}</span>
            <span className="font-medium tabular-nums text-foreground">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MonthCard({ month }: { month: TransparencyMonth }) {
  const median =
    month.median_decision_hours === null ? T.noDecisions : T.hours(month.median_decision_hours);
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold">{monthName(month.month)}</h3>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label={F.submitted} value={month.submitted} />
        <Figure label={F.published} value={month.published} />
        <Figure label={F.held} value={month.held_total} />
        <Figure label={F.removed} value={month.removed_total} />
        <Figure label={F.reports} value={month.reports_submitted} />
        <Figure label={F.reportsDecided} value={month.reports_decided} />
        <Figure label={F.warningsPlaced} value={month.warnings_placed} />
        <Figure label={F.warningsLifted} value={month.warnings_lifted} />
        <Figure label={F.median} value={median} />
      </dl>
      {month.held.length > 0 || month.removed.length > 0 ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Reasons label={`${F.held} · ${T.byReason}`} counts={month.held} labels={T.holdReasons} />
          <Reasons
            label={`${F.removed} · ${T.byReason}`}
            counts={month.removed}
            labels={T.removalReasons}
          />
        </div>
      ) : null}
      {month.decisions > 0 ? (
        <p className="mt-3 text-xs text-muted-foreground">
          {F.median}: {T.decisionsCount(month.decisions)}
        </p>
      ) : null}
    </Card>
  );
}

/**
 * /transparency (docs/decisions/054): the moderation figures of the last twelve months, from the
 * audit trail, with how they are computed. Rendered on the server.
 */
export function TransparencyPage() {
  useDocumentTitle(T.documentTitle);
  const query = useTransparencyReport();
  const months = (query.data?.months ?? []).filter((m, i) => i === 0 || !isEmpty(m));
  return (
    <Container className="max-w-4xl py-10 sm:py-14">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand-soft-foreground [&_svg]:size-6"
        >
          <Scale />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
      </div>
      <p className="mt-4 text-lg text-muted-foreground">{T.intro}</p>

      <section aria-label={T.monthsLabel} className="mt-8 flex flex-col gap-4">
        {query.data ? (
          months.map((month) => <MonthCard key={month.month} month={month} />)
        ) : query.isError ? (
          <Card className="flex flex-col items-start gap-3 p-5">
            <p role="alert">{T.failed}</p>
            <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
              {T.tryAgain}
            </Button>
          </Card>
        ) : (
          <>
            <p role="status" className="sr-only">
              {T.loading}
            </p>
            <Skeleton className="h-56 rounded-xl" />
            <Skeleton className="h-56 rounded-xl" />
          </>
        )}
      </section>

      <Card className="mt-8 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{T.methodHeading}</h2>
        <div className="mt-2 flex flex-col gap-3 leading-relaxed text-muted-foreground">
          {T.method.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Card>
      <p className="mt-6">
        <Link
          to={PAGES.trustScore.path}
          className="font-medium text-brand hover:underline underline-offset-4"
        >
          {T.trustScoreLink}
        </Link>
      </p>
    </Container>
  );
}
