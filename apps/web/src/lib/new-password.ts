import { USER_MESSAGES } from '@trustlinks/contract/user-messages';
import type { z } from 'zod';
import type { FieldErrors } from './field-errors';
import { useContractForm } from './use-contract-form';

/** A new password typed twice: the reset screens and Change Password share these two fields. */
export interface NewPasswordValues {
  newPassword: string;
  confirm: string;
}

export type NewPasswordField = keyof NewPasswordValues;

export const EMPTY_NEW_PASSWORD: NewPasswordValues = { newPassword: '', confirm: '' };

/** The body's new_password is the form's newPassword (its rule is the contract's newPasswordSchema). */
export const NEW_PASSWORD_FIELD_OF = { new_password: 'newPassword' } as const;

/** The repeat must match (docs/product/validation.md#reset-password): a crossCheck of useContractForm. */
export function confirmMatches(values: NewPasswordValues): FieldErrors<NewPasswordField> {
  return values.newPassword === values.confirm
    ? {}
    : { confirm: USER_MESSAGES.newPasswordsDoNotMatch };
}

/**
 * useContractForm for a form that is only the two fields: `toInput` makes the body of the
 * contract's `schema` from the new password. `F` names any further field a body error may name.
 */
export function useNewPasswordForm<S extends z.ZodType, F extends string = NewPasswordField>(
  schema: S | (() => Promise<S>),
  toInput: (newPassword: string) => z.input<S>,
) {
  return useContractForm<NewPasswordValues, S, NewPasswordField | F>({
    initial: EMPTY_NEW_PASSWORD,
    schema,
    toInput: (values) => toInput(values.newPassword),
    fieldOf: NEW_PASSWORD_FIELD_OF,
    // A message of the two fields is one of NewPasswordField | F.
    crossCheck: (values) => confirmMatches(values) as FieldErrors<NewPasswordField | F>,
  });
}
