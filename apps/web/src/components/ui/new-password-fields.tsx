import { TextField } from './form-field';
import type { TextBinding } from './form-field';

interface NewPasswordFieldsProps {
  labels: { newPassword: string; confirmPassword: string };
  /** The two bindings of useContractForm's `text` (lib/new-password.ts). */
  newPassword: TextBinding;
  confirm: TextBinding;
}

/** 'New Password' and its confirmation, as the reset screens and Change Password ask them. */
export function NewPasswordFields({ labels, newPassword, confirm }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={labels.newPassword}
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        {...newPassword}
      />
      <TextField
        label={labels.confirmPassword}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        {...confirm}
      />
    </>
  );
}
