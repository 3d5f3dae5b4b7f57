import { useState } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { FORGOT_TEXT as T } from '../auth-texts';
import { EmailField } from './email-field';
import { useEmailForm } from './email-form';
import { Form } from '../../../components/ui/form';
import type { Postback } from '../../../lib/postback';

interface ForgotPasswordFormProps {
  /** What was typed in the login form, to start from. */
  initialEmail: string;
  onBack: () => void;
  /** The request the browser posted itself, as the server answered it (lib/postback.ts). */
  postback?: Postback | null;
}

/**
 * The request form behind 'Forgot password?' (ours, docs/decisions/010). The server answers the
 * same for every address, so the page does too.
 */
export function ForgotPasswordForm({ initialEmail, onBack, postback }: ForgotPasswordFormProps) {
  const form = useEmailForm(initialEmail);
  const [formError, setFormError] = useState<string | null>(postback?.error ?? null);
  const [sent, setSent] = useState<string | null>(postback?.done ?? null);
  const request = useForgotPassword();

  const handleSubmit = form.onSubmit({
    busy: request.isPending,
    before: () => setFormError(null),
    onValid: (checked) => {
      request.mutate(checked.data, {
        onSuccess: ({ message }) => setSent(message || T.sent),
        onError: (error) => setFormError(serverMessage(error) ?? T.failed),
      });
    },
  });

  if (sent) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success" title={T.sentTitle}>
          {sent}
        </Alert>
        <Button variant="outline" className="w-full" onClick={onBack}>
          {T.backToLogin}
        </Button>
      </div>
    );
  }

  return (
    <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {formError ? <Alert variant="danger">{formError}</Alert> : null}
      <EmailField label={T.email} autoFocus {...form.text('email')} />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={request.isPending}>
        {request.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {request.isPending ? T.submitting : T.submit}
      </Button>
      <Button variant="ghost" className="w-full text-muted-foreground" onClick={onBack}>
        {T.backToLogin}
      </Button>
    </Form>
  );
}
