import BadgeCheck from 'lucide-react/icons/badge-check';
import MessageSquare from 'lucide-react/icons/message-square';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { StarRating } from '../../../components/ui/star-rating';
import { REVIEWS } from '../landing-content';
import { CardGridSection } from './section-heading';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('');
}

export function ReviewsSection() {
  return (
    <CardGridSection
      id="reviews"
      className="py-16 sm:py-20"
      content={REVIEWS}
      gridClassName="md:grid-cols-3"
      items={REVIEWS.reviews}
      itemKey={(review) => review.reviewer}
    >
      {(review) => (
        <>
          <div className="flex items-center justify-between gap-2">
            <StarRating value={review.rating} />
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" />
              {REVIEWS.verified}
            </Badge>
          </div>
          <h3 className="mt-4 font-semibold">{review.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">“{review.text}”</p>
          <div className="mt-5 flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-soft-foreground"
            >
              {initialsOf(review.reviewer)}
            </span>
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {review.reviewer}{' '}
                <span className="font-normal text-muted-foreground">· {review.role}</span>
              </p>
              <p className="text-muted-foreground">
                {REVIEWS.reviewOf} {review.reviewed}
              </p>
            </div>
          </div>
          <div className="mt-auto pt-5">
            <div className="flex items-center gap-1 border-t border-border pt-3 [&>button:first-child]:-ml-3">
              <Button variant="ghost" size="sm" className="text-muted-foreground">
                <ThumbsUp aria-hidden="true" />
                {REVIEWS.helpful} ({review.helpful})
              </Button>
              <Button variant="ghost" size="sm" className="text-muted-foreground">
                <MessageSquare aria-hidden="true" />
                {REVIEWS.reply}
              </Button>
            </div>
          </div>
        </>
      )}
    </CardGridSection>
  );
}
