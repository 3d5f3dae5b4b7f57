import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { Link } from 'react-router';
import { REVIEWER_PROFILE_LIMITS } from '@trustlinks/contract/reviewers';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { serverMessage } from '../../../lib/api-client';
import { reviewerPath } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useMyReviewerPage, useSetReviewerPageHidden } from '../api/reviewer-page';
import { REVIEWER_PAGE_SETTING_TEXT as T } from '../profile-texts';

/**
 * "Your reviewer page" (docs/decisions/054): where it is, whether search engines may list it,
 * and the setting that hides it (a 404 to everyone but the reviewer).
 */
export function ReviewerPageCard({ userId }: { userId: string }) {
  const page = useMyReviewerPage(userId);
  const setHidden = useSetReviewerPageHidden(userId);
  const data = page.data;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{T.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.intro}</p>
      {data ? (
        <>
          <p className="mt-3 text-sm" role="status">
            <span className="font-medium">{data.hidden ? T.hiddenState : T.visibleState}</span>{' '}
            {data.hidden
              ? null
              : data.indexed
                ? T.indexed
                : T.notIndexed(REVIEWER_PROFILE_LIMITS.indexMinReviews)}
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Link
              to={reviewerPath(data.slug)}
              className="text-sm font-medium text-brand hover:underline underline-offset-4"
            >
              {T.open}
            </Link>
            <Button
              variant="outline"
              className="sm:ml-auto"
              disabled={setHidden.isPending}
              onClick={() =>
                setHidden.mutate(!data.hidden, {
                  onSuccess: ({ message }) => toast.success(message),
                  onError: (error) => toast.error(serverMessage(error) ?? T.failed),
                })
              }
            >
              {data.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
              {data.hidden ? T.show : T.hide}
            </Button>
          </div>
        </>
      ) : (
        <Skeleton className="mt-4 h-10 rounded-lg" />
      )}
    </Card>
  );
}
