import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { pageStep } from './pager';
import type { PagerProps } from './pager';

/** The page numbers to show: first, last, and the current one with its neighbours; gaps as null. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of pages) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** Numbered page buttons with previous/next arrows. Renders nothing for a single page. */
export function PageNumbers(props: PagerProps) {
  const { page, totalPages, onPageChange, disabled, label = 'Pages', className } = props;
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('flex flex-wrap items-center justify-center gap-1', className)}
    >
      <Button variant="ghost" size="icon" aria-label="Previous page" {...pageStep(-1, props)}>
        <ChevronLeft aria-hidden="true" />
      </Button>
      {pageWindow(page, totalPages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === page ? 'primary' : 'outline'}
            size="sm"
            className="min-w-9 tabular-nums"
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => onPageChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="ghost" size="icon" aria-label="Next page" {...pageStep(1, props)}>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
