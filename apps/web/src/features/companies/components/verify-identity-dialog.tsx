import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { checkIdentityInput } from '@trustlinks/contract/identity';
import type { VerificationMethod, VerifyIdentityResponse } from '@trustlinks/contract/identity';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/form-field';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useVerifyIdentity } from '../api/verify-identity';
import { VERIFY } from '../companies-content';

interface VerifyIdentityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewerId: string;
  onVerified: (response: VerifyIdentityResponse) => void;
}

const METHODS: {
  value: VerificationMethod;
  text: { label: string; fieldLabel: string; placeholder: string };
}[] = [
  { value: 'linkedin', text: VERIFY.linkedin },
  { value: 'business_email', text: VERIFY.businessEmail },
];

/** What to show for a failed verification: the server's own reason for bad input, else SPEC §8. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) {
    return serverMessage(error) ?? VERIFY.failed;
  }
  return VERIFY.failed;
}

/**
 * 'Verify Your Identity' (SPEC §2.11, §5): a LinkedIn profile URL or a business email; Verify is
 * enabled once a method is chosen and its field filled. The same rules as the server's run first.
 */
export function VerifyIdentityDialog({
  open,
  onOpenChange,
  viewerId,
  onVerified,
}: VerifyIdentityDialogProps) {
  const [method, setMethod] = useState<VerificationMethod | null>(null);
  const [values, setValues] = useState({ linkedin: '', business_email: '' });
  const [error, setError] = useState<string | null>(null);
  const mutation = useVerifyIdentity(viewerId);
  const formId = useId();
  const errorId = `${formId}-error`;

  const value = method ? values[method] : '';
  const canSubmit = Boolean(method && value.trim()) && !mutation.isPending;

  function reset() {
    setMethod(null);
    setValues({ linkedin: '', business_email: '' });
    setError(null);
    mutation.reset();
  }

  function handleOpenChange(next: boolean) {
    if (!next && mutation.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!method || !canSubmit) return;
    const body =
      method === 'linkedin'
        ? { verification_method: method, linkedin_profile: values.linkedin }
        : { verification_method: method, business_email: values.business_email };
    const check = checkIdentityInput(body);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    mutation.mutate(body, {
      onSuccess: (response) => {
        reset();
        onVerified(response);
      },
      onError: (err) => setError(failureMessage(err)),
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        title={VERIFY.title}
        description={VERIFY.description}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline" disabled={mutation.isPending}>
                {VERIFY.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} disabled={!canSubmit}>
              {mutation.isPending ? VERIFY.submitting : VERIFY.submit}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{VERIFY.methodLegend}</legend>
            {METHODS.map(({ value: m, text }) => {
              const inputId = `${formId}-${m}`;
              const chosen = method === m;
              return (
                <div
                  key={m}
                  className={cn(
                    'rounded-lg border p-3 transition-colors',
                    chosen ? 'border-brand bg-brand-soft/40' : 'border-border',
                  )}
                >
                  <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
                    <input
                      type="radio"
                      name={`${formId}-method`}
                      value={m}
                      checked={chosen}
                      onChange={() => {
                        setMethod(m);
                        setError(null);
                      }}
                      className="size-4 accent-[var(--brand)]"
                    />
                    {text.label}
                  </label>
                  {chosen ? (
                    <div className="mt-3 flex flex-col gap-1.5">
                      <label htmlFor={inputId} className="text-sm text-muted-foreground">
                        {text.fieldLabel}
                      </label>
                      <input
                        id={inputId}
                        type={m === 'linkedin' ? 'url' : 'email'}
                        required
                        autoFocus
                        autoComplete={m === 'linkedin' ? 'url' : 'email'}
                        inputMode={m === 'linkedin' ? 'url' : 'email'}
                        placeholder={text.placeholder}
                        value={values[m]}
                        maxLength={m === 'linkedin' ? 300 : 254}
                        onChange={(e) => {
                          setValues((v) => ({ ...v, [m]: e.target.value }));
                          setError(null);
                        }}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        className={inputClass}
                      />
                    </div>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          {error ? (
            <div id={errorId}>
              <Alert variant="danger">{error}</Alert>
            </div>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
