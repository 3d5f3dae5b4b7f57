import type { TextBinding } from '../../../components/ui/form-field';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { PendingButton } from '../../../components/ui/pending-button';
import type { NewPasswordField } from '../../../lib/new-password';

interface NewPasswordInputsProps {
  texts: { newPassword: string; confirmPassword: string; submit: string; submitting: string };
  /** The form of useNewPasswordForm (lib/new-password.ts). */
  form: { text: (field: NewPasswordField) => TextBinding };
  /** The reset is under way: the button spins and waits. */
  pending: boolean;
}

/** The reset screens' new password, typed twice, and their submit button. */
export function NewPasswordInputs({ texts, form, pending }: NewPasswordInputsProps) {
  return (
    <>
      <NewPasswordFields
        labels={texts}
        newPassword={form.text('newPassword')}
        confirm={form.text('confirm')}
      />
      <PendingButton
        size="lg"
        className="mt-2 w-full"
        pending={pending}
        label={texts.submit}
        pendingLabel={texts.submitting}
      />
    </>
  );
}
