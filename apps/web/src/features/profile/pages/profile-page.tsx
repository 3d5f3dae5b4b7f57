import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Pencil from 'lucide-react/icons/pencil';
import { Navigate } from 'react-router';
import { profileUpdateBodySchema } from '@trustlinks/contract/users';
import type { CurrentUser } from '@trustlinks/contract/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { CURRENT_USER_FIELDS } from '../../../lib/current-user';
import { updateCurrentUser, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { capitalize, displayName, initials } from '../../../lib/user-display';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordCard } from '../components/change-password-card';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { fieldErrorsFrom } from '../../../lib/field-errors';
import type { FieldErrors } from '../../../lib/field-errors';
import { PROFILE_TEXT as T } from '../profile-texts';

type Field = 'first_name' | 'last_name' | 'phone' | 'bio';
type Values = Record<Field, string>;

function valuesOf(user: CurrentUser): Values {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone ?? '',
    bio: user.bio ?? '',
  };
}

function sameUser(a: CurrentUser, b: CurrentUser): boolean {
  return CURRENT_USER_FIELDS.every((field) => a[field] === b[field]);
}

/** Profile (docs/product/accounts.md#profile): viewing or editing; not logged in → /login. */
export interface ProfilePageProps {
  /** The notification preferences card, from the notifications feature (app/router.tsx). */
  notificationSettings?: ReactNode;
}

export function ProfilePage({ notificationSettings }: ProfilePageProps) {
  useDocumentTitle(T.title);
  const session = useSession();
  // A session still waiting for its forced password reset can do nothing else (the API answers
  // 403): the login page shows the reset screen.
  if (!session || session.passwordResetRequired) return <Navigate to="/login" replace />;
  return (
    <ProfileView
      key={session.user.user_id}
      user={session.user}
      notificationSettings={notificationSettings}
    />
  );
}

function ProfileView({
  user,
  notificationSettings,
}: {
  user: CurrentUser;
  notificationSettings: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const profile = useProfile(user.user_id);
  const save = useUpdateProfile();

  // The stored user is what the page shows; refresh it when the server knows better (a change
  // from another device), so the header follows too.
  const serverUser = profile.data?.user;
  useEffect(() => {
    if (serverUser && !sameUser(serverUser, user)) updateCurrentUser(serverUser);
  }, [serverUser, user]);

  function handleEdit() {
    setValues(valuesOf(user));
    setErrors({});
    setEditing(true);
  }

  function handleCancel() {
    setValues(valuesOf(user));
    setErrors({});
    setEditing(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing || save.isPending) return;
    const body = { ...values, email: user.email };
    const parsed = profileUpdateBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { userId: user.user_id, body },
      {
        onSuccess: ({ message }) => {
          setEditing(false);
          toast.success(message || T.saved);
        },
        onError: (error) => {
          const message = serverMessage(error);
          toast.error(T.failed, message && message !== T.failed ? { description: message } : {});
          if (error instanceof ApiClientError && error.details) {
            setErrors(fieldErrorsFrom<Field>(error.details));
          }
        },
      },
    );
  }

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  const shown = editing ? values : valuesOf(user);
  const placeholder = (text: string) => (editing ? text : T.notProvided);
  const pending = save.isPending;

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
      <p className="mt-2 text-muted-foreground">{T.subtitle}</p>

      <Card className="mt-8 overflow-hidden">
        <div className="flex flex-col gap-4 border-b border-border bg-muted/40 p-5 sm:flex-row sm:items-center sm:p-6">
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand text-xl font-semibold text-brand-foreground"
          >
            {initials(user)}
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-xl font-semibold">{displayName(user)}</h2>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            <Badge variant="brand" className="mt-2">
              {capitalize(user.role)}
            </Badge>
          </div>
          {editing ? null : (
            <Button variant="outline" onClick={handleEdit} className="self-start sm:self-center">
              <Pencil aria-hidden="true" />
              {T.edit}
            </Button>
          )}
        </div>

        <form noValidate onSubmit={handleSubmit} className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
          <TextField
            label={T.firstName}
            name="first_name"
            autoComplete="given-name"
            readOnly={!editing}
            value={shown.first_name}
            error={errors.first_name}
            onChange={(e) => update('first_name', e.target.value)}
          />
          <TextField
            label={T.lastName}
            name="last_name"
            autoComplete="family-name"
            readOnly={!editing}
            value={shown.last_name}
            error={errors.last_name}
            onChange={(e) => update('last_name', e.target.value)}
          />
          <TextField
            label={T.email}
            name="email"
            type="email"
            readOnly
            value={user.email}
            hint={editing ? T.emailHint : undefined}
            className="sm:col-span-2"
          />
          <TextField
            label={T.phone}
            name="phone"
            type="tel"
            autoComplete="tel"
            readOnly={!editing}
            value={shown.phone}
            placeholder={placeholder(T.phonePlaceholder)}
            error={errors.phone}
            onChange={(e) => update('phone', e.target.value)}
            className="sm:col-span-2"
          />
          <TextAreaField
            label={T.bio}
            name="bio"
            readOnly={!editing}
            value={shown.bio}
            placeholder={placeholder(T.bioPlaceholder)}
            error={errors.bio}
            onChange={(e) => update('bio', e.target.value)}
            className="sm:col-span-2"
          />
          {editing ? (
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={handleCancel} disabled={pending}>
                {T.cancel}
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                {pending ? T.saving : T.save}
              </Button>
            </div>
          ) : null}
        </form>
      </Card>

      <ChangePasswordCard />
      {notificationSettings}
    </Container>
  );
}
