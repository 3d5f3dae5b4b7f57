import { useState } from 'react';
import CircleX from 'lucide-react/icons/circle-x';
import KeyRound from 'lucide-react/icons/key-round';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordConfirmBodySchema } from '@trustlinks/contract/users';
import { Alert } from '../../../components/ui/alert';
import { serverMessage } from '../../../lib/api-client';
import { useNewPasswordForm } from '../../../lib/new-password';
import { toast } from '../../../lib/toast';
import { usePostback } from '../../../lib/postback';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { RESET_LINK_TEXT as T } from '../auth-texts';
import { AuthNotice, AuthShell, linkClass } from '../components/form-controls';
import { NewPasswordInputs } from '../components/new-password-inputs';
import { Form } from '../../../components/ui/form';

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
  const form = useNewPasswordForm<typeof resetPasswordConfirmBodySchema, 'token'>(
    resetPasswordConfirmBodySchema,
    (p) => ({ token, new_password: p }),
  );
  // The new password the browser posted itself, as the server answered it (lib/postback.ts).
  const postback = usePostback('reset');
  const [formError, setFormError] = useState<string | null>(postback?.error ?? null);
  const reset = useConfirmPasswordReset();

  const handleSubmit = form.onSubmit({
    busy: reset.isPending,
    before: () => setFormError(null),
    // A broken link has no field of its own: it is told above the fields.
    onInvalid: (errors) => setFormError(errors.token ?? null),
    onValid: (checked) =>
      reset.mutate(checked.body, {
        onSuccess: () => {
          toast.success(T.success);
          navigate('/login', { replace: true });
        },
        onError: (error) => setFormError(serverMessage(error) ?? T.failed),
      }),
  });

  if (postback?.done) {
    return (
      <AuthNotice
        title={T.title}
        tone="success"
        icon={<KeyRound />}
        message={<Alert variant="success">{T.success}</Alert>}
        link={{ to: '/login', label: T.backToLogin }}
      />
    );
  }

  if (!token) {
    return (
      <AuthNotice
        title={T.noTokenTitle}
        tone="danger"
        icon={<CircleX />}
        message={<Alert variant="danger">{T.noToken}</Alert>}
        link={{ to: REQUEST_NEW_LINK, label: T.requestNew }}
      />
    );
  }

  return (
    <AuthShell
      title={T.title}
      subtitle={T.subtitle}
      tone="brand"
      icon={<KeyRound />}
      footer={
        <Link to="/login" className={linkClass}>
          {T.backToLogin}
        </Link>
      }
    >
      <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {formError ? (
          <Alert variant="danger">
            {formError}{' '}
            <Link to={REQUEST_NEW_LINK} className={linkClass}>
              {T.requestNew}
            </Link>
          </Alert>
        ) : null}
        <NewPasswordInputs texts={T} form={form} pending={reset.isPending} />
      </Form>
    </AuthShell>
  );
}
