import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function LoginPage() {
  return <ComingSoon title="Login" description="Sign in to your TrustLinks account." />;
}
