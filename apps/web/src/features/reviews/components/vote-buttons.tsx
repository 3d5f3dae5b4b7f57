import ThumbsDown from 'lucide-react/icons/thumbs-down';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import type { Review, VoteType } from '@trustlinks/contract/reviews';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { reviewPath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useLoginAndReturn } from '../../../lib/use-login-return';
import { toast } from '../../../lib/toast';
import { useVoteReview } from '../api/vote-review';
import { REVIEW_CARD_TEXT as T, VOTE_TEXT } from '../reviews-texts';

/** 'Helpful' and 'Not Helpful' with their counts (docs/product/entities.md#entity-page); login needed to vote (docs/product/validation.md). */
export function VoteButtons({ review }: { review: Review }) {
  const session = useSession();
  const vote = useVoteReview();
  const loginAndReturn = useLoginAndReturn();
  const own = Boolean(review.is_own_review);
  // The API refuses votes on one's own review and on reviews of one's own entity.
  const ownEntity = Boolean(session?.user.entity_id && session.user.entity_id === review.entity_id);
  const blocked = own || ownEntity;
  const blockedHint = own ? T.ownReviewHint : ownEntity ? T.ownEntityHint : undefined;

  function handleVote(voteType: VoteType) {
    if (!session) {
      // A visitor logs in and comes back to this review (docs/decisions/027).
      toast.info(VOTE_TEXT.loginRequired);
      loginAndReturn(reviewPath(review.entity_slug, review.review_id));
      return;
    }
    if (vote.isPending) return;
    vote.mutate(
      { reviewId: review.review_id, voteType },
      {
        onSuccess: () => toast.success(VOTE_TEXT.success),
        onError: (error) => {
          const detail = serverMessage(error);
          toast.error(VOTE_TEXT.failed, detail ? { description: detail } : undefined);
        },
      },
    );
  }

  const button = (type: VoteType, label: string, count: number, Icon: typeof ThumbsUp) => {
    const pressed = review.my_vote === type;
    return (
      <Button
        variant="outline"
        size="sm"
        aria-pressed={session ? pressed : undefined}
        disabled={blocked || vote.isPending}
        title={blockedHint}
        onClick={() => handleVote(type)}
        className={cn(pressed && 'border-brand/50 bg-brand-soft text-brand-soft-foreground')}
      >
        <Icon aria-hidden="true" className={cn(pressed && 'fill-current/20')} />
        {label}
        <span className="tabular-nums" aria-label={`(${count})`}>
          {count}
        </span>
      </Button>
    );
  };

  return (
    <>
      {button('helpful', T.helpful, review.helpful_votes, ThumbsUp)}
      {button('unhelpful', T.notHelpful, review.unhelpful_votes, ThumbsDown)}
    </>
  );
}
