import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function SignupPage() {
  return <ComingSoon title="Sign Up" description="Create your free TrustLinks account." />;
}
