import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  /** Rendered only while its tab is selected (unless the Tabs render every panel). */
  content: ReactNode;
  /**
   * A visually hidden h2 opening the panel, for content whose own headings start at h3 (cards in
   * a list): heading levels then go h1 → h2 → h3 without a gap.
   */
  heading?: string;
}

interface TabsProps<V extends string> {
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Names the tab list for assistive technology. */
  label: string;
  className?: string;
  listClassName?: string;
  panelClassName?: string;
  /** On phones the tabs share the width and their labels may wrap (no sideways scrolling). */
  stretch?: boolean;
  /**
   * Render every panel, those not selected hidden: a server-rendered page then carries them all
   * (search engines, readers without JavaScript, who see them one below the other). Until the app
   * has hydrated, CSS hides them (`data-inactive` under the `js` class index.html's first script
   * sets), then the `hidden` attribute.
   */
  renderInactive?: boolean;
  /**
   * Every tab disabled: a page's frame, before the page that can switch them has taken over (a
   * tap waits for it instead of being lost; docs/decisions/021-server-rendering.md).
   */
  disabled?: boolean;
}

/** The words of the scroll hints (read by no one: keyboards move with the arrow keys). */
const SCROLL_HINT_TEXT = { before: 'Scroll tabs left', after: 'Scroll tabs right' } as const;

/**
 * Whether a sideways-scrolling list has more to show before and after what is in view, kept up to
 * date as it scrolls and resizes.
 */
function useScrollEdges(ref: RefObject<HTMLElement | null>, count: number) {
  const [edges, setEdges] = useState({ before: false, after: false });
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const update = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setEdges((prev) =>
        prev.before === before && prev.after === after ? prev : { before, after },
      );
    };
    list.addEventListener('scroll', update, { passive: true });
    // The observer's first report comes once the list is laid out, with the frame's own layout:
    // reading the widths here, right after React's commit, would lay the whole page out in the
    // commit's task (docs/decisions/021-server-rendering.md, "Note (2026-11-29): the frame's start
    // in short tasks"). Without an observer (old browsers, jsdom), at once.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) observer.observe(list);
    else update();
    return () => {
      list.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, count]);
  return edges;
}

/** Scrolls `list` sideways so that `tab` is fully in view (never the page up or down). */
function revealTab(list: HTMLElement, tab: HTMLElement) {
  const margin = 24;
  const start = tab.offsetLeft - list.offsetLeft;
  const end = start + tab.offsetWidth;
  if (start < list.scrollLeft) list.scrollLeft = Math.max(0, start - margin);
  else if (end > list.scrollLeft + list.clientWidth) {
    list.scrollLeft = end - list.clientWidth + margin;
  }
}

/**
 * Tabs as the WAI-ARIA pattern has them: one tab stop, arrow keys (and Home/End) move between
 * tabs and select them. The list scrolls sideways on narrow screens instead of wrapping, and shows
 * that it does (docs/decisions/053-phone-first-and-database-teaser.md): a fade with an arrow at
 * each edge that has more tabs behind it (a tap scrolls that way), and the selected tab is
 * scrolled into view.
 */
export function Tabs<V extends string>({
  items,
  value,
  onValueChange,
  label,
  className,
  listClassName,
  panelClassName,
  stretch = false,
  renderInactive = false,
  disabled = false,
}: TabsProps<V>) {
  const baseId = useId();
  const hydrated = useHydrated();
  const tabRefs = useRef(new Map<V, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const active = items.find((item) => item.value === value) ?? items[0];
  const edges = useScrollEdges(listRef, items.length);
  const activeValue = active?.value;
  const firstValue = items[0]?.value;
  const mounted = useRef(false);
  useEffect(() => {
    const list = listRef.current;
    const tab = activeValue === undefined ? undefined : tabRefs.current.get(activeValue);
    const first = !mounted.current;
    mounted.current = true;
    if (!list || !tab) return;
    // On the first render the list is at its start: the first tab is in view already, and a far
    // one (a link to ?tab=) is revealed in the next frame, not by a layout of its own in the
    // commit's task (as useScrollEdges).
    if (!first) revealTab(list, tab);
    else if (activeValue !== firstValue) requestAnimationFrame(() => revealTab(list, tab));
  }, [activeValue, firstValue]);

  function scrollList(direction: -1 | 1) {
    const list = listRef.current;
    if (!list) return;
    const left = direction * Math.max(80, Math.round(list.clientWidth * 0.6));
    if (typeof list.scrollBy === 'function') list.scrollBy({ left, behavior: 'smooth' });
    else list.scrollLeft += left;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onValueChange(target.value);
    tabRefs.current.get(target.value)?.focus();
  }

  const tabId = (v: V) => `${baseId}-tab-${v}`;
  const panelId = (v: V) => `${baseId}-panel-${v}`;

  return (
    <div className={className}>
      <div className="relative">
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          onKeyDown={handleKeyDown}
          className={cn(
            'flex gap-1 overflow-x-auto border-b border-border [scrollbar-width:thin]',
            listClassName,
          )}
        >
          {items.map((item) => {
            const selected = item.value === active?.value;
            return (
              <button
                key={item.value}
                ref={(el) => {
                  if (el) tabRefs.current.set(item.value, el);
                  else tabRefs.current.delete(item.value);
                }}
                type="button"
                role="tab"
                id={tabId(item.value)}
                aria-selected={selected}
                aria-controls={panelId(item.value)}
                tabIndex={selected ? 0 : -1}
                disabled={disabled}
                onClick={() => onValueChange(item.value)}
                className={cn(
                  '-mb-px inline-flex items-center justify-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
                  stretch
                    ? 'min-w-0 flex-1 text-center sm:flex-none sm:shrink-0 sm:whitespace-nowrap'
                    : 'shrink-0 whitespace-nowrap',
                  selected
                    ? 'border-brand text-brand'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {(['before', 'after'] as const).map((edge) =>
          edges[edge] ? (
            <button
              key={edge}
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              title={SCROLL_HINT_TEXT[edge]}
              data-scroll-hint={edge}
              onClick={() => scrollList(edge === 'before' ? -1 : 1)}
              className={cn(
                'absolute top-0 bottom-px flex w-10 items-center text-muted-foreground hover:text-foreground',
                edge === 'before'
                  ? 'left-0 justify-start bg-gradient-to-r from-background via-background/90 to-transparent'
                  : 'right-0 justify-end bg-gradient-to-l from-background via-background/90 to-transparent',
              )}
            >
              {edge === 'before' ? (
                <ChevronLeft className="size-4" />
              ) : (
                <ChevronRight className="size-4" />
              )}
            </button>
          ) : null,
        )}
      </div>
      {(renderInactive ? items : active ? [active] : []).map((item) => (
        <div
          key={item.value}
          role="tabpanel"
          id={panelId(item.value)}
          aria-labelledby={tabId(item.value)}
          tabIndex={0}
          data-inactive={item.value !== active?.value ? '' : undefined}
          hidden={hydrated && item.value !== active?.value}
          className={cn('pt-6 outline-none', panelClassName)}
        >
          {item.heading ? <h2 className="sr-only">{item.heading}</h2> : null}
          {item.content}
        </div>
      ))}
    </div>
  );
}
