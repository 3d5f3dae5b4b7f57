import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function WriteReviewPage() {
  return (
    <ComingSoon
      title="Write a Review"
      description="Share your experience with an advertiser, affiliate or network."
    />
  );
}
