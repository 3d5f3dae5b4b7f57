import { ThreadButton } from '../../../components/threads/thread-button';
import { useState } from 'react';
import Copy from 'lucide-react/icons/copy';
import Undo2 from 'lucide-react/icons/undo-2';
import { Link } from 'react-router';
import type { Application } from '@trustlinks/contract/applications';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { formatDate } from '../../../lib/format-date';
import { entityPath, offerPath } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useDecideApplication } from '../api/decide-application';
import { useApplications } from '../api/get-applications';
import { APPLICATIONS_TEXT as T } from '../dashboards-texts';
import { ApplicationCard, Detail } from './application-parts';
import { failureMessage } from './dashboard-parts';
import { ApplicationList, useApplicationFilter } from './application-list';
import { CapLeft } from './cap-left';

/**
 * The applications the caller's entity made (docs/decisions/014): status, the owner's note, and once
 * approved the tracking link with this application's own clicks, conversions and EPC.
 */
export function MyApplicationsTab() {
  const filter = useApplicationFilter(undefined);
  const [withdrawing, setWithdrawing] = useState<Application | null>(null);
  const query = useApplications({ kind: 'mine', status: filter.filter }, filter.page);
  const decide = useDecideApplication();

  function handleWithdraw(app: Application) {
    decide.mutate(
      { applicationId: app.application_id, status: 'withdrawn' },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(failureMessage(error, T.decideFailed)),
      },
    );
  }

  return (
    <ApplicationList
      filter={filter}
      query={query}
      empty={{ title: T.emptyMine, hint: T.emptyMineHint }}
      renderCard={(app) => (
        <>
          <MyApplicationCard
            app={app}
            busy={decide.isPending}
            onWithdraw={() => setWithdrawing(app)}
          />
          <div className="mt-2">
            <ThreadButton kind="application" id={app.application_id} title={app.offer_title} />
          </div>
        </>
      )}
    >
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => (open ? undefined : setWithdrawing(null))}
        title={T.withdrawTitle}
        description={T.withdrawBody}
        confirmLabel={T.withdraw}
        cancelLabel={T.cancel}
        confirmVariant="danger"
        onConfirm={() => {
          if (withdrawing) handleWithdraw(withdrawing);
          setWithdrawing(null);
        }}
      />
    </ApplicationList>
  );
}

function TrackingLink({ url }: { url: string }) {
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-lg bg-muted p-3">
      <span className="text-sm font-medium">{T.trackingLink}</span>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="min-w-0 flex-1 font-mono text-xs break-all text-brand underline-offset-4 hover:underline"
          data-testid="tracking-link"
        >
          {url}
        </a>
        <Button variant="outline" size="sm" onClick={() => void handleCopy()}>
          <Copy aria-hidden="true" />
          {T.copy}
        </Button>
      </div>
    </div>
  );
}

function MyApplicationCard({
  app,
  busy,
  onWithdraw,
}: {
  app: Application;
  busy: boolean;
  onWithdraw: () => void;
}) {
  return (
    <ApplicationCard
      app={app}
      title={{ to: offerPath(app.offer_slug), text: app.offer_title }}
      byline={
        <span className="ml-1.5 text-sm font-normal text-muted-foreground">
          {T.by}{' '}
          <Link
            to={entityPath(app.offer_entity_slug)}
            className="underline-offset-4 hover:underline"
          >
            {app.offer_entity_name}
          </Link>
        </span>
      }
      details={
        <>
          <Detail label={T.applied}>{formatDate(app.created_at)}</Detail>
          {app.decided_at ? <Detail label={T.decided}>{formatDate(app.decided_at)}</Detail> : null}
        </>
      }
      extra={
        app.tracking_url ? (
          <>
            <TrackingLink url={app.tracking_url} />
            <CapLeft cap={app.cap_left} />
          </>
        ) : null
      }
      pendingActions={
        <div className="mt-auto pt-1">
          <Button variant="outline" size="sm" disabled={busy} onClick={onWithdraw}>
            <Undo2 aria-hidden="true" />
            {T.withdraw}
          </Button>
        </div>
      }
    />
  );
}
