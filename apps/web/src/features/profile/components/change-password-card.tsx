import LoaderCircle from 'lucide-react/icons/loader-circle';
import { resetPasswordBodySchema, USER_MESSAGES } from '@trustlinks/contract/users';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { serverMessage } from '../../../lib/api-client';
import {
  confirmMatches,
  EMPTY_NEW_PASSWORD,
  NEW_PASSWORD_FIELD_OF,
  type NewPasswordValues,
} from '../../../lib/new-password';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useChangePassword } from '../api/change-password';
import { CHANGE_PASSWORD_TEXT as T } from '../profile-texts';
import { Form } from '../../../components/ui/form';

const EMPTY = { current: '', ...EMPTY_NEW_PASSWORD };

/** The contract's body, with the current password required (the server asks it outside a forced reset). */
const changePasswordSchema = resetPasswordBodySchema.extend({
  current_password: z
    .string({ error: USER_MESSAGES.currentPasswordRequired })
    .min(1, USER_MESSAGES.currentPasswordRequired)
    .pipe(resetPasswordBodySchema.shape.current_password.unwrap()),
});

/**
 * Change Password on the profile page: asks for the current password (the server refuses a
 * change without it, docs/decisions/010); the forced reset after a temporary password does not.
 */
export function ChangePasswordCard() {
  const form = useContractForm<
    typeof EMPTY,
    typeof changePasswordSchema,
    'current' | keyof NewPasswordValues
  >({
    initial: EMPTY,
    schema: changePasswordSchema,
    toInput: (v) => ({ current_password: v.current, new_password: v.newPassword }),
    fieldOf: { ...NEW_PASSWORD_FIELD_OF, current_password: 'current' },
    crossCheck: confirmMatches,
  });
  const change = useChangePassword();

  const handleSubmit = form.onSubmit({
    busy: change.isPending,
    onValid: (checked) => {
      change.mutate(checked.body, {
        onSuccess: ({ message }) => {
          form.reset(EMPTY);
          toast.success(message || T.changed);
        },
        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
      });
    },
  });

  const pending = change.isPending;
  return (
    <Card className="mt-8 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{T.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.subtitle}</p>
      <Form noValidate onSubmit={handleSubmit} className="mt-5 grid gap-5 sm:grid-cols-2">
        <TextField
          label={T.currentPassword}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          className="sm:col-span-2"
          {...form.text('current')}
        />
        <NewPasswordFields
          labels={T}
          newPassword={form.text('newPassword')}
          confirm={form.text('confirm')}
        />
        <div className="flex sm:col-span-2 sm:justify-end">
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {pending ? T.submitting : T.submit}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
