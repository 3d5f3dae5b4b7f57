import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function AffiliateDashboardPage() {
  return (
    <ComingSoon
      title="Affiliate Dashboard"
      description="Your offer requests and the reviews of your company."
    />
  );
}
