import type { ReactNode } from 'react';
import Globe from 'lucide-react/icons/globe';
import X from 'lucide-react/icons/x';
import { cn } from '../../lib/cn';
import { TITLE_MAX } from '../../lib/offers/offer-filters';
import type { OfferFilterBoxes } from '../../lib/offers/use-offer-filters';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { SearchField } from '../ui/search-field';
import { CategoryChips } from './category-chips';
import { OFFER_LIST_TEXT as T } from './offer-list-texts';

interface OfferFiltersPanelProps {
  /** The title (left out where the page has none: advertisers wishlist) and GEO boxes, the chips. */
  boxes: Pick<OfferFilterBoxes, 'filters' | 'title' | 'geo' | 'geoIgnored' | 'onCategoryClick'>;
  canClear: boolean;
  onClear: () => void;
  /** More filters, after the GEO box. */
  extra?: ReactNode;
}

/** Category chips, title search, GEO filter and 'Clear filters' (docs/product/offers.md#explorer). */
export function OfferFiltersPanel({
  boxes: { filters, title, geo, geoIgnored, onCategoryClick },
  canClear,
  onClear,
  extra,
}: OfferFiltersPanelProps) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div
        className={cn(
          'grid gap-3 md:items-start',
          title
            ? 'md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]'
            : 'md:grid-cols-[minmax(0,1fr)_auto_auto]',
        )}
      >
        {title ? (
          <SearchField
            label={T.searchLabel}
            value={title.value}
            onChange={(e) => title.onChange(e.currentTarget.value)}
            placeholder={T.searchPlaceholder}
            maxLength={TITLE_MAX}
            autoComplete="off"
          />
        ) : null}
        <SearchField
          label={T.geoLabel}
          icon={Globe}
          type="text"
          value={geo.value}
          onChange={(e) => geo.onChange(e.currentTarget.value)}
          placeholder={T.geoPlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={geoIgnored.length ? undefined : T.geoHint}
          error={geoIgnored.length ? T.geoIgnored(geoIgnored) : undefined}
        />
        {extra}
        <Button variant="outline" onClick={onClear} disabled={!canClear} className="md:mt-6.5">
          <X aria-hidden="true" />
          {T.clearFilters}
        </Button>
      </div>
      <CategoryChips
        selected={filters.category}
        onChipClick={onCategoryClick}
        label={T.categoriesLabel}
      />
    </Card>
  );
}
