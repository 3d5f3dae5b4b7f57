import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder until the page is built. */
export function VerifyEmailPage() {
  return (
    <ComingSoon
      title="Email Verification"
      description="Confirm your email address to activate your account."
    />
  );
}
