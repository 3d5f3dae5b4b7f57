import { useState } from 'react';
import MailCheck from 'lucide-react/icons/mail-check';
import UserPlus from 'lucide-react/icons/user-plus';
import { Link } from 'react-router';
import { registerBodySchema } from '@trustlinks/contract/users';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { PersonNameFields } from '../../../components/ui/person-name-fields';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { usePostback } from '../../../lib/postback';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRegister } from '../api/register';
import { SIGNUP_TEXT as T } from '../auth-texts';
import { AuthNotice, AuthShell, linkClass } from '../components/form-controls';
import { EmailField } from '../components/email-field';
import { Form } from '../../../components/ui/form';

const EMPTY = { first_name: '', last_name: '', email: '', password: '', confirm: '' };

/**
 * Sign-up (docs/product/accounts.md#sign-up, docs/product/validation.md, docs/product/errors.md):
 * the contract's registerBodySchema checks the fields, then the repeated password must match.
 */
export function SignupPage() {
  useDocumentTitle(T.documentTitle);
  // The sign-up the browser posted itself, as the server answered it (lib/postback.ts).
  const postback = usePostback('signup');
  const form = useContractForm({
    initial: () => ({
      ...EMPTY,
      first_name: postback?.values.first_name ?? '',
      last_name: postback?.values.last_name ?? '',
      email: postback?.values.email ?? '',
    }),
    schema: registerBodySchema,
    toInput: ({ confirm: _confirm, ...body }) => body,
    crossCheck: (v) => (v.password === v.confirm ? {} : { confirm: T.passwordsDoNotMatch }),
  });
  const [formError, setFormError] = useState<string | null>(postback?.error ?? null);
  const [done, setDone] = useState(postback?.done !== undefined);
  const registration = useRegister();

  const handleSubmit = form.onSubmit({
    busy: registration.isPending,
    before: () => setFormError(null),
    onValid: (checked) => {
      registration.mutate(checked.data, {
        onSuccess: () => {
          toast.success(T.success);
          setDone(true);
        },
        onError: (error) => {
          setFormError(serverMessage(error) ?? T.failed);
          form.showServerErrors(error);
        },
      });
    },
  });

  if (done) {
    return (
      <AuthNotice
        title={T.successTitle}
        tone="success"
        icon={<MailCheck />}
        message={<Alert variant="success">{T.success}</Alert>}
        link={{ to: '/login', label: T.goToLogin }}
      />
    );
  }

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
      <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {formError ? <Alert variant="danger">{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonNameFields
            labels={T}
            required
            firstName={form.text('first_name')}
            lastName={form.text('last_name')}
          />
        </div>
        <EmailField label={T.email} {...form.text('email')} />
        <TextField
          label={T.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          {...form.text('password')}
        />
        <TextField
          label={T.confirmPassword}
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          {...form.text('confirm')}
        />
        <PendingButton
          size="lg"
          className="mt-2 w-full"
          pending={registration.isPending}
          label={T.submit}
          pendingLabel={T.submitting}
        />
        <p className="text-center text-sm text-muted-foreground">
          {T.consent.before}{' '}
          <Link to="/terms" className={linkClass}>
            {T.consent.terms}
          </Link>{' '}
          {T.consent.middle}{' '}
          <Link to="/privacy" className={linkClass}>
            {T.consent.privacy}
          </Link>
          {T.consent.after}
        </p>
      </Form>
    </AuthShell>
  );
}
