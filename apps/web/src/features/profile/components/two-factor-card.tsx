import { useState } from 'react';
import type { FormEvent } from 'react';
import type { TotpEnrolmentResponse } from '@trustlinks/contract/mfa';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import Download from 'lucide-react/icons/download';
import { TextField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download-file';
import { toast } from '../../../lib/toast';
import {
  useConfirmTotp,
  useDisableTotp,
  useNewRecoveryCodes,
  useSendEnrolmentCode,
  useStartTotp,
  useTwoFactorStatus,
} from '../api/two-factor';
import { TWO_FACTOR_TEXT as T } from '../profile-texts';
import { Form } from '../../../components/ui/form';

/**
 * Two-factor authentication on the profile (docs/decisions/033): set up an authenticator app
 * (QR code and secret, confirmed with a code), the recovery codes shown once, and turning it off
 * or renewing the codes with the current password.
 */
export function TwoFactorCard({ userId }: { userId: string }) {
  const status = useTwoFactorStatus(userId);
  const start = useStartTotp();
  const confirm = useConfirmTotp(userId);
  const disable = useDisableTotp(userId);
  const renew = useNewRecoveryCodes(userId);
  const sendCode = useSendEnrolmentCode();
  const [emailCode, setEmailCode] = useState('');
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (err: unknown) => setError(serverMessage(err) ?? T.failed);

  // An enrolment-only session proves the mailbox too: the emailed code goes with both steps.
  const mailed = () => (status.data?.enrolment_code_required ? { email_code: emailCode } : {});

  function mailCode() {
    setError(null);
    sendCode.mutate(undefined, {
      onSuccess: (res) => setCodeSent(res.message),
      onError: fail,
    });
  }

  function begin() {
    setError(null);
    start.mutate(mailed(), { onSuccess: setEnrolment, onError: fail });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    confirm.mutate(
      { code, ...mailed() },
      {
        onSuccess: (res) => {
          setEnrolment(null);
          setCode('');
          setEmailCode('');
          setCodeSent(null);
          setCodes(res.recovery_codes);
          toast.success(res.message);
        },
        onError: fail,
      },
    );
  }

  function withPassword(action: 'disable' | 'renew') {
    setError(null);
    const body = { current_password: password };
    if (action === 'disable') {
      disable.mutate(body, {
        onSuccess: (res) => {
          setPassword('');
          toast.success(res.message);
        },
        onError: fail,
      });
    } else {
      renew.mutate(body, {
        onSuccess: (res) => {
          setPassword('');
          setCodes(res.recovery_codes);
          toast.success(res.message);
        },
        onError: fail,
      });
    }
  }

  const data = status.data;
  return (
    <Card id="two-factor" className="mt-8 p-5 sm:p-6" data-testid="two-factor-card">
      <h2 className="text-lg font-semibold">{T.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.subtitle}</p>
      {error ? (
        <Alert variant="danger" className="mt-4">
          {error}
        </Alert>
      ) : null}
      {data?.required && !data.totp_enabled && data.passkeys === 0 ? (
        <Alert variant="warning" className="mt-4">
          {T.required}
        </Alert>
      ) : null}

      {codes ? (
        <div className="mt-5">
          <h3 className="font-semibold">{T.recoveryTitle}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{T.recoveryIntro}</p>
          <ul
            className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm"
            data-testid="recovery-codes"
          >
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            <CopyButton
              text={codes.join('\n')}
              label={T.copyCodes}
              copied={T.copied}
              failed={T.copyFailed}
              size="md"
            />
            <Button
              variant="outline"
              onClick={() =>
                saveBlob(new Blob([T.codesFile(codes)], { type: 'text/plain' }), T.codesFileName)
              }
            >
              <Download aria-hidden="true" />
              {T.downloadCodes}
            </Button>
            <Button onClick={() => setCodes(null)}>{T.recoveryDone}</Button>
          </div>
        </div>
      ) : enrolment ? (
        <Form noValidate onSubmit={submitCode} className="mt-5 flex flex-col gap-4">
          <p className="text-sm">{T.scan}</p>
          <img src={enrolment.qr_data_url} alt={T.qrAlt} className="size-48 bg-white p-2" />
          <p className="text-sm">
            {T.secret}:{' '}
            <code className="break-all font-mono" data-testid="totp-secret">
              {enrolment.secret}
            </code>
          </p>
          <TextField
            label={T.code}
            name="totp_code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" disabled={confirm.isPending} className="self-start">
            {confirm.isPending ? T.confirming : T.confirm}
          </Button>
        </Form>
      ) : data?.totp_enabled ? (
        <div className="mt-5 flex flex-col gap-4">
          <p className="text-sm">
            {T.on(true, data.passkeys)} {T.codesLeft(data.recovery_codes_left)}
          </p>
          <TextField
            label={T.currentPassword}
            name="mfa_current_password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={renew.isPending}
              onClick={() => withPassword('renew')}
            >
              {renew.isPending ? T.working : T.newCodes}
            </Button>
            {data.required ? null : (
              <Button
                variant="outline"
                disabled={disable.isPending}
                onClick={() => withPassword('disable')}
              >
                {disable.isPending ? T.working : T.disable}
              </Button>
            )}
          </div>
        </div>
      ) : data ? (
        <div className="mt-5 flex flex-col gap-3">
          <p className="text-sm">
            {data.passkeys > 0 ? `${T.on(false, data.passkeys)} ${T.addApp}` : T.off}
          </p>
          {data.enrolment_code_required ? (
            <div className="flex flex-col gap-3" data-testid="enrolment-email-code">
              <p className="text-sm">{T.emailStep}</p>
              {codeSent ? (
                <Alert variant="info" role="status">
                  {codeSent}
                </Alert>
              ) : null}
              <Button
                variant="outline"
                className="self-start"
                disabled={sendCode.isPending}
                onClick={mailCode}
              >
                {sendCode.isPending ? T.sending : codeSent ? T.sendAgain : T.sendEmailCode}
              </Button>
              {codeSent ? (
                <TextField
                  label={T.emailCode}
                  name="email_code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  value={emailCode}
                  onChange={(e) => setEmailCode(e.target.value)}
                />
              ) : null}
            </div>
          ) : null}
          {data.enrolment_code_required && !codeSent ? null : (
            <Button className="self-start" disabled={start.isPending} onClick={begin}>
              {start.isPending ? T.starting : T.start}
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}
