import Lock from 'lucide-react/icons/lock';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { PAGE } from '../companies-content';

/** 'Verified Access' or 'Limited Access' (docs/product/companies.md), a placeholder while the status loads. */
export function AccessBadge({ verified }: { verified: boolean | undefined }) {
  if (verified === undefined) return <Skeleton className="h-6 w-28 rounded-full" />;
  return verified ? (
    <Badge variant="success" className="px-3 py-1 text-sm">
      <ShieldCheck aria-hidden="true" />
      {PAGE.verifiedBadge}
    </Badge>
  ) : (
    <Badge variant="warning" className="px-3 py-1 text-sm">
      <Lock aria-hidden="true" />
      {PAGE.limitedBadge}
    </Badge>
  );
}
