import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  ALL_VERTICALS,
  CATEGORY_VERTICALS,
  categoryPath,
  verticalLabel,
} from '@trustlinks/contract/category-paths';
import { CATEGORY_LIMITS, type CategoryCompany } from '@trustlinks/contract/categories';
import { PAYOUT_TYPES, type EntityType } from '@trustlinks/contract/constants';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { DetailLoadFailure } from '../../../components/ui/detail-load-failure';
import { EmptyState } from '../../../components/ui/empty-state';
import { Form } from '../../../components/ui/form';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/ui/star-rating';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { entityPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategory } from '../api/categories';
import { CATEGORY_TEXT as T, CATEGORY_TYPE_PLURALS } from '../categories-texts';
import { readCategoryFilters, readCompareSlugs } from '../category-params';
import { CompareTray } from '../components/compare-tray';

/** The heading of a category page (the server's title and JSON-LD use it too). */
export function categoryHeading(type: EntityType, vertical: string): string {
  return T.heading(CATEGORY_TYPE_PLURALS[type], verticalLabel(vertical));
}

const GEOS_SHOWN = 6;

/**
 * A category page (docs/decisions/055-categories-and-compare.md): `/networks/finance` — the
 * type's approved companies in the vertical ranked by TrustScore, filtered by GEO, payout model
 * and minimum reviews, up to three picked for a comparison.
 */
export function CategoryPage({ type }: { type: EntityType }) {
  const { vertical: rawVertical = ALL_VERTICALS } = useParams();
  const vertical = rawVertical.toLowerCase();
  const [search, setSearch] = useSearchParams();
  const filters = readCategoryFilters(search);
  const list = useCategory(type, vertical, filters);
  const [picked, setPicked] = useState<string[]>(() => readCompareSlugs(search));
  const typePlural = CATEGORY_TYPE_PLURALS[type];
  const label = verticalLabel(vertical);
  const heading = categoryHeading(type, vertical);
  useDocumentTitle(heading);

  const setFilter = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };
  const toggle = (slug: string) =>
    setPicked((now) =>
      now.includes(slug)
        ? now.filter((s) => s !== slug)
        : now.length < CATEGORY_LIMITS.compareMax
          ? [...now, slug]
          : now,
    );

  const notFound = list.error instanceof ApiClientError && list.error.status === 404;
  return (
    <Container className="py-8 sm:py-10">
      <Breadcrumb
        texts={{ label: T.breadcrumb, home: T.home }}
        trail={label ? [{ to: categoryPath(type), label: typePlural }] : []}
        current={label ?? typePlural}
      />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{heading}</h1>
      <p className="mt-2 max-w-3xl text-muted-foreground">{T.intro(typePlural, label)}</p>

      <nav aria-label={T.verticals} className="mt-5 flex flex-wrap gap-2">
        {[{ slug: ALL_VERTICALS, label: T.allVerticals }, ...CATEGORY_VERTICALS].map((v) => (
          <Link
            key={v.slug}
            to={categoryPath(type, v.slug)}
            aria-current={v.slug === vertical ? 'page' : undefined}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              v.slug === vertical
                ? 'border-brand bg-brand text-brand-foreground'
                : 'border-border bg-card hover:bg-muted',
            )}
          >
            {v.label}
          </Link>
        ))}
      </nav>

      <Filters
        key={search.toString()}
        geo={filters.geo ?? ''}
        payout={filters.payout ?? ''}
        minReviews={filters.min_reviews}
        onApply={setFilter}
      />

      {list.isPending ? (
        <div className="mt-6 flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : list.isError ? (
        <DetailLoadFailure
          notFound={notFound}
          texts={T}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
          back={{ to: categoryPath(type), label: typePlural }}
        />
      ) : list.data.companies.length === 0 ? (
        <EmptyState className="mt-6" title={T.empty} description={T.emptyHint} />
      ) : (
        <>
          <ol className="mt-6 flex flex-col gap-3" aria-label={heading} data-testid="category-list">
            {list.data.companies.map((company) => (
              <CompanyRow
                key={company.entity.entity_id}
                company={company}
                picked={picked.includes(company.entity.slug)}
                full={picked.length >= CATEGORY_LIMITS.compareMax}
                onToggle={() => toggle(company.entity.slug)}
              />
            ))}
          </ol>
          <div className="mt-6">
            <PrevNextPager
              page={list.data.page}
              hasMore={list.data.has_next_page}
              onPageChange={(page) => setFilter({ page: page > 1 ? String(page) : null })}
              busy={list.isFetching}
              label={T.pager}
              texts={T}
              status={T.page(list.data.page)}
            />
          </div>
        </>
      )}
      <CompareTray slugs={picked} />
    </Container>
  );
}

