import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function AdvertiserDashboardPage() {
  return (
    <ComingSoon
      title="Advertiser Dashboard"
      description="Your offers and the reviews of your company."
    />
  );
}
