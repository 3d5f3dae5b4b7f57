import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function OffersPage() {
  return <ComingSoon title="Offers" description="Browse offers by category, title and GEO." />;
}