function Filters({
  geo,
  payout,
  minReviews,
  onApply,
}: {
  geo: string;
  payout: string;
  minReviews: number;
  onApply: (changes: Record<string, string | null>) => void;
}) {
  const [draft, setDraft] = useState({ geo, payout, minReviews: String(minReviews || '') });
  const field = 'h-10 rounded-md border border-border bg-card px-3 text-sm';
  return (
    <Form
      aria-label={T.filters}
      className="mt-5 flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({
          geo: draft.geo.trim().toUpperCase() || null,
          payout: draft.payout || null,
          min_reviews: draft.minReviews && draft.minReviews !== '0' ? draft.minReviews : null,
        });
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        {T.geo}
        <input
          name="geo"
          value={draft.geo}
          maxLength={2}
          placeholder={T.geoPlaceholder}
          onChange={(e) => setDraft({ ...draft, geo: e.target.value })}
          className={cn(field, 'w-24 uppercase placeholder:normal-case')}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {T.payout}
        <select
          name="payout"
          value={draft.payout}
          onChange={(e) => setDraft({ ...draft, payout: e.target.value })}
          className={field}
        >
          <option value="">{T.anyPayout}</option>
          {PAYOUT_TYPES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {T.minReviews}
        <input
          name="min_reviews"
          type="number"
          min={0}
          max={10000}
          value={draft.minReviews}
          onChange={(e) => setDraft({ ...draft, minReviews: e.target.value })}
          className={cn(field, 'w-28')}
        />
      </label>
      <Button type="submit">{T.apply}</Button>
      {geo || payout || minReviews ? (
        <Button
          variant="ghost"
          onClick={() => onApply({ geo: null, payout: null, min_reviews: null })}
        >
          {T.clear}
        </Button>
      ) : null}
    </Form>
  );
}

function CompanyRow({
  company,
  picked,
  full,
  onToggle,
}: {
  company: CategoryCompany;
  picked: boolean;
  full: boolean;
  onToggle: () => void;
}) {
  const { entity, facets } = company;
  const geos = facets.geos.slice(0, GEOS_SHOWN);
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-5 sm:p-5">
        <span className="text-lg font-semibold text-muted-foreground tabular-nums sm:w-10 sm:text-xl">
          {T.rank(company.rank)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={entityPath(entity.slug)}
              className="text-lg font-semibold break-words hover:underline"
            >
              {entity.name}
            </Link>
            {company.under_warning ? (
              <Badge variant="danger" data-testid="under-warning">
                {T.underWarning}
              </Badge>
            ) : null}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            {entity.total_reviews > 0 ? (
              <span className="inline-flex items-center gap-1.5">
                <StarRating value={entity.reputation_score} />
                <span className="font-medium text-foreground">
                  {entity.reputation_score.toFixed(1)}
                </span>
                <span>{T.reviews(entity.total_reviews)}</span>
              </span>
            ) : (
              <span>{T.noScore}</span>
            )}
            <span>{T.offers(entity.offer_count)}</span>
          </div>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {facets.verticals.map((v) => (
              <Badge key={v} variant="brand">
                {v}
              </Badge>
            ))}
            {facets.payout_models.map((p) => (
              <Badge key={p} variant="outline">
                {p}
              </Badge>
            ))}
            {geos.length > 0 ? (
              <span className="text-xs text-muted-foreground">
                {T.geos}: {geos.join(', ')}
                {facets.geos.length > GEOS_SHOWN
                  ? ` ${T.more(facets.geos.length - GEOS_SHOWN)}`
                  : ''}
              </span>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          aria-pressed={picked}
          disabled={!picked && full}
          title={!picked && full ? T.compareFull : undefined}
          onClick={onToggle}
          className={buttonClasses({
            variant: picked ? 'secondary' : 'outline',
            size: 'sm',
            className: 'self-start sm:self-center',
          })}
        >
          {picked ? T.inCompare : T.addToCompare}
        </button>
      </Card>
    </li>
  );
}
