import { useState } from 'react';
import type { FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { MIN_PASSWORD_LENGTH } from '@trustlinks/contract/constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { CHANGE_PASSWORD_TEXT as T } from '../profile-texts';
import { InputField } from './profile-fields';

type Field = 'current' | 'next' | 'confirm';
const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };

/**
 * Change Password on the profile page: asks for the current password (the server refuses a
 * change without it, docs/decisions/010); the forced reset after a temporary password does not.
 */
export function ChangePasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    if (!values.current) found.current = T.currentRequired;
    if (values.next.length < MIN_PASSWORD_LENGTH) found.next = T.tooShort;
    else if (values.next !== values.confirm) found.confirm = T.doNotMatch;
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { current_password: values.current, new_password: values.next },
      {
        onSuccess: ({ message }) => {
          setValues(EMPTY);
          toast.success(message || T.changed);
        },
        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
      },
    );
  }

  const pending = change.isPending;
  return (
    <Card className="mt-8 p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{T.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.subtitle}</p>
      <form noValidate onSubmit={handleSubmit} className="mt-5 grid gap-5 sm:grid-cols-2">
        <InputField
          label={T.currentPassword}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          value={values.current}
          error={errors.current}
          onChange={(e) => update('current', e.target.value)}
          className="sm:col-span-2"
        />
        <InputField
          label={T.newPassword}
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          value={values.next}
          error={errors.next}
          onChange={(e) => update('next', e.target.value)}
        />
        <InputField
          label={T.confirmPassword}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirm}
          error={errors.confirm}
          onChange={(e) => update('confirm', e.target.value)}
        />
        <div className="flex sm:col-span-2 sm:justify-end">
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {pending ? T.submitting : T.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
