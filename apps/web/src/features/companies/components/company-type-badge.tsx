import type { CompanyType } from '@trustlinks/contract/companies';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';

const VARIANTS: Record<CompanyType, BadgeVariant> = {
  Advertiser: 'neutral',
  Affiliate: 'outline',
  Network: 'brand',
};

export function CompanyTypeBadge({ type }: { type: CompanyType }) {
  return <Badge variant={VARIANTS[type]}>{type}</Badge>;
}
