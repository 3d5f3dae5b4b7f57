import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Building2 from 'lucide-react/icons/building-2';
import X from 'lucide-react/icons/x';
import { DEBOUNCE_MS } from '@trustlinks/contract/constants';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { SearchInput } from '../../../components/ui/search-field';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearchEntities } from '../api/search-entities';
import { ENTITY_TYPE_LABELS, WRITE_TEXT as T } from '../reviews-texts';

interface EntityPickerProps {
  label: string;
  selected: PublicEntity | null;
  onSelect: (entity: PublicEntity | null) => void;
  placeholder?: string;
  hint?: string;
  error?: string | undefined;
  /** Text of the button that clears the choice. */
  changeLabel?: string;
}

/**
 * Picks an entity from the public entity list (docs/product/reviews.md#write-a-review) by typing part of its name: a combobox
 * with a list box (WAI-ARIA pattern: arrow keys, Enter, Escape), searching after a short pause.
 */
export function EntityPicker({
  label,
  selected,
  onSelect,
  placeholder,
  hint,
  error,
  changeLabel = T.change,
}: EntityPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text, DEBOUNCE_MS.offerSearch);
  const results = useSearchEntities(search, open && !selected);
  const options = results.data?.entities ?? [];

  function choose(entity: PublicEntity) {
    onSelect(entity);
    setOpen(false);
    setText('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      if (open && options[active]) {
        event.preventDefault();
        choose(options[active]);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  if (selected) {
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{label}</span>
        <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/40 px-3 py-2">
          <Building2 aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" data-testid="selected-entity">
              {selected.name}
            </p>
          </div>
          <Badge variant="outline">{ENTITY_TYPE_LABELS[selected.entity_type]}</Badge>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onSelect(null);
              window.setTimeout(() => inputRef.current?.focus(), 0);
            }}
          >
            <X aria-hidden="true" />
            {changeLabel}
          </Button>
        </div>
      </div>
    );
  }

  const showList = open;
  return (
    <FormField label={label} hint={hint} error={error} className="relative">
      {(ids) => (
        <div className="relative">
          <SearchInput
            ref={inputRef}
            {...ids}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
            placeholder={placeholder}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(0);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={handleKeyDown}
          />
          {showList ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={label}
              className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-border bg-card p-1 shadow-lg"
            >
              {results.isPending ? (
                <li role="presentation" className="px-3 py-2 text-sm text-muted-foreground">
                  {T.searching}
                </li>
              ) : options.length === 0 ? (
                <li role="presentation" className="px-3 py-2 text-sm text-muted-foreground">
                  {T.noMatches}
                </li>
              ) : (
                options.map((entity, i) => (
                  <li
                    key={entity.entity_id}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    // mousedown, not click: the input keeps focus and does not blur the list away.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(entity);
                    }}
                    onMouseEnter={() => setActive(i)}
                    className={cn(
                      'flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm',
                      i === active && 'bg-muted',
                    )}
                  >
                    <span className="truncate">{entity.name}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {ENTITY_TYPE_LABELS[entity.entity_type]}
                    </span>
                  </li>
                ))
              )}
            </ul>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
