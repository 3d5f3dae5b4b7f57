import type { ReviewStatus } from '@trustlinks/contract/constants';
import { Badge } from '../../../components/ui/badge';
import { STATUS_BADGE } from '../review-display';
import { REVIEW_STATUS_LABELS } from '../reviews-texts';

export function ReviewStatusBadge({
  status,
  label,
}: {
  status: ReviewStatus;
  /** Another word for the status (the user dashboard says 'Published'). */
  label?: string;
}) {
  return <Badge variant={STATUS_BADGE[status]}>{label ?? REVIEW_STATUS_LABELS[status]}</Badge>;
}
