import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
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
}

/**
 * Tabs as the WAI-ARIA pattern has them: one tab stop, arrow keys (and Home/End) move between
 * tabs and select them. The list scrolls sideways on narrow screens instead of wrapping.
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
}: TabsProps<V>) {
  const baseId = useId();
  const hydrated = useHydrated();
  const tabRefs = useRef(new Map<V, HTMLButtonElement>());
  const active = items.find((item) => item.value === value) ?? items[0];

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
      <div
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
