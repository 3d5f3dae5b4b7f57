import { CATEGORY_RATING_KEYS } from '@trustlinks/contract/constants';
import { CATEGORY_LABELS, type CategoryRatings as Ratings } from '@trustlinks/contract/reviews';
import { StarRating } from '../../../components/ui/star-rating';
import { cn } from '../../../lib/cn';
import { REVIEW_CARD_TEXT as T } from '../reviews-texts';

/** Quality, Support, Reliability, Payment Speed with their stars (docs/product/entities.md#entity-page). */
export function CategoryRatings({ ratings, className }: { ratings: Ratings; className?: string }) {
  return (
    <dl
      aria-label={T.categoriesLabel}
      className={cn('grid grid-cols-1 gap-x-6 gap-y-1.5 min-[420px]:grid-cols-2', className)}
    >
      {CATEGORY_RATING_KEYS.map((key) => (
        <div key={key} className="flex items-center justify-between gap-3 text-sm">
          <dt className="text-muted-foreground">{CATEGORY_LABELS[key]}</dt>
          <dd className="flex items-center gap-2">
            <StarRating value={ratings[key]} />
            <span className="w-3 text-right tabular-nums">{ratings[key]}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
