import BadgeCheck from 'lucide-react/icons/badge-check';
import { REVIEW_LABEL_TEXT, type ReviewLabel } from '@trustlinks/contract/review-labels';
import { Badge } from '../ui/badge';

/** A review's labels (docs/product/reviews.md) as green badges; nothing when it has none. */
export function ReviewLabelBadges({
  labels,
  label,
}: {
  labels: readonly ReviewLabel[];
  /** The list's accessible name, where the page gives it one. */
  label?: string;
}) {
  if (labels.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-3 flex flex-wrap gap-1.5">
      {labels.map((name) => (
        <li key={name}>
          <Badge variant="success">
            <BadgeCheck aria-hidden="true" />
            {REVIEW_LABEL_TEXT[name]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
