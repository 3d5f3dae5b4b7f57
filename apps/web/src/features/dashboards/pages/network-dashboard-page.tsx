import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function NetworkDashboardPage() {
  return <ComingSoon title="Network Dashboard" description="Your offers, requests and reviews." />;
}
