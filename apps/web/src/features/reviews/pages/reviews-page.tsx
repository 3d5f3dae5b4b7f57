import { useState } from 'react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ExternalLink from 'lucide-react/icons/arrow-up-right';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import PenLine from 'lucide-react/icons/pen-line';
import { Link } from 'react-router';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { entityPath } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRecentReviews } from '../api/get-recent-reviews';
import { EntityPicker } from '../components/entity-picker';
import { EntityReviewsList } from '../components/entity-reviews-list';
import { PublicReviewCard } from '../components/review-actions';
import { HUB_TEXT as T } from '../reviews-texts';

/**
 * Reviews (/review; docs/product/screens.md#routes gives no content): the recent published reviews across entities,
 * a search by company that shows that company's reviews, and 'Write a Review'.
 */
export function ReviewsPage() {
  useDocumentTitle(T.documentTitle);
  const [entity, setEntity] = useState<PublicEntity | null>(null);
  return (
    <Container className="py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
          <p className="mt-1 text-muted-foreground">{T.subtitle}</p>
        </div>
        <Link to="/writereview" className={buttonClasses({ className: 'self-start sm:self-auto' })}>
          <PenLine aria-hidden="true" />
          {T.write}
        </Link>
      </div>

      <Card className="mt-8 p-4 sm:p-5">
        <EntityPicker
          label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          selected={entity}
          onSelect={setEntity}
          changeLabel={T.clear}
        />
      </Card>

      <div className="mt-8">
        {entity ? (
          <>
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <Button variant="ghost" size="sm" onClick={() => setEntity(null)}>
                <ArrowLeft aria-hidden="true" />
                {T.clear}
              </Button>
              <Link
                to={entityPath(entity.slug)}
                state={{ entityName: entity.name }}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                {T.viewEntity}
                <ExternalLink aria-hidden="true" />
              </Link>
            </div>
            <EntityReviewsList
              key={entity.entity_id}
              entityId={entity.entity_id}
              entityName={entity.name}
            />
          </>
        ) : (
          <RecentReviews />
        )}
      </div>
    </Container>
  );
}

function RecentReviews() {
  const session = useSession();
  const recent = useRecentReviews(session?.user.user_id ?? null);
  const reviews = recent.data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <section aria-labelledby="recent-reviews-heading">
      <h2 id="recent-reviews-heading" className="mb-4 text-lg font-semibold">
        {T.recent}
      </h2>
      {recent.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : recent.isError && reviews.length === 0 ? (
        <Alert variant="danger">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{T.failed}</span>
            <Button size="sm" variant="outline" onClick={() => void recent.refetch()}>
              {T.retry}
            </Button>
          </div>
        </Alert>
      ) : reviews.length === 0 ? (
        <Card>
          <EmptyState
            icon={<MessageSquareText />}
            title={T.empty}
            action={
              <Link to="/writereview" className={buttonClasses()}>
                {T.write}
              </Link>
            }
          />
        </Card>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {reviews.map((review) => (
              <li key={review.review_id}>
                <PublicReviewCard review={review} showEntity />
              </li>
            ))}
          </ul>
          {recent.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="outline"
                onClick={() => void recent.fetchNextPage()}
                disabled={recent.isFetchingNextPage}
              >
                {recent.isFetchingNextPage ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : null}
                {recent.isFetchingNextPage ? T.loadingMore : T.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
