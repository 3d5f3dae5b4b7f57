import MessageSquareReply from 'lucide-react/icons/message-square-reply';
import type { Review } from '@trustlinks/contract/reviews';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { useReviewReplies } from '../api/get-review-replies';
import { REVIEW_CARD_TEXT as T, REPLY_TYPE_LABELS } from '../reviews-texts';

/** The entity's replies under a review, loaded when shown (GET /reviews/{id}/replies). */
export function ReviewReplies({ review, viewer }: { review: Review; viewer: string | null }) {
  const replies = useReviewReplies(review.review_id, viewer, true);
  if (replies.isPending) {
    return (
      <div className="mt-3" aria-busy="true">
        <p role="status" className="sr-only">
          {T.loadingReplies}
        </p>
        <Skeleton className="h-16 rounded-lg" />
      </div>
    );
  }
  if (replies.isError) {
    return <p className="mt-3 text-sm text-danger">{T.repliesFailed}</p>;
  }
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {replies.data.replies.map((reply) => {
        const dispute = reply.reply_type === 'dispute';
        return (
          <li
            key={reply.reply_id}
            className={cn(
              'rounded-lg border-l-4 px-4 py-3 text-sm',
              dispute ? 'border-warning bg-warning-soft/60' : 'border-brand bg-muted/60',
            )}
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
              <MessageSquareReply aria-hidden="true" className="size-4 text-muted-foreground" />
              {dispute ? T.disputeFrom(reply.author_name) : T.replyFrom(reply.author_name)}
              <span className="font-normal text-muted-foreground">
                · {REPLY_TYPE_LABELS[reply.reply_type]} · {formatDate(reply.created_at)}
              </span>
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{reply.reply_text}</p>
          </li>
        );
      })}
    </ul>
  );
}
