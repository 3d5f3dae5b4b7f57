import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import X from 'lucide-react/icons/x';
import { PAYOUT_TYPES, DEBOUNCE_MS } from '@trustlinks/contract/constants';
import type { OfferSort } from '@trustlinks/contract/offers';
import { isEntityId } from '@trustlinks/contract/paths';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/form-field';
import { SearchField } from '../ui/search-field';
import { fetchPublicEntities, usePublicEntity } from '../../lib/api/entities';
import {
  effectiveSort,
  isPayoutTyped,
  normalizePayout,
  type OfferFilters,
  type PayoutRangeErrors,
} from '../../lib/offers/offer-filters';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { EXPLORER_TEXT as T } from './offer-list-texts';

type SetFilters = (update: (current: OfferFilters) => OfferFilters) => void;

/** How many names the advertiser/network picker lists (a bounded, indexed name search). */
const PICKER_LIMIT = 8;

/**
 * The explorer's comparison controls (docs/decisions/028): sort, payout model, payout range and one
 * advertiser or network. Each lives in the URL beside the title, GEO and category filters. The
 * sort shown is the one the list uses (Best match while there is a search, unless one was
 * picked); `rangeErrors` are the API's messages for the payout boxes (its 400), shown by them.
 */
export function ExplorerControls({
  filters,
  setFilters,
  rangeErrors,
}: {
  filters: OfferFilters;
  setFilters: SetFilters;
  rangeErrors?: PayoutRangeErrors | undefined;
}) {
  const payoutTypes = filters.payoutType ?? [];
  const toggleType = (type: string) =>
    setFilters((current) => {
      const selected = current.payoutType ?? [];
      return {
        ...current,
        payoutType: selected.includes(type)
          ? selected.filter((t) => t !== type)
          : [...selected, type],
      };
    });
  return (
    <div className="grid gap-3 md:grid-cols-[auto_auto_minmax(0,1fr)] md:items-start">
      <SelectField
        label={T.sortLabel}
        value={effectiveSort(filters)}
        onChange={(e) => {
          const sort = e.currentTarget.value as OfferSort;
          setFilters((current) => ({ ...current, sort }));
        }}
      >
        {(Object.keys(T.sorts) as OfferSort[]).map((sort) => (
          <option key={sort} value={sort}>
            {T.sorts[sort]}
          </option>
        ))}
      </SelectField>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{T.payoutModelLabel}</legend>
        <div className="flex flex-wrap gap-2">
          {PAYOUT_TYPES.map((type) => (
            <Button
              key={type}
              type="button"
              size="sm"
              variant={payoutTypes.includes(type) ? 'primary' : 'outline'}
              aria-pressed={payoutTypes.includes(type)}
              onClick={() => toggleType(type)}
            >
              {type}
            </Button>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <PayoutBound
          label={T.payoutMinLabel}
          value={filters.payoutMin ?? ''}
          error={rangeErrors?.payoutMin}
          onCommit={(payoutMin) => setFilters((current) => ({ ...current, payoutMin }))}
        />
        <PayoutBound
          label={T.payoutMaxLabel}
          value={filters.payoutMax ?? ''}
          error={rangeErrors?.payoutMax}
          onCommit={(payoutMax) => setFilters((current) => ({ ...current, payoutMax }))}
        />
      </div>
      <div className="md:col-span-3">
        <EntityPicker
          selected={filters.entity}
          onSelect={(entity) => setFilters((current) => ({ ...current, entity }))}
        />
      </div>
    </div>
  );
}

/**
 * A payout bound, applied as it is typed (after the search's pause, DEBOUNCE_MS.offerSearch) once
 * it reads as a bound or as none ("12." half-way to "12.5" waits), and at once on blur or Enter.
 */
function PayoutBound({
  label,
  value,
  error,
  onCommit,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onCommit: (value: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (normalizePayout(typed) !== value) setTyped(value);
  }
  const commit = () => {
    const next = normalizePayout(typed);
    setTyped(next);
    if (next !== value) onCommit(next);
  };
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS.offerSearch);
  const latest = useRef({ value, onCommit });
  useEffect(() => {
    latest.current = { value, onCommit };
  });
  useEffect(() => {
    if (!isPayoutTyped(debounced)) return;
    const next = normalizePayout(debounced);
    if (next !== latest.current.value) latest.current.onCommit(next);
  }, [debounced]);
  return (
    <TextField
      label={label}
      inputMode="decimal"
      value={typed}
      error={error}
      onChange={(e) => setTyped(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      autoComplete="off"
    />
  );
}

/** One advertiser or network, found by name (GET /entities/public?search=, bounded). */
function EntityPicker({
  selected,
  onSelect,
}: {
  selected: string | undefined;
  /** The chosen entity's slug (the address's `?entity=`), or none. */
  onSelect: (entitySlug: string | undefined) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), DEBOUNCE_MS.offerSearch);
  const found = useQuery({
    queryKey: ['entities', 'public', 'picker', search],
    queryFn: ({ signal }) => fetchPublicEntities({ search, limit: PICKER_LIMIT }, signal),
    enabled: search.length >= 2,
  });
  const chosen = usePublicEntity(selected ?? null);
  // A link made before slugs names the entity by its id: once it is known, its slug takes the
  // id's place in the address (docs/decisions/052).
  const slug = chosen.data?.entity.slug;
  useEffect(() => {
    if (selected && slug && selected !== slug && isEntityId(selected)) onSelect(slug);
  }, [selected, slug, onSelect]);
  const publishers = (found.data?.entities ?? []).filter((e) => e.entity_type !== 'affiliate');
  if (selected) {
    const name = chosen.data?.entity.name ?? '…';
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{T.entityLabel}</span>
        <div className="flex items-center gap-2">
          <span className="text-sm">
            {T.entitySelected}: <strong>{name}</strong>
          </span>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={T.entityClear(name)}
            onClick={() => onSelect(undefined)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <SearchField
        label={T.entityLabel}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={T.entityPlaceholder}
        autoComplete="off"
      />
      {search.length >= 2 && found.data ? (
        publishers.length ? (
          <ul className="flex flex-wrap gap-2">
            {publishers.map((entity) => (
              <li key={entity.entity_id}>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setText('');
                    onSelect(entity.slug);
                  }}
                >
                  {entity.name}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{T.entityNone}</p>
        )
      ) : null}
    </div>
  );
}
