import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function AffiliatesWishlistPage() {
  return (
    <ComingSoon
      title="Affiliates Wishlist"
      description="Connect with quality affiliates actively seeking new offers"
    />
  );
}
