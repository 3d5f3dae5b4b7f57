import type { ReactNode } from 'react';
import PackageSearch from 'lucide-react/icons/package-search';
import type { ExplorerOffer } from '@trustlinks/contract/offers';
import { usePrefetchOffer } from '../../lib/api/offers';
import type { useOffers } from '../../lib/api/offers';
import { cn } from '../../lib/cn';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { LoadMoreButton } from '../ui/load-more-button';
import { OfferCard } from '../ui/offer-card';
import { OfferRulesView } from '../deals/offer-rules-view';
import { Skeleton } from '../ui/skeleton';
import { TrustLine } from '../ui/trust-line';
import { OFFER_LIST_TEXT as T } from './offer-list-texts';

export function OfferGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {T.loading}
      </p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <div className="flex h-48 flex-col gap-3 rounded-xl border border-border bg-card p-5">
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-4/5" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="mt-auto h-7 w-1/2" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface OffersErrorProps {
  onRetry: () => void;
  retrying: boolean;
  message?: string;
}

function OffersError({ onRetry, retrying, message = T.failed }: OffersErrorProps) {
  return (
    <Alert variant="danger" className="flex flex-wrap items-center justify-between gap-3">
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {T.tryAgain}
      </Button>
    </Alert>
  );
}

interface OffersEmptyProps {
  filtered: boolean;
  onClear: () => void;
  /** The wishlist's own icon and texts; the hint then stays the same with or without filters. */
  icon?: ReactNode;
  title?: string;
  hint?: string;
}

export function OffersEmpty({
  filtered,
  onClear,
  icon = <PackageSearch />,
  title = T.empty,
  hint,
}: OffersEmptyProps) {
  return (
    <EmptyState
      className="rounded-xl border border-dashed border-border"
      icon={icon}
      title={title}
      description={hint ?? (filtered ? T.emptyFilteredHint : T.emptyHint)}
      action={
        filtered ? (
          <Button variant="outline" onClick={onClear}>
            {T.clearFilters}
          </Button>
        ) : null
      }
    />
  );
}

interface ResultGridProps {
  /** Older results shown while new ones load: dimmed and marked busy. */
  stale?: boolean;
  /** The columns from md or sm up. */
  className: string;
  children: ReactNode;
}

/** The list of results, one `li` per card. */
export function ResultGrid({ stale, className, children }: ResultGridProps) {
  return (
    <ul
      aria-busy={stale || undefined}
      className={cn('grid grid-cols-1 gap-4 transition-opacity', className, stale && 'opacity-60')}
    >
      {children}
    </ul>
  );
}

/** The explorer's cards; pointing at one or focusing it loads its offer (usePrefetchOffer). */
export function OfferGrid({ offers, stale }: { offers: ExplorerOffer[]; stale?: boolean }) {
  const prefetch = usePrefetchOffer();
  return (
    <ResultGrid stale={stale} className="sm:grid-cols-2 lg:grid-cols-3">
      {offers.map((offer) => (
        <li
          key={offer.offer_id}
          onPointerEnter={() => prefetch(offer.slug)}
          onFocus={() => prefetch(offer.slug)}
        >
          <OfferCard
            offer={offer}
            badges={<TrustLine trust={offer.entity_trust} />}
            details={<OfferRulesView offer={offer} compact />}
          />
        </li>
      ))}
    </ResultGrid>
  );
}

interface OfferListResultsProps {
  /** The page's list query (GET /offers/fetch_all, page after page). */
  offers: ReturnType<typeof useOffers>;
  /** Names the section: a visually hidden h2 with this id when the cards' titles are h3. */
  heading?: { id: string; text: string };
  /** Names the section when the cards' titles are h2. */
  label?: string;
  /** The result count, announced politely once there is an answer. */
  count: string;
  skeleton: ReactNode;
  /** Whether the answer holds nothing to show, and what to show then. */
  isEmpty: boolean;
  empty: ReactNode;
  failed?: string;
  /**
   * Shown instead of the failure when the filters were refused (a 400 whose message is shown by
   * its field, as an inverted payout range's): nothing failed that 'Try Again' would mend.
   */
  refused?: ReactNode;
  /** Below the cards, above 'Load more' ('Showing 20 of 45'). */
  summary?: ReactNode;
  loadMore: string;
  /** The cards (ResultGrid). */
  children: ReactNode;
}

/**
 * The results of an offer list (the explorer, the advertisers' wishlist): count, skeleton while
 * the first page loads, error with 'Try Again', empty state, the cards, an alert when a later
 * page failed, and 'Load more'.
 */
export function OfferListResults({
  offers,
  heading,
  label,
  count,
  skeleton,
  isEmpty,
  empty,
  failed = T.failed,
  refused,
  summary,
  loadMore,
  children,
}: OfferListResultsProps) {
  return (
    <section aria-labelledby={heading?.id} aria-label={label} className="mt-6">
      {heading ? (
        <h2 id={heading.id} className="sr-only">
          {heading.text}
        </h2>
      ) : null}
      <p aria-live="polite" className="mb-4 min-h-5 text-sm font-medium text-muted-foreground">
        {offers.data ? count : null}
      </p>

      {offers.isPending ? (
        skeleton
      ) : offers.isError && refused ? (
        refused
      ) : !offers.data ? (
        <OffersError
          message={failed}
          onRetry={() => void offers.refetch()}
          retrying={offers.isFetching}
        />
      ) : isEmpty ? (
        empty
      ) : (
        <>
          {children}
          {offers.isError ? (
            <Alert variant="danger" className="mt-4">
              {failed}
            </Alert>
          ) : null}
          {summary || offers.hasNextPage ? (
            <div className="mt-6 flex flex-col items-center gap-3">
              {summary}
              {offers.hasNextPage ? (
                <LoadMoreButton
                  query={offers}
                  label={loadMore}
                  loadingLabel={T.loadingMore}
                  disabled={offers.isPlaceholderData}
                />
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
