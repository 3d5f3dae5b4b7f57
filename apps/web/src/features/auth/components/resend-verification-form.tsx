import { useState } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useResendVerification } from '../api/resend-verification';
import { VERIFY_TEXT as T } from '../auth-texts';
import { EmailField } from './email-field';
import { useEmailForm } from './email-form';
import { Form } from '../../../components/ui/form';

type Result = { kind: 'success' | 'error'; text: string } | null;

/** The resend form of the verification page's error state (docs/product/accounts.md#email-verification, docs/product/validation.md, docs/product/errors.md). */
export function ResendVerificationForm({ className }: { className?: string }) {
  const form = useEmailForm();
  const [result, setResult] = useState<Result>(null);
  const resend = useResendVerification();

  const handleSubmit = form.onSubmit({
    busy: resend.isPending,
    before: () => setResult(null),
    onValid: (checked) => {
      resend.mutate(checked.data.email, {
        onSuccess: () => setResult({ kind: 'success', text: T.resendSuccess }),
        onError: (error) =>
          setResult({ kind: 'error', text: serverMessage(error) ?? T.resendFailed }),
      });
    },
  });

  return (
    <Form noValidate onSubmit={handleSubmit} className={cn('flex flex-col gap-4', className)}>
      <EmailField label={T.email} {...form.text('email')} />
      {result ? (
        <Alert variant={result.kind === 'success' ? 'success' : 'danger'}>{result.text}</Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {resend.isPending ? T.sending : T.resend}
      </Button>
    </Form>
  );
}
