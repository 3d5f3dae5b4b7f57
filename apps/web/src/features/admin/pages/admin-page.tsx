import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function AdminPage() {
  return <ComingSoon title="Admin Panel" description="Manage entities, reviews, and users" />;
}
