import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface PagerProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Disables the buttons, e.g. while the next page loads. */
  disabled?: boolean | undefined;
  /** What the pages are of, for the accessible name: "Pages of users". */
  label?: string;
  className?: string;
}

/** disabled and onClick of the previous (-1) or next (+1) page button: disabled at the ends. */
export function pageStep(
  step: -1 | 1,
  { page, totalPages, disabled, onPageChange }: Omit<PagerProps, 'label' | 'className'>,
) {
  const target = page + step;
  return {
    disabled: disabled || target < 1 || target > totalPages,
    onClick: () => onPageChange(target),
  };
}

/** Previous / 'Page x of y' / Next. Renders nothing for a single page. */
export function Pager(props: PagerProps) {
  const { page, totalPages, label = 'Pagination', className } = props;
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('flex items-center justify-between gap-3 text-sm', className)}
    >
      <Button variant="outline" size="sm" {...pageStep(-1, props)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-muted-foreground" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <Button variant="outline" size="sm" {...pageStep(1, props)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
