import { useState } from 'react';
import type { FormEvent } from 'react';
import CircleX from 'lucide-react/icons/circle-x';
import KeyRound from 'lucide-react/icons/key-round';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@trustlinks/contract/constants';
import { Button, buttonClasses } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { RESET_LINK_TEXT as T } from '../auth-texts';
import { Alert, AuthShell, IconBadge, linkClass, TextField } from '../components/form-controls';

const REQUEST_NEW_LINK = '/login?forgot=true';

/**
 * /reset-password?token=… (ours, docs/decisions/010): the page of the mailed reset link. Sets
 * the new password (docs/product/validation.md#reset-password), then sends to /login.
 */
export function ResetPasswordPage() {
  useDocumentTitle(T.documentTitle);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useConfirmPasswordReset();

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
    reset.mutate(
      { token, new_password: newPassword },
      {
        onSuccess: () => {
          toast.success(T.success);
          navigate('/login', { replace: true });
        },
        onError: (error) => setFormError(serverMessage(error) ?? T.failed),
      },
    );
  }

  if (!token) {
    return (
      <AuthShell
        title={T.noTokenTitle}
        icon={
          <IconBadge variant="danger">
            <CircleX />
          </IconBadge>
        }
      >
        <Alert variant="danger">{T.noToken}</Alert>
        <Link to={REQUEST_NEW_LINK} className={buttonClasses({ className: 'mt-6 w-full' })}>
          {T.requestNew}
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={T.title}
      subtitle={T.subtitle}
      icon={
        <IconBadge variant="brand">
          <KeyRound />
        </IconBadge>
      }
      footer={
        <Link to="/login" className={linkClass}>
          {T.backToLogin}
        </Link>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {formError ? (
          <Alert variant="danger">
            {formError}{' '}
            <Link to={REQUEST_NEW_LINK} className={linkClass}>
              {T.requestNew}
            </Link>
          </Alert>
        ) : null}
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
      </form>
    </AuthShell>
  );
}
