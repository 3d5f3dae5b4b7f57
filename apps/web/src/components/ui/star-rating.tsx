import Star from 'lucide-react/icons/star';
import { RATING_MAX } from '@trustlinks/contract/constants';
import { cn } from '../../lib/cn';

interface StarRatingProps {
  /** 0 to 5; whole stars are filled (display only). */
  value: number;
  className?: string;
  size?: 'sm' | 'md';
}

/** Read-only star rating, announced as "Rated n out of 5". */
export function StarRating({ value, className, size = 'sm' }: StarRatingProps) {
  const filled = Math.round(Math.max(0, Math.min(RATING_MAX, value)));
  return (
    <span
      role="img"
      aria-label={`Rated ${filled} out of ${RATING_MAX}`}
      className={cn('inline-flex gap-0.5', className)}
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn(
            size === 'sm' ? 'size-4' : 'size-5',
            i < filled ? 'fill-star text-star' : 'fill-transparent text-muted-foreground/40',
          )}
        />
      ))}
    </span>
  );
}
