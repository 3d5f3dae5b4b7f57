import { useState } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useNewPasswordForm } from '../../../lib/new-password';
import { setPasswordResetRequired, updateCurrentUser } from '../../../lib/session';
import { useSignOut } from '../../../lib/sign-out';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { RESET_TEXT as T } from '../auth-texts';
import { AuthShell } from './form-controls';
import { NewPasswordInputs } from './new-password-inputs';
import { Form } from '../../../components/ui/form';

/**
 * The forced 'Reset Password' screen (docs/product/accounts.md#login, docs/product/states.md "Login flow"): shown while the stored session
 * carries password_reset_required. The session stays valid after the reset: the stored user is
 * refreshed and the flag cleared, then the caller continues with the role redirect.
 */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  // The schema loads after the screen has painted (it is part of the login page: no zod up front).
  const form = useNewPasswordForm(
    () => import('@trustlinks/contract/users').then((m) => m.resetPasswordBodySchema),
    (p) => ({ new_password: p }),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPassword();
  const { signOut } = useSignOut();

  const handleSubmit = form.onSubmit({
    busy: reset.isPending,
    before: () => setFormError(null),
    onValid: (checked) => {
      reset.mutate(checked.body.new_password, {
        onSuccess: ({ user }) => {
          updateCurrentUser(user);
          setPasswordResetRequired(false);
          toast.success(T.success);
          onDone();
        },
        onError: (error) => setFormError(serverMessage(error) ?? T.failed),
      });
    },
  });

  return (
    <AuthShell title={T.title} subtitle={T.subtitle} tone="warning" icon={<KeyRound />}>
      <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {formError ? <Alert variant="danger">{formError}</Alert> : null}
        <NewPasswordInputs texts={T} form={form} pending={reset.isPending} />
        <Button variant="ghost" className="w-full text-muted-foreground" onClick={signOut}>
          {T.logOut}
        </Button>
      </Form>
    </AuthShell>
  );
}
