import { useState } from 'react';
import type { FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import MailCheck from 'lucide-react/icons/mail-check';
import UserPlus from 'lucide-react/icons/user-plus';
import { Link } from 'react-router';
import { registerBodySchema } from '@trustlinks/contract/users';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRegister } from '../api/register';
import { SIGNUP_TEXT as T } from '../auth-texts';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/form-field';
import { AuthShell, linkClass } from '../components/form-controls';
import { fieldErrorsFrom } from '../../../lib/field-errors';
import type { FieldErrors } from '../../../lib/field-errors';

type Field = 'first_name' | 'last_name' | 'email' | 'password' | 'confirm';

const EMPTY = { first_name: '', last_name: '', email: '', password: '', confirm: '' };

/** Sign-up (docs/product/accounts.md#sign-up, docs/product/validation.md, docs/product/errors.md). */
export function SignupPage() {
  useDocumentTitle('Sign Up');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const registration = useRegister();

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registration.isPending) return;
    setFormError(null);

    const parsed = registerBodySchema.safeParse(values);
    const found: FieldErrors<Field> = parsed.success
      ? {}
      : fieldErrorsFrom<Field>(parsed.error.issues);
    if (values.password !== values.confirm) found.confirm = T.passwordsDoNotMatch;
    if (!parsed.success || found.confirm) {
      setErrors(found);
      return;
    }
    setErrors({});
    registration.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(T.success);
        setDone(true);
      },
      onError: (error) => {
        setFormError(serverMessage(error) ?? T.failed);
        setErrors(
          fieldErrorsFrom<Field>(error instanceof ApiClientError ? (error.details ?? []) : []),
        );
      },
    });
  }

  if (done) {
    return (
      <AuthShell title={T.successTitle} tone="success" icon={<MailCheck />}>
        <Alert variant="success">{T.success}</Alert>
        <Link to="/login" className={buttonClasses({ className: 'mt-6 w-full' })}>
          {T.goToLogin}
        </Link>
      </AuthShell>
    );
  }

  const pending = registration.isPending;
  return (
    <AuthShell
      title={T.title}
      subtitle={T.subtitle}
      tone="brand"
      icon={<UserPlus />}
      footer={
        <>
          {T.haveAccount}{' '}
          <Link to="/login" className={linkClass}>
            {T.logIn}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {formError ? <Alert variant="danger">{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={T.firstName}
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            error={errors.first_name}
            onChange={(e) => update('first_name', e.target.value)}
          />
          <TextField
            label={T.lastName}
            name="last_name"
            autoComplete="family-name"
            required
            value={values.last_name}
            error={errors.last_name}
            onChange={(e) => update('last_name', e.target.value)}
          />
        </div>
        <TextField
          label={T.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => update('email', e.target.value)}
        />
        <TextField
          label={T.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(e) => update('password', e.target.value)}
        />
        <TextField
          label={T.confirmPassword}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirm}
          error={errors.confirm}
          onChange={(e) => update('confirm', e.target.value)}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={pending}>
          {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {pending ? T.submitting : T.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
