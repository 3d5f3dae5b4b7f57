import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function ProfilePage() {
  return <ComingSoon title="My Profile" description="Your name, contact details and bio." />;
}
