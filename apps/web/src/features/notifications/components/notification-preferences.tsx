import { useState } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import {
  NOTIFICATION_TYPE_LABELS,
  notificationTypesFor,
  type NotificationType,
} from '@trustlinks/contract/notifications';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { checkboxClass } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import { PREFERENCES_TEXT as T } from '../notifications-texts';

/**
 * /profile's notification preferences (docs/decisions/014): every event shows in the app; per event type,
 * also by email or not. Composed into the profile page by app/router.tsx.
 */
export function NotificationPreferences() {
  const query = useNotificationPreferences();
  return (
    <Card className="mt-8 p-6">
      <h2 className="text-lg font-semibold">{T.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{T.description}</p>
      {query.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted-foreground">
          {T.loading}
        </p>
      ) : query.isError ? (
        <Alert variant="danger" className="mt-4">
          {serverMessage(query.error) ?? T.loadFailed}
        </Alert>
      ) : (
        <PreferencesForm initial={query.data.email} />
      )}
    </Card>
  );
}

function PreferencesForm({ initial }: { initial: NotificationType[] }) {
  // Only the events this account can receive (docs/decisions/027); the server keeps the others as they are.
  const role = useSession()?.user.role ?? 'user';
  const types = notificationTypesFor(role);
  const [email, setEmail] = useState<Set<NotificationType>>(() => new Set(initial));
  const save = useUpdateNotificationPreferences();
  const changed = email.size !== initial.length || initial.some((type) => !email.has(type));

  function toggle(type: NotificationType) {
    setEmail((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  }

  function handleSave() {
    save.mutate(
      types.filter((t) => email.has(t)),
      {
        onSuccess: (data) => toast.success(data.message),
        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
      },
    );
  }

  return (
    <div className="mt-4 flex flex-col gap-4">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {T.event}
            </th>
            <th scope="col" className="px-3 py-2 text-center font-medium">
              {T.inApp}
            </th>
            <th scope="col" className="py-2 pl-3 text-center font-medium">
              {T.email}
            </th>
          </tr>
        </thead>
        <tbody>
          {types.map((type) => (
            <tr key={type} className="border-b border-border last:border-0">
              <th scope="row" className="py-2.5 pr-3 text-left font-normal">
                {NOTIFICATION_TYPE_LABELS[type]}
              </th>
              <td className="px-3 py-2.5 text-center text-muted-foreground">{T.always}</td>
              <td className="py-2.5 pl-3 text-center">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={email.has(type)}
                  onChange={() => toggle(type)}
                  aria-label={T.emailFor(NOTIFICATION_TYPE_LABELS[type])}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex justify-end">
        <Button onClick={handleSave} disabled={!changed || save.isPending}>
          {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {save.isPending ? T.saving : T.save}
        </Button>
      </div>
    </div>
  );
}
