import { forgotPasswordBodySchema, USER_MESSAGES } from '@trustlinks/contract/users';
import { TextField } from '../../../components/ui/form-field';
import type { TextFieldProps } from '../../../components/ui/form-field';
import { useContractForm } from '../../../lib/use-contract-form';

/**
 * The one-address forms (forgot password, resend verification): 'Please enter your email
 * address' when empty (docs/product/validation.md), then the contract's email rule. Both bodies
 * are `{ email }` with the same emailSchema.
 */
export function useEmailForm(initialEmail = '') {
  return useContractForm({
    initial: { email: initialEmail },
    schema: forgotPasswordBodySchema,
    toInput: (values) => values,
    precheck: (values) => (values.email.trim() ? {} : { email: USER_MESSAGES.enterEmailVerify }),
  });
}

export function EmailField(props: Omit<TextFieldProps, 'name' | 'type'>) {
  return <TextField name="email" type="email" autoComplete="email" required {...props} />;
}
