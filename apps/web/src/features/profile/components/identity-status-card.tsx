import BadgeCheck from 'lucide-react/icons/badge-check';
import ShieldQuestion from 'lucide-react/icons/shield-question';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { verifyIdentityPath } from '../../../lib/paths';
import { useVerificationStatus } from '../../../lib/api/verification-status';
import { IDENTITY_TEXT as T } from '../profile-texts';

/** Where the account's identity verification stands, with the way to verify (docs/decisions/027). */
export function IdentityStatusCard({ viewerId }: { viewerId: string }) {
  const status = useVerificationStatus(viewerId);
  const state = status.data?.data?.state;
  const verified = status.data?.data?.identity_verified ?? false;
  return (
    <Card className="mt-8 p-6" data-testid="identity-status">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            {T.title}
            {status.data ? (
              <Badge
                variant={verified ? 'success' : state === 'pending_review' ? 'warning' : 'neutral'}
              >
                {verified ? (
                  <BadgeCheck aria-hidden="true" />
                ) : (
                  <ShieldQuestion aria-hidden="true" />
                )}
                {T.states[verified ? 'verified' : (state ?? 'none')]}
              </Badge>
            ) : null}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {status.isPending ? T.loading : verified ? T.verifiedHint : T.why}
          </p>
        </div>
        {status.data && !verified && state !== 'pending_review' ? (
          <Link to={verifyIdentityPath} className={buttonClasses({ size: 'sm' })}>
            {T.verify}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
