import { Link } from 'react-router';
import { comparePath } from '@trustlinks/contract/category-paths';
import { CATEGORY_LIMITS } from '@trustlinks/contract/categories';
import { buttonClasses } from '../../../components/ui/button';
import { CATEGORY_TEXT as T } from '../categories-texts';

/** The companies picked on a category page, and the link that compares them. */
export function CompareTray({ slugs }: { slugs: readonly string[] }) {
  if (slugs.length === 0) return null;
  return (
    <div className="sticky bottom-4 z-10 mt-6 flex justify-center">
      <Link
        to={comparePath(slugs.slice(0, CATEGORY_LIMITS.compareMax))}
        className={buttonClasses({ size: 'lg', className: 'shadow-lg' })}
        data-testid="compare-selected"
      >
        {T.compareSelected(slugs.length)}
      </Link>
    </div>
  );
}
