import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import { Navigate } from 'react-router';
import { profileUpdateBodySchema } from '@trustlinks/contract/users';
import type { CurrentUser } from '@trustlinks/contract/users';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { PendingButton } from '../../../components/ui/pending-button';
import { PersonNameFields } from '../../../components/ui/person-name-fields';
import { serverMessage } from '../../../lib/api-client';
import { CURRENT_USER_FIELDS } from '../../../lib/current-user';
import { updateCurrentUser, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { capitalize, displayName, initials } from '../../../lib/user-display';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { useTwoFactorStatus } from '../api/two-factor';
import { IdentityStatusCard } from '../components/identity-status-card';
import { AccountDataCard } from '../components/account-data-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { PasskeysCard } from '../components/passkeys-card';
import { ReviewerPageCard } from '../components/reviewer-page-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { ENROLMENT_TEXT, PROFILE_TEXT as T } from '../profile-texts';
import { Form } from '../../../components/ui/form';

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
  // The body carries the stored email (the server refuses another); the contract checks the rest.
  const form = useContractForm<Values, typeof profileUpdateBodySchema, Field>({
    initial: () => valuesOf(user),
    schema: profileUpdateBodySchema,
    toInput: (values) => ({ ...values, email: user.email }),
  });
  const profile = useProfile(user.user_id);
  const save = useUpdateProfile();
  // A session that must set up a second factor may call nothing else (docs/decisions/033): it
  // sees why and the two cards that can set one up; the other panels wait for the status, so
  // none of them shows a load error.
  const mfa = useTwoFactorStatus(user.user_id);
  const enrolmentOnly = mfa.data?.enrolment_code_required === true;
  const full = mfa.isError || (mfa.data !== undefined && !enrolmentOnly);
  const [wasEnrolling, setWasEnrolling] = useState(false);
  if (enrolmentOnly && !wasEnrolling) setWasEnrolling(true);

  // The stored user is what the page shows; refresh it when the server knows better (a change
  // from another device), so the header follows too.
  const serverUser = profile.data?.user;
  useEffect(() => {
    if (serverUser && !sameUser(serverUser, user)) updateCurrentUser(serverUser);
  }, [serverUser, user]);

  function startEditing(next: boolean) {
    form.reset(valuesOf(user));
    setEditing(next);
  }

  const handleSubmit = form.onSubmit({
    busy: !editing || save.isPending,
    onValid: (checked) => {
      save.mutate(
        { userId: user.user_id, body: checked.body },
        {
          onSuccess: ({ message }) => {
            setEditing(false);
            toast.success(message || T.saved);
          },
          onError: (error) => {
            const message = serverMessage(error);
            toast.error(T.failed, message && message !== T.failed ? { description: message } : {});
            form.showServerErrors(error);
          },
        },
      );
    },
  });

  /** The binding of a field while editing; the stored value, read-only, while viewing. */
  function field(key: Field) {
    const bound = form.text(key);
    return editing ? bound : { ...bound, value: valuesOf(user)[key] };
  }
  const placeholder = (text: string) => (editing ? text : T.notProvided);
  const pending = save.isPending;

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
      {/* One tree for both states: the two-factor card keeps its place (and the recovery codes
          it shows) when the set-up frees the session. */}
      {enrolmentOnly ? (
        <div className="mt-6" data-testid="enrolment-required">
          <Alert variant="warning" title={ENROLMENT_TEXT.title}>
            <p>{ENROLMENT_TEXT.why}</p>
            <p className="mt-2">{ENROLMENT_TEXT.what}</p>
          </Alert>
        </div>
      ) : (
        <p className="mt-2 text-muted-foreground">{T.subtitle}</p>
      )}
      {wasEnrolling && !enrolmentOnly ? (
        <Alert variant="success" className="mt-6">
          {ENROLMENT_TEXT.done}
        </Alert>
      ) : null}

      {enrolmentOnly ? null : (
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
              <Button
                variant="outline"
                onClick={() => startEditing(true)}
                className="self-start sm:self-center"
              >
                <Pencil aria-hidden="true" />
                {T.edit}
              </Button>
            )}
          </div>

          <Form noValidate onSubmit={handleSubmit} className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
            <PersonNameFields
              labels={T}
              readOnly={!editing}
              firstName={field('first_name')}
              lastName={field('last_name')}
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
              placeholder={placeholder(T.phonePlaceholder)}
              {...field('phone')}
              className="sm:col-span-2"
            />
            <TextAreaField
              label={T.bio}
              name="bio"
              readOnly={!editing}
              placeholder={placeholder(T.bioPlaceholder)}
              {...field('bio')}
              className="sm:col-span-2"
            />
            {editing ? (
              <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => startEditing(false)} disabled={pending}>
                  {T.cancel}
                </Button>
                <PendingButton pending={pending} label={T.save} pendingLabel={T.saving} />
              </div>
            ) : null}
          </Form>
        </Card>
      )}

      <TwoFactorCard userId={user.user_id} />
      {enrolmentOnly ? null : <ChangePasswordCard />}
      <PasskeysCard userId={user.user_id} />
      {full ? (
        <>
          <SessionsCard userId={user.user_id} />
          <IdentityStatusCard viewerId={user.user_id} />
          <ReviewerPageCard userId={user.user_id} />
          {notificationSettings}
          <AccountDataCard />
        </>
      ) : null}
    </Container>
  );
}
