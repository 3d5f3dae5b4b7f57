import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { LOGIN_DOUBLE_SUBMIT_GUARD_MS } from '@trustlinks/contract/constants';
import type { LoginResponse } from '@trustlinks/contract/users';
import type { MfaChallengeResponse } from '@trustlinks/contract/mfa';
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useLogin } from '../api/login';
import { useLoginWithPasskey } from '../api/login-passkey';
import { LOGIN_TEXT as T } from '../auth-texts';
import { EmailField } from './email-field';
import { linkClass } from './form-controls';
import { VerificationRequiredBox } from './verification-required-box';
import { MfaCodeForm } from './mfa-code-form';
import { Form } from '../../../components/ui/form';
import type { Postback } from '../../../lib/postback';

interface LoginFormProps {
  /** The sign-in the browser posted itself and the server refused: its message and e-mail. */
  postback?: Postback | null;
  /** The login answered OK; the caller stores the session and moves on. */
  onLoggedIn: (response: LoginResponse) => void;
  /** The visitor arrives from the verification page (?verified=true). */
  justVerified: boolean;
  /** 'Forgot password?': the caller shows the request form, starting from the typed email. */
  onForgotPassword: (email: string) => void;
}

/** The server's 403 for an unverified address (docs/product/errors.md). */
const isUnverified = (message: string | null | undefined) =>
  Boolean(message?.toLowerCase().includes(T.unverifiedMarker));

/** The login form of docs/product/accounts.md#login with the rules of docs/product/validation.md and the messages of docs/product/errors.md. */
export function LoginForm({
  postback,
  onLoggedIn,
  justVerified,
  onForgotPassword,
}: LoginFormProps) {
  const form = useContractForm({
    initial: { email: postback?.values.email ?? '', password: '' },
    // Loaded once the form has painted: the login page's first paint carries no zod.
    schema: () => import('@trustlinks/contract/users').then((m) => m.loginBodySchema),
    toInput: (values) => values,
  });
  const email = form.values.email;
  const [rememberMe, setRememberMe] = useState(false);
  const refused = postback?.error ?? null;
  const refusedUnverified = isUnverified(refused);
  const [formError, setFormError] = useState<string | null>(refusedUnverified ? null : refused);
  const [needsVerification, setNeedsVerification] = useState(refusedUnverified);
  const login = useLogin();
  const passkey = useLoginWithPasskey();

  /** Sign-in with a passkey (docs/decisions/034): no email or password typed. */
  function handlePasskey() {
    if (passkey.isPending || inFlight.current) return;
    setFormError(null);
    passkey.mutate(undefined, {
      onSuccess: (response) => {
        toast.success(T.success);
        onLoggedIn(response);
      },
      onError: (error) => {
        // The browser's own refusals (cancelled, no passkey) carry no server message.
        setFormError(serverMessage(error) ?? T.passkeyFailed);
      },
    });
  }
  // The password was right and the account has a second factor: its code comes next.
  const [challenge, setChallenge] = useState<MfaChallengeResponse | null>(null);

  // docs/product/validation.md: a second submit within 1 s is ignored, and so is one while a login is in flight.
  // Refs, not state: two submits can arrive before React re-renders with the pending state.
  const inFlight = useRef(false);
  const lastSubmitAt = useRef(Number.NEGATIVE_INFINITY);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const now = Date.now();
    if (inFlight.current || now - lastSubmitAt.current < LOGIN_DOUBLE_SUBMIT_GUARD_MS) return;
    if (!form.hasSchema()) {
      // Submitted before the form's checks arrived (a fast typist on a slow line): wait for them,
      // ignoring further submits meanwhile.
      inFlight.current = true;
      try {
        await form.loadSchema();
      } catch {
        setFormError(T.failed);
        return;
      } finally {
        inFlight.current = false;
      }
    }

    const checked = form.validate();
    if (!checked.ok) return;
    setFormError(null);
    setNeedsVerification(false);
    lastSubmitAt.current = now;
    inFlight.current = true;
    try {
      const result = await login.mutateAsync(checked.data);
      if ('mfa_required' in result) {
        setChallenge(result);
        return;
      }
      const response = result;
      if (!response.token) {
        // docs/product/errors.md: a login answer without a token is only logged; there is no session to store.
        console.warn('Login response carried no token.');
        setFormError(T.failed);
        return;
      }
      toast.success(T.success);
      onLoggedIn(response);
    } catch (error) {
      const message = serverMessage(error);
      if (isUnverified(message)) {
        setNeedsVerification(true);
        toast.warning(T.unverifiedToast);
      } else {
        setFormError(message ?? T.failed);
      }
    } finally {
      inFlight.current = false;
    }
  }

  if (challenge) {
    return (
      <MfaCodeForm
        mfaToken={challenge.mfa_token}
        factors={challenge.factors}
        onLoggedIn={(response) => {
          toast.success(T.success);
          onLoggedIn(response);
        }}
        onStartOver={() => setChallenge(null)}
      />
    );
  }

  return (
    <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {justVerified ? <Alert variant="success">{T.verifiedNotice}</Alert> : null}
      {formError ? <Alert variant="danger">{formError}</Alert> : null}
      {needsVerification ? <VerificationRequiredBox email={email} /> : null}

      <EmailField label={T.email} {...form.text('email')} />
      <TextField
        label={T.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        {...form.text('password')}
      />

      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* docs/product/accounts.md#login shows 'Remember me' without behaviour; the session is always kept in local
            storage (docs/product/data.md), so the box only records the choice. */}
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="remember"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.target.checked)}
            className="size-4 cursor-pointer rounded border-input accent-brand"
          />
          {T.rememberMe}
        </label>
        <button
          type="button"
          className={`text-sm ${linkClass}`}
          onClick={() => onForgotPassword(email)}
        >
          {T.forgotPassword}
        </button>
      </div>

      <PendingButton
        size="lg"
        className="mt-2 w-full"
        pending={login.isPending}
        label={T.submit}
        pendingLabel={T.submitting}
      />

      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {T.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={passkey.isPending}
        onClick={handlePasskey}
      >
        <Fingerprint aria-hidden="true" />
        {passkey.isPending ? T.passkeyPending : T.passkey}
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        {T.noAccount}{' '}
        <Link to="/signup" className={linkClass}>
          {T.signUp}
        </Link>
      </p>
    </Form>
  );
}
