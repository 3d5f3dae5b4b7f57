import { useState } from 'react';
import type { FormEvent } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { MIN_PASSWORD_LENGTH } from '@trustlinks/contract/constants';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { setPasswordResetRequired, updateCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { logout } from '../api/logout';
import { useResetPassword } from '../api/reset-password';
import { RESET_TEXT as T } from '../auth-texts';
import { Alert, AuthShell, IconBadge, TextField } from './form-controls';

/**
 * The forced 'Reset Password' screen (docs/product/accounts.md#login, docs/product/states.md "Login flow"): shown while the stored session
 * carries password_reset_required. The session stays valid after the reset: the stored user is
 * refreshed and the flag cleared, then the caller continues with the role redirect.
 */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setFormError(null);
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      setErrors({ newPassword: T.tooShort });
      return;
    }
    if (newPassword !== confirm) {
      setErrors({ confirm: T.doNotMatch });
      return;
    }
    setErrors({});
    reset.mutate(newPassword, {
      onSuccess: ({ user }) => {
        updateCurrentUser(user);
        setPasswordResetRequired(false);
        toast.success(T.success);
        onDone();
      },
      onError: (error) => setFormError(serverMessage(error) ?? T.failed),
    });
  }

  return (
    <AuthShell
      title={T.title}
      subtitle={T.subtitle}
      icon={
        <IconBadge variant="warning">
          <KeyRound />
        </IconBadge>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {formError ? <Alert variant="danger">{formError}</Alert> : null}
        <TextField
          label={T.newPassword}
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          value={newPassword}
          error={errors.newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <TextField
          label={T.confirmPassword}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
          {reset.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {reset.isPending ? T.submitting : T.submit}
        </Button>
        <Button variant="ghost" className="w-full text-muted-foreground" onClick={logout}>
          {T.logOut}
        </Button>
      </form>
    </AuthShell>
  );
}
