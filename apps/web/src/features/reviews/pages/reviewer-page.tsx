import BadgeCheck from 'lucide-react/icons/badge-check';
import EyeOff from 'lucide-react/icons/eye-off';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import UserRound from 'lucide-react/icons/user-round';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { DetailLoadFailure } from '../../../components/ui/detail-load-failure';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useReviewer } from '../api/get-reviewer';
import { ReviewCard } from '../components/review-card';
import { REVIEWER_PAGE_TEXT as T } from '../reviews-texts';

/** The route's param, read here and by app/page-data.ts. */
export const REVIEWER_PARAM = 'slug';

/**
 * /reviewer/{slug} (docs/decisions/054): a person's published reviews that are not anonymous,
 * their verification, member since and the helpful votes received. Rendered on the server; a
 * hidden page is a 404 to everyone but its reviewer.
 */
export function ReviewerPage() {
  const slug = useParams()[REVIEWER_PARAM] ?? '';
  const session = useSession();
  const query = useReviewer(slug, session?.user.user_id ?? null);
  const profile = query.data;
  useDocumentTitle(profile?.name ?? T.documentTitle);

  if (profile) {
    return (
      <Container className="max-w-4xl py-8 sm:py-10">
        {profile.hidden ? (
          <Alert variant="info" className="mb-6">
            <span className="flex items-center gap-2">
              <EyeOff aria-hidden="true" className="size-4 shrink-0" />
              {T.hiddenNotice}
            </span>
          </Alert>
        ) : null}
        <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground [&_svg]:size-7"
          >
            <UserRound />
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
              {profile.name}
            </h1>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <li className="flex items-center gap-1.5">
                {profile.identity_verified ? (
                  <>
                    <BadgeCheck aria-hidden="true" className="size-4 text-success" />
                    <span className="font-medium text-foreground">{T.verified}</span>
                  </>
                ) : (
                  T.notVerified
                )}
              </li>
              <li>{T.memberSince(formatDate(profile.member_since))}</li>
              <li>{T.reviews(profile.review_count)}</li>
              <li className="flex items-center gap-1.5">
                <ThumbsUp aria-hidden="true" className="size-4" />
                {T.helpful(profile.helpful_votes_received)}
              </li>
            </ul>
          </div>
        </Card>

        <section aria-labelledby="reviewer-reviews" className="mt-8">
          <h2 id="reviewer-reviews" className="text-lg font-semibold">
            {T.reviewsHeading}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {profile.reviews.length < profile.review_count
              ? `${T.showingNewest(profile.reviews.length, profile.review_count)} `
              : ''}
            {T.anonymousNote}
          </p>
          {profile.reviews.length === 0 ? (
            <Card className="mt-4">
              <EmptyState title={T.empty} description={T.emptyHint} />
            </Card>
          ) : (
            <ul className="mt-4 flex flex-col gap-4">
              {profile.reviews.map((review) => (
                <ReviewCard
                  key={review.review_id}
                  review={review}
                  showEntity
                  hideReviewer
                  as="li"
                />
              ))}
            </ul>
          )}
        </section>
      </Container>
    );
  }

  if (query.isError) {
    const status = query.error instanceof ApiClientError ? query.error.status : 0;
    return (
      <DetailLoadFailure
        notFound={status === 404}
        texts={T}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        back={{ to: '/review', label: T.back }}
      />
    );
  }

  return (
    <Container className="max-w-4xl py-8 sm:py-10" aria-busy="true">
      <h1 className="sr-only">{T.documentTitle}</h1>
      <p role="status" className="sr-only">
        {T.loading}
      </p>
      <Skeleton className="h-28 rounded-xl" />
      <Skeleton className="mt-8 h-48 rounded-xl" />
    </Container>
  );
}
