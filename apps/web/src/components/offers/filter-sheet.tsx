import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import X from 'lucide-react/icons/x';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { EXPLORER_TEXT as T } from './offer-list-texts';

/** Where the sheet ends: from Tailwind's md up the filters stand in the page as they always did. */
const WIDE = '(min-width: 48rem)';

interface FilterSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many filters are set (countFilters), shown on the button. */
  count: number;
  /** The sheet's button back to the results ("Show 12 offers"). */
  doneLabel: string;
  children: ReactNode;
}

/**
 * The explorer's filters on a phone (docs/decisions/053-phone-first-and-database-teaser.md):
 * below md they wait behind a 'Filters' button that shows how many are set, so the results start
 * on the first screen; the button opens them as a full-screen sheet (Escape, the close button or
 * 'Show …' closes it, focus returns to the button). From md up nothing changes: the filters are in
 * the page and the button is not shown. Pure CSS decides before the app runs (the server-rendered
 * page is right on a phone from the first paint); the same children are rendered once.
 */
export function FilterSheet({ open, onOpenChange, count, doneLabel, children }: FilterSheetProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const sheetRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const latest = useRef(onOpenChange);
  useEffect(() => {
    latest.current = onOpenChange;
  });

  useEffect(() => {
    if (!open) return;
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null;
    // Turned to a wider screen: there is no sheet there.
    if (wide?.matches) {
      latest.current(false);
      return;
    }
    const close = () => latest.current(false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) close();
    };
    const button = buttonRef.current;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    sheetRef.current?.focus();
    document.addEventListener('keydown', onKey);
    wide?.addEventListener('change', onWide);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onWide);
      button?.focus();
    };
  }, [open]);

  return (
    <>
      <div className="md:hidden">
        <Button
          ref={buttonRef}
          variant="outline"
          aria-expanded={open}
          aria-controls={id}
          aria-label={T.filtersSet(count)}
          onClick={() => onOpenChange(true)}
        >
          <SlidersHorizontal aria-hidden="true" />
          {T.filtersButton}
          {count ? (
            <span className="min-w-5 rounded-full bg-brand px-1.5 text-xs font-semibold text-brand-foreground tabular-nums">
              {count}
            </span>
          ) : null}
        </Button>
      </div>
      <div
        id={id}
        ref={sheetRef}
        data-filter-sheet={open ? 'open' : 'closed'}
        {...(open
          ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId, tabIndex: -1 }
          : {})}
        className={cn(
          open
            ? 'outline-none max-md:fixed max-md:inset-0 max-md:z-50 max-md:flex max-md:flex-col max-md:bg-background'
            : 'max-md:hidden',
        )}
      >
        {open ? (
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 md:hidden">
            <h2 id={titleId} className="text-lg font-semibold">
              {T.filtersTitle}
            </h2>
            <Button
              variant="ghost"
              size="icon"
              aria-label={T.filtersClose}
              onClick={() => onOpenChange(false)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ) : null}
        <div className={cn(open && 'max-md:flex-1 max-md:overflow-y-auto max-md:p-4')}>
          {children}
        </div>
        {open ? (
          <div className="border-t border-border p-4 md:hidden">
            <Button className="w-full" onClick={() => onOpenChange(false)}>
              {doneLabel}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
