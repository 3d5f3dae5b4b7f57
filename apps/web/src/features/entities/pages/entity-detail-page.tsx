import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function EntityDetailPage() {
  return (
    <ComingSoon title="Entity Details" description="Offers, reviews and reputation of a company." />
  );
}
