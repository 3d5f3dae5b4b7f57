import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function AdvertisersWishlistPage() {
  return <ComingSoon title="Advertisers Wishlist" />;
}
