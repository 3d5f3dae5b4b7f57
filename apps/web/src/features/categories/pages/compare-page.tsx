import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { categoryPath, COMPARE_PARAM, comparePath } from '@trustlinks/contract/category-paths';
import { CATEGORY_LIMITS, type ComparedCompany } from '@trustlinks/contract/categories';
import { Alert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { buttonClasses } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { DetailLoadFailure } from '../../../components/ui/detail-load-failure';
import { EmptyState } from '../../../components/ui/empty-state';
import { PublicWarningBanner } from '../../../components/ui/public-warning-banner';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/ui/star-rating';
import { ApiClientError } from '../../../lib/api-client';
import { entityPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCompare } from '../api/categories';
import { COMPARE_TEXT as T, CATEGORY_TYPE_PLURALS } from '../categories-texts';
import { readCompareSlugs } from '../category-params';

const score = (n: number) => n.toFixed(1);
/** The labels' column stays in view while a phone scrolls the companies sideways. */
const labelCell =
  'sticky left-0 w-28 bg-card p-3 align-top font-medium text-muted-foreground sm:w-44';
const NA = T.notAvailable;

/** The rows of the table: a label and each company's cell. */
const ROWS: readonly [string, (c: ComparedCompany) => ReactNode][] = [
  [
    T.trustScore,
    (c) =>
      c.trust.total_reviews > 0 ? (
        <span className="inline-flex items-center gap-1.5">
          <StarRating value={c.trust.reputation_score} />
          <strong>{score(c.trust.reputation_score)}</strong>
        </span>
      ) : (
        NA
      ),
  ],
  [T.quality, (c) => (c.trust.total_reviews > 0 ? score(c.trust.sub_scores.quality) : NA)],
  [T.support, (c) => (c.trust.total_reviews > 0 ? score(c.trust.sub_scores.support) : NA)],
  [T.reliability, (c) => (c.trust.total_reviews > 0 ? score(c.trust.sub_scores.reliability) : NA)],
  [
    T.paymentSpeed,
    (c) => (c.trust.total_reviews > 0 ? score(c.trust.sub_scores.payment_speed) : NA),
  ],
  [T.reviews, (c) => String(c.trust.total_reviews)],
  [T.distribution, (c) => <Distribution counts={c.rating_counts} />],
  [
    T.replyRate,
    (c) =>
      c.trust.responsiveness.reply_rate === null
        ? T.noNegative
        : T.replyRateValue(
            c.trust.responsiveness.reply_rate,
            c.trust.responsiveness.replied,
            c.trust.responsiveness.negative_reviews,
          ),
  ],
  [T.paymentTerms, (c) => c.payment_terms ?? NA],
  [T.minimumPayout, (c) => (c.minimum_payout === null ? NA : `$${c.minimum_payout}`)],
  [T.verticals, (c) => c.facets.verticals.join(', ') || NA],
  [T.geos, (c) => c.facets.geos.join(', ') || NA],
  [T.payoutModels, (c) => c.facets.payout_models.join(', ') || NA],
  [T.liveOffers, (c) => String(c.live_offers)],
];

function Distribution({ counts }: { counts: readonly number[] }) {
  const total = counts.reduce((a, b) => a + b, 0);
  return (
    <ul className="flex min-w-32 flex-col gap-0.5">
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = counts[stars - 1] ?? 0;
        return (
          <li key={stars} className="flex items-center gap-2 text-xs">
            <span className="w-6 tabular-nums">{T.stars(stars)}</span>
            <span className="h-1.5 flex-1 overflow-hidden rounded bg-muted">
              <span
                className="block h-full bg-brand"
                style={{ width: `${total ? Math.round((n / total) * 100) : 0}%` }}
              />
            </span>
            <span className="w-6 text-right tabular-nums">{n}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /compare?c=slug,slug,slug (docs/decisions/055-categories-and-compare.md): up to three companies
 * side by side, each public warning shown; /compare alone: the top-ranked networks.
 */
export function ComparePage() {
  const [search] = useSearchParams();
  const c = search.get(COMPARE_PARAM) ?? undefined;
  const slugs = readCompareSlugs(search);
  const compare = useCompare(c);
  const names = (compare.data?.companies ?? []).map((x) => x.entity.name).join(' vs ');
  // The server's title (app/page-data.ts) is the same.
  useDocumentTitle(c === undefined ? T.topHeading : names || T.documentTitle);
  const tooMany = slugs.length > CATEGORY_LIMITS.compareMax;

  let body: ReactNode;
  if (compare.isPending) {
    body = <Skeleton className="mt-6 h-96 rounded-xl" aria-busy="true" />;
  } else if (compare.isError) {
    const status = compare.error instanceof ApiClientError ? compare.error.status : 0;
    body = tooMany ? (
      <Alert variant="danger" className="mt-6">
        {T.tooMany}
      </Alert>
    ) : (
      <DetailLoadFailure
        notFound={status === 404 || status === 400}
        texts={T}
        onRetry={() => void compare.refetch()}
        retrying={compare.isFetching}
        back={{ to: categoryPath('network'), label: CATEGORY_TYPE_PLURALS.network }}
      />
    );
  } else if (compare.data.companies.length === 0) {
    body = (
      <EmptyState
        className="mt-6"
        title={T.empty}
        description={T.emptyHint}
        action={
          <Link to={categoryPath('network')} className={buttonClasses({ variant: 'outline' })}>
            {CATEGORY_TYPE_PLURALS.network}
          </Link>
        }
      />
    );
  } else {
    body = <CompareTable companies={compare.data.companies} named={c !== undefined} />;
  }

  return (
    <Container className="py-8 sm:py-10">
      <Breadcrumb texts={{ label: T.breadcrumb, home: T.home }} current={T.heading} />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {c === undefined ? T.topHeading : T.heading}
      </h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">{T.intro}</p>
      {body}
    </Container>
  );
}

function CompareTable({
  companies,
  named,
}: {
  companies: readonly ComparedCompany[];
  named: boolean;
}) {
  const slugs = companies.map((c) => c.entity.slug);
  const first = companies[0]!.entity.entity_type;
  return (
    <>
      {companies.some((c) => (c.entity.public_warnings ?? []).length > 0) ? (
        <div className="mt-6 flex flex-col gap-3">
          {companies.map((c) =>
            (c.entity.public_warnings ?? []).length > 0 ? (
              <div key={c.entity.entity_id}>
                <p className="mb-1 text-sm font-semibold">{c.entity.name}</p>
                <PublicWarningBanner warnings={c.entity.public_warnings} />
              </div>
            ) : null,
          )}
        </div>
      ) : null}
      <div className="mt-6 overflow-x-auto rounded-xl border border-border bg-card">
        <table
          className="w-full min-w-[36rem] table-fixed text-left text-sm"
          data-testid="compare-table"
        >
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className={labelCell}>
                {T.company}
              </th>
              {companies.map((c) => (
                <th key={c.entity.entity_id} scope="col" className="p-3 align-top">
                  <Link
                    to={entityPath(c.entity.slug)}
                    className="text-base font-semibold hover:underline"
                  >
                    {c.entity.name}
                  </Link>
                  <div className="text-xs font-normal text-muted-foreground">
                    {CATEGORY_TYPE_PLURALS[c.entity.entity_type].slice(0, -1)}
                  </div>
                  {named && companies.length > 1 ? (
                    <Link
                      to={comparePath(slugs.filter((s) => s !== c.entity.slug))}
                      className="text-xs font-normal text-muted-foreground underline"
                    >
                      {T.remove}
                    </Link>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-border">
              <th scope="row" className={labelCell}>
                {T.warnings}
              </th>
              {companies.map((c) => (
                <td key={c.entity.entity_id} className="p-3" data-testid="compare-warnings">
                  {(c.entity.public_warnings ?? []).length > 0 ? (
                    <span className="font-semibold text-danger">
                      {(c.entity.public_warnings ?? []).map((w) => w.public_text).join(' ')}
                    </span>
                  ) : (
                    T.noWarnings
                  )}
                </td>
              ))}
            </tr>
            {ROWS.map(([label, cell]) => (
              <tr key={label} className="border-b border-border last:border-0">
                <th scope="row" className={labelCell}>
                  {label}
                </th>
                {companies.map((c) => (
                  <td key={c.entity.entity_id} className="p-3 align-top">
                    {cell(c)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {companies.length < CATEGORY_LIMITS.compareMax ? (
        <p className="mt-4">
          <Link
            to={`${categoryPath(first)}?${COMPARE_PARAM}=${slugs.join(',')}`}
            className={buttonClasses({ variant: 'outline' })}
          >
            {T.addMore(CATEGORY_TYPE_PLURALS[first])}
          </Link>
        </p>
      ) : null}
    </>
  );
}
