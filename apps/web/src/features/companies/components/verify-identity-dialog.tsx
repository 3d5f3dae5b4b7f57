import { useId, useState } from 'react';
import {
  checkIdentityInput,
  confirmIdentityBodySchema,
  IDENTITY_CODE,
  verifyIdentityBodySchema,
} from '@trustlinks/contract/identity';
import type {
  VerificationMethod,
  VerificationStatus,
  VerifyIdentityBody,
  VerifyIdentityResponse,
} from '@trustlinks/contract/identity';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/form-field';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useContractForm } from '../../../lib/use-contract-form';
import { useConfirmIdentity } from '../api/confirm-identity';
import { useVerifyIdentity } from '../api/verify-identity';
import { VERIFY } from '../companies-content';
import { Form } from '../../../components/ui/form';

interface VerifyIdentityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewerId: string;
  /** The caller's status: a code already waiting opens the code step; a review shows a note. */
  status: VerificationStatus | undefined;
  /** Identity verified (the business-email code was right). */
  onVerified: (response: VerifyIdentityResponse) => void;
  /** A LinkedIn profile went to review: access stays limited until an admin approves it. */
  onSubmitted: (response: VerifyIdentityResponse) => void;
}

interface MethodValues {
  method: VerificationMethod | null;
  linkedin: string;
  business_email: string;
}

const NO_METHOD: MethodValues = { method: null, linkedin: '', business_email: '' };

/** The body of the chosen method (the form submits only once one is chosen). */
function identityBody(v: MethodValues): VerifyIdentityBody {
  return v.method === 'linkedin'
    ? { verification_method: 'linkedin', linkedin_profile: v.linkedin }
    : { verification_method: 'business_email', business_email: v.business_email };
}

/** Every message of the method step is shown in one alert under the fields. */
const ALL_AS_VALUE = {
  verification_method: 'value',
  linkedin_profile: 'value',
  business_email: 'value',
} as const;

const METHODS: {
  value: VerificationMethod;
  text: { label: string; fieldLabel: string; placeholder: string };
}[] = [
  { value: 'linkedin', text: VERIFY.linkedin },
  { value: 'business_email', text: VERIFY.businessEmail },
];

/** What to show for a failed verification: the server's own reason for bad input, else docs/product/errors.md. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) {
    return serverMessage(error) ?? VERIFY.failed;
  }
  return VERIFY.failed;
}

/**
 * 'Verify Your Identity' (docs/product/companies.md, docs/product/validation.md): a LinkedIn profile URL or a business email; Verify is
 * enabled once a method is chosen and its field filled. The same rules as the server's run first.
 * Ours (docs/decisions/013): a business email is proven by the 6-digit code mailed to it (the code step);
 * a LinkedIn profile goes to an admin's review, and the dialog closes with that news.
 */
