import { useId } from 'react';
import type { ReactNode } from 'react';
import Globe from 'lucide-react/icons/globe';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { TITLE_MAX } from '../offer-filters';
import { OFFERS_TEXT as T } from '../offers-texts';
import { CategoryChips } from './category-chips';

interface TextBox {
  value: string;
  onChange: (value: string) => void;
}

interface OfferFiltersPanelProps {
  /** The title search; left out where the page has none (advertisers wishlist). */
  title?: TextBox;
  geo: TextBox;
  /** Typed GEO tokens that are not country codes (not sent). */
  geoIgnored: string[];
  categories: readonly string[];
  onCategoryClick: (chip: string) => void;
  canClear: boolean;
  onClear: () => void;
  /** More filters, after the GEO box. */
  extra?: ReactNode;
}

/** Category chips, title search, GEO filter and 'Clear filters' (docs/product/offers.md#explorer). */
export function OfferFiltersPanel({
  title,
  geo,
  geoIgnored,
  categories,
  onCategoryClick,
  canClear,
  onClear,
  extra,
}: OfferFiltersPanelProps) {
  const id = useId();
  const geoHintId = `${id}-geo-hint`;
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
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-title`} className="text-sm font-medium">
              {T.searchLabel}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <input
                id={`${id}-title`}
                type="search"
                value={title.value}
                onChange={(e) => title.onChange(e.target.value)}
                placeholder={T.searchPlaceholder}
                maxLength={TITLE_MAX}
                autoComplete="off"
                className={cn(inputClass, 'pl-9')}
              />
            </div>
          </div>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-geo`} className="text-sm font-medium">
            {T.geoLabel}
          </label>
          <div className="relative">
            <Globe
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <input
              id={`${id}-geo`}
              type="text"
              value={geo.value}
              onChange={(e) => geo.onChange(e.target.value)}
              placeholder={T.geoPlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={geoHintId}
              aria-invalid={geoIgnored.length ? true : undefined}
              className={cn(inputClass, 'pl-9')}
            />
          </div>
          <p
            id={geoHintId}
            className={cn('text-xs', geoIgnored.length ? 'text-danger' : 'text-muted-foreground')}
          >
            {geoIgnored.length ? T.geoIgnored(geoIgnored) : T.geoHint}
          </p>
        </div>
        {extra}
        <Button variant="outline" onClick={onClear} disabled={!canClear} className="md:mt-6.5">
          <X aria-hidden="true" />
          {T.clearFilters}
        </Button>
      </div>
      <CategoryChips
        selected={categories}
        onChipClick={onCategoryClick}
        label={T.categoriesLabel}
      />
    </Card>
  );
}
