import type { ForgotPasswordBody } from '@trustlinks/contract/users';
import { USER_MESSAGES } from '@trustlinks/contract/user-messages';
import { useContractForm } from '../../../lib/use-contract-form';

/**
 * The one-address forms (forgot password, resend verification): 'Please enter your email
 * address' when empty (docs/product/validation.md), then the contract's email rule. Both bodies
 * are `{ email }` with the same emailSchema, loaded after the form has painted (the login page
 * shows these forms without zod on its first paint).
 */
export function useEmailForm(initialEmail = '') {
  return useContractForm({
    initial: { email: initialEmail } satisfies ForgotPasswordBody,
    schema: () => import('@trustlinks/contract/users').then((m) => m.forgotPasswordBodySchema),
    toInput: (values) => values,
    precheck: (values) => (values.email.trim() ? {} : { email: USER_MESSAGES.enterEmailVerify }),
  });
}