export function VerifyIdentityDialog({
  open,
  onOpenChange,
  viewerId,
  status,
  onVerified,
  onSubmitted,
}: VerifyIdentityDialogProps) {
  // The contract's body schema, then the server's own rule of the chosen field.
  const form = useContractForm<MethodValues, typeof verifyIdentityBodySchema, 'value'>({
    initial: NO_METHOD,
    schema: verifyIdentityBodySchema,
    toInput: identityBody,
    fieldOf: ALL_AS_VALUE,
    crossCheck: (v) => {
      const check = checkIdentityInput(identityBody(v));
      return check.ok ? {} : { value: check.message };
    },
  });
  const { method } = form.values;
  const [sendError, setSendError] = useState<string | null>(null);
  const error = form.errors.value ?? sendError;
  const setError = (message: string | null) => {
    form.setErrors({});
    setSendError(message);
  };
  /** The address of the code step; undefined: follow the status (a code already waiting). */
  const [codeFor, setCodeFor] = useState<string | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const mutation = useVerifyIdentity(viewerId);
  const formId = useId();
  const errorId = `${formId}-error`;

  const waitingCodeFor = status?.state === 'code_sent' ? status.claim_value : null;
  const activeCodeFor = codeFor === undefined ? waitingCodeFor : codeFor;

  const value = method ? form.values[method] : '';
  const canSubmit = Boolean(method && value.trim()) && !mutation.isPending;

  function reset() {
    form.reset(NO_METHOD);
    setSendError(null);
    setCodeFor(undefined);
    setNotice(null);
    mutation.reset();
  }

  function handleOpenChange(next: boolean) {
    if (!next && mutation.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function handleStarted(response: VerifyIdentityResponse) {
    const { data } = response;
    if (data.state === 'code_sent' && data.claim_value) {
      setError(null);
      setCodeFor(data.claim_value);
      setNotice(response.message);
      mutation.reset();
      return;
    }
    reset();
    if (data.identity_verified) onVerified(response);
    else onSubmitted(response);
  }

  const handleSubmit = form.onSubmit({
    busy: !canSubmit,
    before: () => setSendError(null),
    onValid: (checked) => {
      mutation.mutate(checked.body, {
        onSuccess: handleStarted,
        onError: (err) => setError(failureMessage(err)),
      });
    },
  });

  if (activeCodeFor) {
    return (
      <Dialog open={open} onOpenChange={handleOpenChange}>
        <CodeStep
          viewerId={viewerId}
          address={activeCodeFor}
          notice={notice ?? VERIFY.codeSentTo(activeCodeFor)}
          onNotice={setNotice}
          // A refused code may end the code (the status then reads 'none'): stay on this step,
          // with its message and 'Send a new code'.
          onRefused={() => setCodeFor(activeCodeFor)}
          onOtherMethod={() => {
            setCodeFor(null);
            setNotice(null);
          }}
          onVerified={(response) => {
            reset();
            onVerified(response);
          }}
        />
      </Dialog>
    );
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
        <Form id={formId} onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          {status?.state === 'pending_review' ? (
            <Alert variant="info">{VERIFY.pendingReview}</Alert>
          ) : null}
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
                        form.set('method', m);
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
                        value={form.values[m]}
                        maxLength={m === 'linkedin' ? 300 : 254}
                        onChange={(e) => {
                          form.set(m, e.target.value);
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
        </Form>
      </DialogContent>
    </Dialog>
  );
}

interface CodeStepProps {
  viewerId: string;
  address: string;
  notice: string;
  onNotice: (notice: string) => void;
  onRefused: () => void;
  onOtherMethod: () => void;
  onVerified: (response: VerifyIdentityResponse) => void;
}

/** The code step: the code from the mail, a new code, or back to the methods. */
function CodeStep({
  viewerId,
  address,
  notice,
  onNotice,
  onRefused,
  onOtherMethod,
  onVerified,
}: CodeStepProps) {
  const form = useContractForm({
    initial: { code: '' },
    schema: confirmIdentityBodySchema,
    toInput: (v) => v,
  });
  const { code } = form.values;
  const [sendError, setSendError] = useState<string | null>(null);
  const error = form.errors.code ?? sendError;
  const setError = (message: string | null) => {
    form.setErrors({});
    setSendError(message);
  };
  const confirm = useConfirmIdentity(viewerId);
  const resend = useVerifyIdentity(viewerId);
  const formId = useId();
  const inputId = `${formId}-code`;
  const errorId = `${formId}-error`;
  const busy = confirm.isPending || resend.isPending;
  const canSubmit = confirmIdentityBodySchema.safeParse({ code }).success && !busy;

  // The contract's rule: the 6 digits of the mail ('Please enter the 6-digit code…').
  const handleSubmit = form.onSubmit({
    busy,
    before: () => setSendError(null),
    onValid: (checked) => {
      confirm.mutate(checked.body, {
        onSuccess: onVerified,
        onError: (err) => {
          onRefused();
          setError(failureMessage(err));
        },
      });
    },
  });

  function handleResend() {
    setError(null);
    resend.mutate(
      { verification_method: 'business_email', business_email: address },
      {
        onSuccess: () => {
          form.set('code', '');
          onNotice(VERIFY.resent(address));
        },
        onError: (err) => setError(failureMessage(err)),
      },
    );
  }

  return (
    <DialogContent
      title={VERIFY.title}
      description={VERIFY.codeDescription}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              {VERIFY.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={!canSubmit}>
            {confirm.isPending ? VERIFY.submitting : VERIFY.submit}
          </Button>
        </>
      }
    >
      <Form id={formId} onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <Alert variant="info">{notice}</Alert>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            {VERIFY.codeLabel}
          </label>
          <input
            id={inputId}
            type="text"
            required
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={IDENTITY_CODE.length}
            placeholder={VERIFY.codePlaceholder}
            value={code}
            onChange={(e) => {
              form.set('code', e.target.value.replace(/\D/g, '').slice(0, IDENTITY_CODE.length));
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={cn(inputClass, 'max-w-40 font-mono text-lg tracking-[0.3em]')}
          />
        </div>
        {error ? (
          <div id={errorId}>
            <Alert variant="danger">{error}</Alert>
          </div>
        ) : null}
        <div className="-ml-3 flex flex-wrap gap-1">
          <Button type="button" variant="ghost" size="sm" onClick={handleResend} disabled={busy}>
            {resend.isPending ? VERIFY.resending : VERIFY.resend}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onOtherMethod} disabled={busy}>
            {VERIFY.otherMethod}
          </Button>
        </div>
      </Form>
    </DialogContent>
  );
}
