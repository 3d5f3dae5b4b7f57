import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function ReviewsPage() {
  return (
    <ComingSoon
      title="Reviews"
      description="Read and write reviews of affiliate marketing companies."
    />
  );
}
