import MessageSquareText from 'lucide-react/icons/message-square-text';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { EmptyState } from '../../../components/ui/empty-state';
import { ENTITY_DETAIL_TEXT as T } from '../entities-texts';

/**
 * docs/product/entities.md#entity-page entity reviews list: heading and total now; the list itself (votes, replies, pages)
 * arrives with the reviews feature.
 */
export function EntityReviewsTab({ entity }: { entity: PublicEntity }) {
  return (
    <section aria-labelledby="entity-reviews-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="entity-reviews-heading" className="text-lg font-semibold">
          {T.reviewsFor(entity.name)}
        </h2>
        <p className="text-sm text-muted-foreground">{T.reviewsTotal(entity.total_reviews)}</p>
      </div>
      {entity.total_reviews === 0 ? (
        <EmptyState icon={<MessageSquareText />} title={T.noReviews} />
      ) : null}
    </section>
  );
}
