import { useState } from 'react';
import type { ReactNode } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import MessageSquare from 'lucide-react/icons/message-square';
import Flag from 'lucide-react/icons/flag';
import Reply from 'lucide-react/icons/reply';
import Share2 from 'lucide-react/icons/share-2';
import type { Review } from '@trustlinks/contract/reviews';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { reviewPath, reviewUrl } from '../../../lib/paths';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { useLoginAndReturn } from '../../../lib/use-login-return';
import { toast } from '../../../lib/toast';
import { REPLY_TEXT, REVIEW_CARD_TEXT as T, REVIEW_SHARE_TEXT as SHARE } from '../reviews-texts';
import { ReplyDialog } from './reply-dialog';
import { ReportDialog } from './report-dialog';
import { ReviewCard } from './review-card';
import { ReviewReplies } from './review-replies';
import { VoteButtons } from './vote-buttons';

/**
 * A published review with what readers can do (docs/product/entities.md#entity-page): vote Helpful / Not Helpful, see the
 * replies ('1 reply' / 'n replies'), Share its own address and Report it (docs/decisions/027). 'Reply' is
 * shown only to the reviewed company's users, and to visitors (who may be them): a visitor's
 * Helpful, Reply or Report goes to login and comes back to the review.
 */
export function PublicReviewCard({
  review,
  showEntity,
  as,
  className,
}: {
  review: Review;
  showEntity?: boolean;
  as?: 'article' | 'li';
  className?: string;
}) {
  const session = useSession();
  const loginAndReturn = useLoginAndReturn();
  const viewer = session?.user.user_id ?? null;
  const [showReplies, setShowReplies] = useState(false);
  const [replying, setReplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  const isEntityUser = Boolean(
    session && session.user.role !== 'admin' && session.user.entity_id === review.entity_id,
  );
  const here = reviewPath(review.entity_slug, review.review_id);

  function handleReply() {
    if (!session) {
      toast.info(REPLY_TEXT.loginRequired);
      loginAndReturn(here);
      return;
    }
    setReplying(true);
  }

  function handleReport() {
    if (!session) {
      toast.info(SHARE.loginRequired);
      loginAndReturn(here);
      return;
    }
    setReporting(true);
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
      id={reviewAnchor(review.review_id)}
      className={className}
      footer={
        <>
          <VoteButtons review={review} />
          {replies}
          <div className="flex flex-wrap items-center gap-1 sm:ml-auto">
            <CopyButton
              text={
                typeof window === 'undefined'
                  ? here
                  : reviewUrl(review.entity_slug, review.review_id)
              }
              label={SHARE.share}
              copied={SHARE.copied}
              failed={SHARE.copyFailed}
              icon={<Share2 aria-hidden="true" />}
              variant="ghost"
            />
            {review.is_own_review ? null : (
              <Button variant="ghost" size="sm" onClick={handleReport}>
                <Flag aria-hidden="true" />
                {SHARE.report}
              </Button>
            )}
            {/* A visitor may be the company: Reply takes them to login and back here. */}
            {isEntityUser || !session ? (
              <Button variant="ghost" size="sm" onClick={handleReply}>
                <Reply aria-hidden="true" />
                {T.reply}
              </Button>
            ) : null}
          </div>
        </>
      }
    >
      {showReplies ? <ReviewReplies review={review} viewer={viewer} /> : null}
      {isEntityUser ? (
        <ReplyDialog review={replying ? review : null} onOpenChange={setReplying} />
      ) : null}
      <ReportDialog review={reporting ? review : null} onOpenChange={setReporting} />
    </ReviewCard>
  );
}

/** The element id of a review on a page: its own address scrolls to it. */
export const reviewAnchor = (reviewId: string) => `review-${reviewId}`;
