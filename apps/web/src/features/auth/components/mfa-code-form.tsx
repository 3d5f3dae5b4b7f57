import { useState } from 'react';
import type { FormEvent } from 'react';
import type { LoginResponse } from '@trustlinks/contract/users';
import { MFA_MESSAGES, type MfaChallengeResponse } from '@trustlinks/contract/mfa';
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { useLoginMfa, useLoginMfaWithPasskey } from '../api/login-mfa';
import { MFA_LOGIN_TEXT as T } from '../auth-texts';
import { linkClass } from './form-controls';
import { Form } from '../../../components/ui/form';

interface MfaCodeFormProps {
  mfaToken: string;
  /** The factors the account has (the login's answer): only those are offered. */
  factors: MfaChallengeResponse['factors'];
  onLoggedIn: (response: LoginResponse) => void;
  /** The sign-in expired or was burnt: back to the password. */
  onStartOver: () => void;
}

/**
 * The login's second step, offering what the account has (docs/decisions/033): a code from the
 * authenticator app or a recovery code, a passkey (alone, first, when that is all it has).
 */
export function MfaCodeForm({ mfaToken, factors, onLoggedIn, onStartOver }: MfaCodeFormProps) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useLoginMfa();
  const passkey = useLoginMfaWithPasskey();
  const busy = verify.isPending || passkey.isPending;

  /** What a refusal means: a spent sign-in starts over, anything else is said here. */
  function refused(err: unknown, fallback: string) {
    const message = serverMessage(err);
    if (message === MFA_MESSAGES.signInExpired) {
      onStartOver();
      return;
    }
    setError(message ?? fallback);
    setCode('');
  }

  function handlePasskey() {
    if (busy) return;
    setError(null);
    passkey.mutate(mfaToken, {
      onSuccess: onLoggedIn,
      // The browser's own refusals (cancelled, no passkey) carry no server message.
      onError: (err) => refused(err, factors.totp ? T.passkeyFailed : T.passkeyOnlyFailed),
    });
  }

  if (!factors.totp) {
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{T.title}</h2>
        <p className="text-sm text-muted-foreground">{T.passkeyIntro}</p>
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <Button size="lg" className="w-full" disabled={busy} onClick={handlePasskey}>
          <Fingerprint aria-hidden="true" />
          {passkey.isPending ? T.passkeyPending : T.passkeyOnly}
        </Button>
        <div className="flex justify-end text-sm">
          <button type="button" className={linkClass} onClick={onStartOver}>
            {T.startOver}
          </button>
        </div>
      </div>
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError('Please enter a code');
      return;
    }
    setError(null);
    try {
      onLoggedIn(await verify.mutateAsync({ mfa_token: mfaToken, code }));
    } catch (err) {
      refused(err, T.failed);
    }
  }

  return (
    <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{T.title}</h2>
      <p className="text-sm text-muted-foreground">{recovery ? T.recoveryIntro : T.intro}</p>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <TextField
        label={recovery ? T.recoveryCode : T.code}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <PendingButton
        size="lg"
        className="w-full"
        pending={verify.isPending}
        label={T.submit}
        pendingLabel={T.submitting}
      />
      {factors.passkey ? (
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          disabled={busy}
          onClick={handlePasskey}
        >
          <Fingerprint aria-hidden="true" />
          {passkey.isPending ? T.passkeyPending : T.passkey}
        </Button>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? T.useApp : T.useRecovery}
        </button>
        <button type="button" className={linkClass} onClick={onStartOver}>
          {T.startOver}
        </button>
      </div>
    </Form>
  );
}
