import { useEffect, useRef } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { VERIFICATION_REDIRECT_DELAY_MS } from '@trustlinks/contract/constants';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVerifyEmail } from '../api/verify-email';
import { VERIFY_TEXT as T } from '../auth-texts';
import { Alert } from '../../../components/ui/alert';
import { AuthNotice, AuthShell, AuthWaiting, linkClass } from '../components/form-controls';
import { ResendVerificationForm } from '../components/resend-verification-form';

const LOGIN_AFTER_VERIFICATION = '/login?verified=true';

/** Email verification (docs/product/accounts.md#email-verification): verifying, then success or error. */
export function VerifyEmailPage() {
  useDocumentTitle(T.documentTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { mutate: verify, status, data, error } = useVerifyEmail();

  // The token is single-use: a second call would answer "invalid or expired" and could overwrite
  // the success. React StrictMode runs effects twice in development (refs survive that), so
  // remember which token this page already sent.
  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    verify(token);
  }, [token, verify]);

  const succeeded = Boolean(token) && status === 'success';
  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(
      () => navigate(LOGIN_AFTER_VERIFICATION, { replace: true }),
      VERIFICATION_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [succeeded, navigate]);

  if (token && (status === 'idle' || status === 'pending')) {
    return <AuthWaiting title={T.verifying} subtitle={T.verifyingHint} />;
  }

  if (succeeded) {
    return (
      <AuthNotice
        title={T.successTitle}
        subtitle={data?.message}
        tone="success"
        icon={<CircleCheck />}
        message={
          <p role="status" className="text-center text-sm text-muted-foreground">
            {T.redirectHint}
          </p>
        }
        link={{ to: LOGIN_AFTER_VERIFICATION, label: T.continueToLogin }}
      />
    );
  }

  const message = token ? (serverMessage(error) ?? T.failed) : T.noToken;
  return (
    <AuthShell
      title={T.errorTitle}
      tone="danger"
      icon={<CircleX />}
      footer={
        <>
          {T.noAccount}{' '}
          <Link to="/signup" className={linkClass}>
            {T.signUp}
          </Link>
        </>
      }
    >
      <Alert variant="danger">{message}</Alert>
      <h2 className="mt-6 text-base font-semibold">{T.resendHeading}</h2>
      <ResendVerificationForm className="mt-3" />
    </AuthShell>
  );
}
