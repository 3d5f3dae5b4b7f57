import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function OfferDetailPage() {
  return (
    <ComingSoon
      title="Offer Details"
      description="Payout, targeting and the network behind an offer."
    />
  );
}
