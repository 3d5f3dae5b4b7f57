import type { VerificationStatus } from '@trustlinks/contract/constants';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';
import { STATUS_LABELS } from '../admin-texts';

const VARIANTS: Record<VerificationStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function EntityStatusBadge({ status }: { status: VerificationStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
