import LoaderCircle from 'lucide-react/icons/loader-circle';
import MailWarning from 'lucide-react/icons/mail-warning';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../api/resend-verification';
import { LOGIN_TEXT as T } from '../auth-texts';

/**
 * The yellow box shown when login fails for an unverified address (docs/product/accounts.md#login); resends the
 * verification mail to the address typed in the login form.
 */
export function VerificationRequiredBox({ email }: { email: string }) {
  const resend = useResendVerification();

  function handleResend() {
    const address = email.trim();
    if (!address) {
      toast.error(T.enterEmailFirst);
      return;
    }
    resend.mutate(address, {
      onSuccess: () => toast.success(T.resendSuccess),
      onError: (error) => toast.error(serverMessage(error) ?? T.resendFailed),
    });
  }

  return (
    <section
      aria-labelledby="verification-required-title"
      className="rounded-lg border border-warning/40 bg-warning-soft p-4 text-warning-soft-foreground"
    >
      <div className="flex gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <h2 id="verification-required-title" className="text-sm font-semibold">
            {T.verificationTitle}
          </h2>
          <p className="mt-1 text-sm">{T.verificationBody}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3 border-warning/50 bg-transparent text-warning-soft-foreground hover:bg-warning/10"
            disabled={resend.isPending}
            onClick={handleResend}
          >
            {resend.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {resend.isPending ? T.sending : T.resend}
          </Button>
        </div>
      </div>
    </section>
  );
}
