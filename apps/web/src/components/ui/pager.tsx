import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { cn } from '../../lib/cn';
import { Button } from './button';

interface PagerProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Disables the buttons, e.g. while the next page loads. */
  disabled?: boolean;
  /** What the pages are of, for the accessible name: "Pages of users". */
  label?: string;
  className?: string;
}

/** Previous / 'Page x of y' / Next. Renders nothing for a single page. */
export function Pager({
  page,
  totalPages,
  onPageChange,
  disabled,
  label = 'Pagination',
  className,
}: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={label}
      className={cn('flex items-center justify-between gap-3 text-sm', className)}
    >
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-muted-foreground" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
