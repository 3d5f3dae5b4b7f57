import { useEffect, useRef, useState } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import LogIn from 'lucide-react/icons/log-in';
import { useNavigate, useSearchParams } from 'react-router';
import {
  POST_LOGIN_REDIRECT_DELAY_MS,
  REDIRECT_SCREEN_CLEAR_MS,
} from '@trustlinks/contract/constants';
import type { LoginResponse } from '@trustlinks/contract/users';
import { Alert } from '../../../components/ui/alert';
import { usePostback } from '../../../lib/postback';
import { dashboardPathForRole, saveSession, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FORGOT_TEXT, LOGIN_TEXT as T } from '../auth-texts';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { AuthShell } from '../components/form-controls';
import { LoginForm } from '../components/login-form';
import { RedirectScreen } from '../components/redirect-screen';
import { ResetPasswordForm } from '../components/reset-password-form';
import { SignedInCard } from '../components/signed-in-card';

/**
 * Login (docs/product/accounts.md#login, docs/product/states.md "Login flow"). What shows depends on the stored session:
 * - none: the form;
 * - password_reset_required: the forced reset screen, until the reset succeeds;
 * - just logged in (or reset): 'Redirecting to dashboard...', then the role's dashboard after
 *   100 ms; the screen clears after 3 s ('Stay on Login Page' clears it at once);
 * - already logged in: a card offering the dashboard.
 * An admin's session never reaches this page: app/router.tsx sends it to the admin panel (/admin).
 */
/** Where a session that must set up a second factor is sent: the profile's card. */
export const TWO_FACTOR_SETUP_PATH = '/profile#two-factor';

/** The query parameters the login page reads (?next=, ?forgot=true, ?verified=true): app/page-data.ts. */
export const LOGIN_PARAMS = ['next', 'forgot', 'verified'] as const;

export function LoginPage() {
  useDocumentTitle(T.documentTitle);
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [redirecting, setRedirecting] = useState(false);
  // The sign-in the browser posted itself, as the server answered it (lib/postback.ts).
  const postback = usePostback('login');
  const signedIn = postback?.signedIn ?? null;
  // 'Forgot password?' swaps the form for the reset-link request (?forgot=true opens it directly,
  // as the links in our mails do); null while the login form shows.
  const forgotPostback = usePostback('forgot');
  const [forgotEmail, setForgotEmail] = useState<string | null>(() =>
    params.get('forgot') === 'true' ? (forgotPostback?.values.email ?? '') : null,
  );
  const role = session && !session.passwordResetRequired ? session.user.role : null;
  // A page that sent a visitor here to log in (the offer page's 'Run This Offer') is where the
  // visitor returns: only a path of this site ("/…", never "//host").
  const next = params.get('next');
  const returnTo = next && /^\/(?!\/)/.test(next) ? next : null;

  // navigate changes identity with the location; the timers below must start once per login,
  // not again on every navigation, so they read it through a ref.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (!redirecting || !role) return;
    // docs/product/states.md: an admin gets the admin panel (app/router.tsx moves it to /admin at
    // once); every other role goes to its dashboard.
    const go =
      role === 'admin'
        ? undefined
        : window.setTimeout(
            () => navigateRef.current(returnTo ?? dashboardPathForRole(role), { replace: true }),
            POST_LOGIN_REDIRECT_DELAY_MS,
          );
    const clear = window.setTimeout(() => setRedirecting(false), REDIRECT_SCREEN_CLEAR_MS);
    return () => {
      window.clearTimeout(go);
      window.clearTimeout(clear);
    };
  }, [redirecting, role, returnTo]);

  function handleLoggedIn(response: LoginResponse) {
    saveSession({
      token: response.token,
      user: response.user,
      password_reset_required: response.password_reset_required,
    });
    // An account that must have a second factor and has none sets one up first (docs/decisions/033).
    if (response.mfa_enrolment_required && !response.password_reset_required) {
      navigate(TWO_FACTOR_SETUP_PATH, { replace: true });
      return;
    }
    if (!response.password_reset_required) setRedirecting(true);
  }

  // Signed in by the server before the app was here: the session is stored as after any login
  // (once; handleLoggedIn is this render's, and the postback is not read again).
  useEffect(() => {
    if (signedIn) handleLoggedIn(signedIn);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);

  if (session?.passwordResetRequired) {
    return <ResetPasswordForm onDone={() => setRedirecting(true)} />;
  }
  if (session && redirecting) {
    return <RedirectScreen onStay={() => setRedirecting(false)} />;
  }
  if (session) {
    return <SignedInCard user={session.user} />;
  }
  if (signedIn) {
    // The server's page, until the session above is stored; without JavaScript, all there is.
    return (
      <AuthShell title={T.title} subtitle={T.subtitle} tone="success" icon={<LogIn />}>
        <Alert variant="success">{T.success}</Alert>
        <noscript>
          <p className="mt-4 text-sm text-muted-foreground">{T.signedInNoScript}</p>
        </noscript>
      </AuthShell>
    );
  }
  if (forgotEmail !== null) {
    return (
      <AuthShell
        title={FORGOT_TEXT.title}
        subtitle={FORGOT_TEXT.subtitle}
        tone="brand"
        icon={<KeyRound />}
      >
        <ForgotPasswordForm
          initialEmail={forgotEmail}
          postback={forgotPostback}
          onBack={() => setForgotEmail(null)}
        />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={T.title} subtitle={T.subtitle} tone="brand" icon={<LogIn />}>
      <LoginForm
        postback={postback}
        onLoggedIn={handleLoggedIn}
        justVerified={params.get('verified') === 'true'}
        onForgotPassword={setForgotEmail}
      />
    </AuthShell>
  );
}
