import type { ReactNode } from 'react';
import { Button } from './button';

export interface PrevNextPagerProps {
  page: number;
  /** Whether the list has a page after this one (the lists that know no page count). */
  hasMore: boolean;
  onPageChange: (page: number) => void;
  /** Disables the buttons, e.g. while a page loads. */
  busy?: boolean;
  /** The accessible name; a labelled pager is a navigation landmark. */
  label?: string;
  texts: { previous: string; next: string };
  /** Shown between the buttons, e.g. 'Page 2'. */
  status?: ReactNode;
}

/**
 * Previous / Next for a list that only knows whether more follows (see `Pager` for one that
 * knows its page count). Renders nothing while there is a single page.
 */
export function PrevNextPager({
  page,
  hasMore,
  onPageChange,
  busy = false,
  label,
  texts,
  status,
}: PrevNextPagerProps) {
  if (page <= 1 && !hasMore) return null;
  const buttons = (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={page <= 1 || busy}
        onClick={() => onPageChange(page - 1)}
      >
        {texts.previous}
      </Button>
      {status}
      <Button
        size="sm"
        variant="outline"
        disabled={!hasMore || busy}
        onClick={() => onPageChange(page + 1)}
      >
        {texts.next}
      </Button>
    </>
  );
  return label ? (
    <nav aria-label={label} className="flex items-center gap-2">
      {buttons}
    </nav>
  ) : (
    <div className="flex items-center gap-2">{buttons}</div>
  );
}
