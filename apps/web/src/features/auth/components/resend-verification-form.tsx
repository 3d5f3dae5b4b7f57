import { useState } from 'react';
import type { FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { resendVerificationBodySchema } from '@trustlinks/contract/users';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useResendVerification } from '../api/resend-verification';
import { VERIFY_TEXT as T } from '../auth-texts';
import { Alert, TextField } from './form-controls';

type Result = { kind: 'success' | 'error'; text: string } | null;

/** The resend form of the verification page's error state (docs/product/accounts.md#email-verification, docs/product/validation.md, docs/product/errors.md). */
export function ResendVerificationForm({ className }: { className?: string }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [result, setResult] = useState<Result>(null);
  const resend = useResendVerification();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resend.isPending) return;
    setResult(null);
    if (!email.trim()) {
      setFieldError(T.enterEmail);
      return;
    }
    const parsed = resendVerificationBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? T.enterEmail);
      return;
    }
    setFieldError(undefined);
    resend.mutate(parsed.data.email, {
      onSuccess: () => setResult({ kind: 'success', text: T.resendSuccess }),
      onError: (error) =>
        setResult({ kind: 'error', text: serverMessage(error) ?? T.resendFailed }),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className={cn('flex flex-col gap-4', className)}>
      <TextField
        label={T.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        error={fieldError}
        onChange={(e) => {
          setEmail(e.target.value);
          setFieldError(undefined);
        }}
      />
      {result ? (
        <Alert variant={result.kind === 'success' ? 'success' : 'danger'}>{result.text}</Alert>
      ) : null}
      <Button type="submit" className="w-full" disabled={resend.isPending}>
        {resend.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {resend.isPending ? T.sending : T.resend}
      </Button>
    </form>
  );
}
