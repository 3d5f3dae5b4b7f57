import { useState } from 'react';
import Monitor from 'lucide-react/icons/monitor';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../api/sessions';
import { SESSIONS_TEXT as T } from '../profile-texts';

/**
 * "Where you're signed in" (docs/decisions/034): the account's active sessions with
 * device, address, first and last seen; sign one out, or all the others.
 */
export function SessionsCard({ userId }: { userId: string }) {
  const sessions = useSessions(userId);
  const signOut = useSignOutSession(userId);
  const signOutOthers = useSignOutOtherSessions(userId);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  const onError = (error: unknown) => toast.error(serverMessage(error) ?? T.failed);
  // Signing every other device out cannot be undone: it asks first.
  const [confirming, setConfirming] = useState(false);

  return (
    <Card id="sessions" className="mt-8 p-5 sm:p-6" data-testid="sessions">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">{T.title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{T.subtitle}</p>
        </div>
        {others > 0 ? (
          <Button
            variant="outline"
            size="sm"
            disabled={signOutOthers.isPending}
            onClick={() => setConfirming(true)}
          >
            {T.signOutOthers}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.confirmTitle(others)}
        description={T.confirmHint}
        confirmLabel={T.confirmSignOut}
        cancelLabel={T.cancel}
        confirmVariant="danger"
        onConfirm={() =>
          signOutOthers.mutate(undefined, {
            onSuccess: ({ message }) => toast.success(message),
            onError,
          })
        }
      />
      {sessions.isPending ? (
        <p className="mt-4 text-sm text-muted-foreground">{T.loading}</p>
      ) : sessions.isError ? (
        <p className="mt-4 text-sm text-danger">{T.loadFailed}</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {list.map((s) => (
            <li
              key={s.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="session"
            >
              <div className="flex min-w-0 items-start gap-3">
                <Monitor
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {s.device ?? T.unknownDevice}
                    {s.current ? <Badge variant="success">{T.thisDevice}</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {s.address ?? T.unknownAddress} · {T.signedIn} {formatDateTime(s.created_at)} ·{' '}
                    {T.lastActive} {formatDateTime(s.last_seen_at)}
                  </p>
                </div>
              </div>
              {s.current ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={signOut.isPending}
                  onClick={() =>
                    signOut.mutate(s.id, {
                      onSuccess: ({ message }) => toast.success(message),
                      onError,
                    })
                  }
                >
                  {T.signOut}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
