import { useState } from 'react';
import type { ReactNode } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import MessageSquare from 'lucide-react/icons/message-square';
import Reply from 'lucide-react/icons/reply';
import type { Review } from '@trustlinks/contract/reviews';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { REPLY_TEXT, REVIEW_CARD_TEXT as T } from '../reviews-texts';
import { ReplyDialog } from './reply-dialog';
import { ReviewCard } from './review-card';
import { ReviewReplies } from './review-replies';
import { VoteButtons } from './vote-buttons';

/**
 * A published review with what readers can do (docs/product/entities.md#entity-page): vote Helpful / Not Helpful, see the
 * replies ('1 reply' / 'n replies') and Reply. Only the reviewed entity's users can reply; others
 * are told so before they write anything.
 */
export function PublicReviewCard({
  review,
  showEntity,
  as,
}: {
  review: Review;
  showEntity?: boolean;
  as?: 'article' | 'li';
}) {
  const session = useSession();
  const viewer = session?.user.user_id ?? null;
  const [showReplies, setShowReplies] = useState(false);
  const [replying, setReplying] = useState(false);

  function handleReply() {
    if (!session) {
      toast.error(REPLY_TEXT.loginRequired);
      return;
    }
    const isEntityUser =
      session.user.role !== 'admin' && session.user.entity_id === review.entity_id;
    if (!isEntityUser) {
      toast.info(REPLY_TEXT.notOwner);
      return;
    }
    setReplying(true);
  }

  let replies: ReactNode = (
    <span className="inline-flex items-center gap-1.5 px-2 text-sm text-muted-foreground">
      <MessageSquare aria-hidden="true" className="size-4" />
      {T.replies(review.reply_count)}
    </span>
  );
  if (review.reply_count > 0) {
    replies = (
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={showReplies}
        onClick={() => setShowReplies((v) => !v)}
      >
        <MessageSquare aria-hidden="true" />
        {T.replies(review.reply_count)}
        <ChevronDown
          aria-hidden="true"
          className={cn('transition-transform', showReplies && 'rotate-180')}
        />
      </Button>
    );
  }

  return (
    <ReviewCard
      review={review}
      showEntity={showEntity}
      as={as}
      footer={
        <>
          <VoteButtons review={review} />
          {replies}
          <Button variant="ghost" size="sm" className="sm:ml-auto" onClick={handleReply}>
            <Reply aria-hidden="true" />
            {T.reply}
          </Button>
        </>
      }
    >
      {showReplies ? <ReviewReplies review={review} viewer={viewer} /> : null}
      <ReplyDialog review={replying ? review : null} onOpenChange={setReplying} />
    </ReviewCard>
  );
}
