import { useState } from 'react';
import type { FormEvent } from 'react';
import Fingerprint from 'lucide-react/icons/fingerprint-pattern';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { usePasskeys, useRegisterPasskey, useRemovePasskey } from '../api/passkeys';
import { useTwoFactorStatus } from '../api/two-factor';
import { PASSKEYS_TEXT as T } from '../profile-texts';
import { Form } from '../../../components/ui/form';

/** The browser can create passkeys (checked on click: the server render has no window). */
const supportsPasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/**
 * Passkeys on the profile (docs/decisions/034): listed with created and last used,
 * added and removed (one by one) after the current password.
 */
export function PasskeysCard({ userId }: { userId: string }) {
  const passkeys = usePasskeys(userId);
  const register = useRegisterPasskey(userId);
  const remove = useRemovePasskey(userId);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState<string>(T.defaultName);
  const [password, setPassword] = useState('');
  const [emailCode, setEmailCode] = useState('');
  // An enrolment-only session proves the mailbox too (docs/decisions/033).
  const needsEmailCode = useTwoFactorStatus(userId).data?.enrolment_code_required ?? false;
  /** The passkey whose removal waits for the current password. */
  const [removing, setRemoving] = useState<string | null>(null);
  const [removePassword, setRemovePassword] = useState('');
  const list = passkeys.data?.passkeys ?? [];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (register.isPending) return;
    if (!supportsPasskeys()) {
      toast.error(T.unsupported);
      return;
    }
    register.mutate(
      { currentPassword: password, name, ...(needsEmailCode ? { emailCode } : {}) },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setAdding(false);
          setPassword('');
          setEmailCode('');
          setName(T.defaultName);
        },
        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
      },
    );
  }

  function startRemoving(id: string) {
    setRemoving(id);
    setRemovePassword('');
  }

  function handleRemove(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate(
      { id, currentPassword: removePassword },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setRemoving(null);
          setRemovePassword('');
        },
        onError: (error) => toast.error(serverMessage(error) ?? T.removeFailed),
      },
    );
  }

  return (
    <Card className="mt-8 p-5 sm:p-6" data-testid="passkeys">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">{T.title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{T.subtitle}</p>
        </div>
        {adding ? null : (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Fingerprint aria-hidden="true" />
            {T.add}
          </Button>
        )}
      </div>

      {adding ? (
        <Form noValidate onSubmit={handleSubmit} className="mt-5 grid gap-4 sm:grid-cols-2">
          <TextField
            label={T.name}
            name="passkey_name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
          <TextField
            label={T.currentPassword}
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          {needsEmailCode ? (
            <TextField
              label={T.emailCode}
              name="passkey_email_code"
              autoComplete="one-time-code"
              inputMode="numeric"
              hint={T.emailCodeHint}
              value={emailCode}
              onChange={(e) => setEmailCode(e.target.value)}
              required
            />
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              onClick={() => setAdding(false)}
              disabled={register.isPending}
            >
              {T.cancel}
            </Button>
            <PendingButton
              pending={register.isPending}
              label={T.submit}
              pendingLabel={T.submitting}
            />
          </div>
        </Form>
      ) : null}

      {passkeys.isPending ? (
        <p className="mt-4 text-sm text-muted-foreground">{T.loading}</p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{T.none}</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {list.map((p) => (
            <li key={p.id} className="py-3" data-testid="passkey">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {p.name}
                    {p.backed_up ? <Badge variant="neutral">{T.synced}</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {T.created} {formatDate(p.created_at)} · {T.lastUsed}{' '}
                    {formatDate(p.last_used_at, T.neverUsed)}
                  </p>
                </div>
                {removing === p.id ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={`${T.remove} ${p.name}`}
                    onClick={() => startRemoving(p.id)}
                  >
                    {T.remove}
                  </Button>
                )}
              </div>
              {removing === p.id ? (
                <Form
                  noValidate
                  onSubmit={(e) => handleRemove(e, p.id)}
                  className="mt-3 grid gap-3 sm:grid-cols-2"
                >
                  <p className="text-sm text-muted-foreground sm:col-span-2">
                    {T.removeHint(p.name)}
                  </p>
                  <TextField
                    label={T.currentPassword}
                    name="passkey_remove_password"
                    type="password"
                    autoComplete="current-password"
                    value={removePassword}
                    onChange={(e) => setRemovePassword(e.target.value)}
                    required
                  />
                  <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
                    <Button
                      variant="outline"
                      onClick={() => setRemoving(null)}
                      disabled={remove.isPending}
                    >
                      {T.cancel}
                    </Button>
                    <PendingButton
                      pending={remove.isPending}
                      label={T.removeConfirm}
                      pendingLabel={T.removing}
                    />
                  </div>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
