import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function UserDashboardPage() {
  return <ComingSoon title="Dashboard" description="Your reviews and activity." />;
}
