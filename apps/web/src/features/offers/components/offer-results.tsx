import PackageSearch from 'lucide-react/icons/package-search';
import type { Offer } from '@trustlinks/contract/offers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { OfferCard } from '../../../components/ui/offer-card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { OFFERS_TEXT as T } from '../offers-texts';

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

export function OffersError({ onRetry, retrying, message = T.failed }: OffersErrorProps) {
  return (
    <Alert variant="danger" className="flex flex-wrap items-center justify-between gap-3">
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {T.tryAgain}
      </Button>
    </Alert>
  );
}

export function OffersEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyState
      className="rounded-xl border border-dashed border-border"
      icon={<PackageSearch />}
      title={T.empty}
      description={filtered ? T.emptyFilteredHint : T.emptyHint}
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

interface OfferGridProps {
  offers: Offer[];
  /** Older results shown while new ones load: dimmed and marked busy. */
  stale?: boolean;
}

export function OfferGrid({ offers, stale }: OfferGridProps) {
  return (
    <ul
      aria-busy={stale || undefined}
      className={cn(
        'grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
        stale && 'opacity-60',
      )}
    >
      {offers.map((offer) => (
        <li key={offer.offer_id}>
          <OfferCard offer={offer} />
        </li>
      ))}
    </ul>
  );
}
