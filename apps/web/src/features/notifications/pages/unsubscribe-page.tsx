import { useEffect, useRef } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Link, useSearchParams } from 'react-router';
import { NOTIFICATION_TYPES, type NotificationType } from '@trustlinks/contract/notifications';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { serverMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsubscribe } from '../api/unsubscribe';
import { UNSUBSCRIBE_TEXT as T } from '../notifications-texts';

function isType(value: string | null): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * /unsubscribe?token=…&type=…: the one-click link of every notification mail (docs/decisions/014). It
 * unsubscribes on arrival, no login; mail scanners that only fetch the page run no script, so
 * they cannot unsubscribe anybody.
 */
export function UnsubscribePage() {
  useDocumentTitle(T.documentTitle);
  const [params] = useSearchParams();
  const token = params.get('token');
  const type = params.get('type');
  const valid = Boolean(token) && isType(type);
  const unsubscribe = useUnsubscribe();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token || !isType(type)) return;
    started.current = true;
    unsubscribe.mutate({ token, type });
  }, [token, type, unsubscribe]);

  const done = unsubscribe.isSuccess;
  const failed = !valid || unsubscribe.isError;
  return (
    <Container className="flex justify-center py-16">
      <Card className="w-full max-w-lg p-8 text-center">
        {failed ? (
          <>
            <CircleX aria-hidden="true" className="mx-auto size-10 text-danger" />
            <h1 className="mt-4 text-2xl font-semibold">{T.failedTitle}</h1>
            <p className="mt-2 text-muted-foreground">
              {!valid ? T.missing : (serverMessage(unsubscribe.error) ?? T.failed)}
            </p>
          </>
        ) : done ? (
          <>
            <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
            <h1 className="mt-4 text-2xl font-semibold">{T.doneTitle}</h1>
            <p className="mt-2 text-muted-foreground">{unsubscribe.data.message}</p>
          </>
        ) : (
          <>
            <LoaderCircle aria-hidden="true" className="mx-auto size-10 animate-spin text-brand" />
            <h1 className="mt-4 text-2xl font-semibold">{T.working}</h1>
          </>
        )}
        <Link to="/profile" className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
          {T.manage}
        </Link>
      </Card>
    </Container>
  );
}
