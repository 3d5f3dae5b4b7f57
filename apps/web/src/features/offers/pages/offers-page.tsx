import { useCallback, useState } from 'react';
import { OfferFiltersPanel } from '../../../components/offers/offer-filters-panel';
import { OfferListLayout } from '../../../components/offers/offer-list-layout';
import {
  OfferGrid,
  OfferGridSkeleton,
  OfferListResults,
  OffersEmpty,
} from '../../../components/offers/offer-results';
import { payoutRangeErrors, useOffers } from '../../../lib/api/offers';
import {
  countFilters,
  EMPTY_FILTERS,
  formatTotal,
  hasFilters,
} from '../../../lib/offers/offer-filters';
import { useOfferFilterBoxes } from '../../../lib/offers/use-offer-filters';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ExplorerControls } from '../../../components/offers/explorer-controls';
import { FilterSheet } from '../../../components/offers/filter-sheet';
import { SaveSearch } from '../components/save-search';
import { EXPLORER_TEXT, OFFERS_TEXT as T } from '../offers-texts';

/**
 * Offers explorer (docs/product/offers.md#explorer): category chips, title search, GEO filter and
 * payout boxes (sent after a 300 ms pause; a newer search aborts the request in flight), result
 * count, offer cards and 'Load more'. The filters are kept in the URL query string, so a filtered
 * view can be shared and survives a reload. A search that found nothing may come with a spelling
 * ("Did you mean"), a respelling whose offers are shown, or a publisher ("Offers by …"); an
 * inverted payout range is shown by its box (docs/decisions/028, Note 2026-11-29). On a phone the
 * filters wait in a sheet behind a 'Filters' button, so the results start on the first screen
 * (docs/decisions/053).
 */
export function OffersPage() {
  useDocumentTitle(T.documentTitle);
  const boxes = useOfferFilterBoxes({ withTitle: true });
  const { filters, setFilters, resetBoxes } = boxes;
  const [sheetOpen, setSheetOpen] = useState(false);

  const filtered = hasFilters(filters);
  const handleClear = useCallback(() => {
    resetBoxes();
    setFilters(EMPTY_FILTERS);
  }, [resetBoxes, setFilters]);

  const offers = useOffers(filters);
  const pages = offers.data?.pages ?? [];
  const list = pages.flatMap((page) => page.offers);
  const pagination = pages[0]?.pagination;
  const total = pagination?.total ?? list.length;
  const totalText = formatTotal(total, pagination?.totalIsCapped ?? false);
  const suggestion = pages[0]?.suggestion;
  const respelled = pages[0]?.respelled;
  const publisher = pages[0]?.publisher;
  const rangeErrors = payoutRangeErrors(offers.error);

  return (
    <OfferListLayout title={T.title} subtitle={T.subtitle}>
      <FilterSheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        count={countFilters(filters)}
        doneLabel={EXPLORER_TEXT.filtersDone(totalText, total)}
      >
        <OfferFiltersPanel boxes={boxes} canClear={filtered || boxes.typed} onClear={handleClear} />
        <div className="mt-4 flex flex-col gap-4">
          <ExplorerControls filters={filters} setFilters={setFilters} rangeErrors={rangeErrors} />
          <SaveSearch filters={filters} />
        </div>
      </FilterSheet>
      {suggestion ? (
        <p className="mt-4 text-sm">
          {EXPLORER_TEXT.didYouMean}{' '}
          <button
            type="button"
            className="font-semibold text-brand underline underline-offset-4"
            onClick={() => {
              boxes.title?.onChange(suggestion);
              setFilters((current) => ({ ...current, title: suggestion }));
            }}
          >
            {suggestion}
          </button>
          ?
        </p>
      ) : null}
      {respelled ? <p className="mt-4 text-sm">{EXPLORER_TEXT.respelled(respelled)}</p> : null}
      {publisher ? (
        <p className="mt-4 text-sm">
          <button
            type="button"
            className="font-semibold text-brand underline underline-offset-4"
            onClick={() => {
              boxes.title?.onChange('');
              setFilters((current) => ({ ...current, title: '', entity: publisher.slug }));
            }}
          >
            {EXPLORER_TEXT.offersBy(publisher.name)}
          </button>
        </p>
      ) : null}
      <OfferListResults
        offers={offers}
        heading={{ id: 'offer-results-heading', text: T.resultsHeading }}
        count={T.resultCount(totalText, total)}
        skeleton={<OfferGridSkeleton />}
        refused={
          rangeErrors ? (
            <p className="text-sm text-muted-foreground">{EXPLORER_TEXT.rangeRefused}</p>
          ) : undefined
        }
        isEmpty={list.length === 0}
        empty={<OffersEmpty filtered={filtered} onClear={handleClear} />}
        summary={
          <p className="text-sm text-muted-foreground">{T.showing(list.length, totalText)}</p>
        }
        loadMore={T.loadMore}
      >
        <OfferGrid offers={list} stale={offers.isPlaceholderData} />
      </OfferListResults>
    </OfferListLayout>
  );
}
