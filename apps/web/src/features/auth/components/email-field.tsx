import { TextField } from '../../../components/ui/form-field';
import type { TextFieldProps } from '../../../components/ui/form-field';

/** An email address field (the login form and the one-address forms of email-form.ts). */
export function EmailField(props: Omit<TextFieldProps, 'name' | 'type'>) {
  return <TextField name="email" type="email" autoComplete="email" required {...props} />;
}
