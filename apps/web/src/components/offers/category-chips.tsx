import { OFFER_CATEGORY_CHIPS } from '@trustlinks/contract/constants';
import { cn } from '../../lib/cn';

interface CategoryChipsProps {
  /** Selected categories; none means 'All'. */
  selected: readonly string[];
  onChipClick: (chip: string) => void;
  label: string;
  className?: string;
}

/**
 * The category chips of docs/product/constants.md (All, Nutra, … Health) as toggle buttons: several categories can
 * be on at once (the API takes repeated `category`); 'All' clears them.
 */
export function CategoryChips({ selected, onChipClick, label, className }: CategoryChipsProps) {
  return (
    <div role="group" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {OFFER_CATEGORY_CHIPS.map((chip) => {
        const pressed = chip === 'All' ? selected.length === 0 : selected.includes(chip);
        return (
          <button
            key={chip}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChipClick(chip)}
            className={cn(
              'h-8 rounded-full border px-3.5 text-sm font-medium transition-colors',
              pressed
                ? 'border-brand bg-brand text-brand-foreground hover:bg-brand-hover'
                : 'border-border bg-card text-foreground hover:bg-muted',
            )}
          >
            {chip}
          </button>
        );
      })}
    </div>
  );
}
