import { ThreadButton } from '../../../components/threads/thread-button';
import { InviteToReviewButton } from './invite-to-review-button';
import { useState } from 'react';
import Ban from 'lucide-react/icons/ban';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import Check from 'lucide-react/icons/check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import X from 'lucide-react/icons/x';
import { Link } from 'react-router';
import { APPLICATION_MESSAGES, type Application } from '@trustlinks/contract/applications';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { TrustLine } from '../../../components/ui/trust-line';
import { formatDate } from '../../../lib/format-date';
import { entityPath, offerPath } from '../../../lib/paths';
import { useDecideApplication } from '../api/decide-application';
import { useApplications } from '../api/get-applications';
import { APPLICATIONS_TEXT as T, OFFER_DETAILS_TEXT } from '../dashboards-texts';
import { ApplicationCard, Detail } from './application-parts';
import { DIALOG_CLOSE_LABEL, failureMessage, toastAndClose } from './dashboard-parts';
import { ApplicationList, useApplicationFilter } from './application-list';
import { SetPayoutDialog } from './set-payout-dialog';
import { DEAL_TEXT } from '../../../components/deals/deal-texts';

/** What the owner does to an application: decide a pending one, or revoke an approved one. */
type Verdict = 'approved' | 'rejected' | 'revoked';

/**
 * The applications an owner received (docs/decisions/014): to all of its offers, or to one (`offerId`),
 * with the applicant's TrustScore and message, Approve / Reject for pending ones and Revoke (with
 * a note) for approved ones (docs/decisions/025).
 */
export function ReceivedApplications({ offerId }: { offerId?: string }) {
  const filter = useApplicationFilter(offerId ? undefined : 'pending');
  const [deciding, setDeciding] = useState<{ app: Application; verdict: Verdict } | null>(null);
  const [settingPayout, setSettingPayout] = useState<Application | null>(null);
  const status = filter.filter;
  const query = useApplications(
    offerId ? { kind: 'offer', offerId, status } : { kind: 'received', status },
    filter.page,
  );

  return (
    <ApplicationList
      filter={filter}
      query={query}
      empty={{ title: T.emptyReceived, hint: T.emptyReceivedHint }}
      renderCard={(app) => (
        <>
          <ReceivedApplicationCard
            app={app}
            showOffer={!offerId}
            onDecide={(verdict) => setDeciding({ app, verdict })}
            onSetPayout={() => setSettingPayout(app)}
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <ThreadButton kind="application" id={app.application_id} title={app.offer_title} />
            {app.status === 'approved' ? (
              <InviteToReviewButton
                entityId={app.offer_entity_id}
                applicationId={app.application_id}
                partner={app.applicant_name}
              />
            ) : null}
          </div>
        </>
      )}
    >
      <DecisionDialog decision={deciding} onClose={() => setDeciding(null)} />
      <SetPayoutDialog app={settingPayout} onClose={() => setSettingPayout(null)} />
    </ApplicationList>
  );
}

function ReceivedApplicationCard({
  app,
  showOffer,
  onDecide,
  onSetPayout,
}: {
  app: Application;
  showOffer: boolean;
  onDecide: (verdict: Verdict) => void;
  /** The owner's payout for this partner (docs/decisions/048). */
  onSetPayout: () => void;
}) {
  return (
    <ApplicationCard
      app={app}
      badges={<Badge variant="outline">{T.typeLabels[app.applicant_type]}</Badge>}
      title={{
        to: entityPath(app.applicant_entity_slug),
        text: app.applicant_name,
      }}
      details={
        <>
          <Detail label={T.trustScore}>
            <TrustLine trust={app.applicant_trust} />
          </Detail>
          {app.traffic_sources ? (
            <Detail label={T.trafficSources}>
              <span className="whitespace-pre-line">{app.traffic_sources}</span>
            </Detail>
          ) : null}
          {showOffer ? (
            <Detail label={T.toOffer}>
              <Link
                to={offerPath(app.offer_slug)}
                className="font-medium text-brand underline-offset-4 hover:underline"
              >
                {app.offer_title}
              </Link>
            </Detail>
          ) : null}
          <Detail label={T.applied}>{formatDate(app.created_at)}</Detail>
        </>
      }
      pendingActions={
        <div
          role="group"
          aria-label={`${T.applied}: ${app.applicant_name}`}
          className="mt-auto flex flex-wrap gap-2 pt-1"
        >
          <Button size="sm" onClick={() => onDecide('approved')}>
            <Check aria-hidden="true" />
            {T.approve}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDecide('rejected')}>
            <X aria-hidden="true" />
            {T.reject}
          </Button>
        </div>
      }
      approvedActions={
        <div
          role="group"
          aria-label={`${T.revoke}: ${app.applicant_name}`}
          className="mt-auto flex flex-wrap gap-2 pt-1"
        >
          <Button variant="outline" size="sm" onClick={onSetPayout}>
            <BadgeDollarSign aria-hidden="true" />
            {DEAL_TEXT.setPayout}
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDecide('revoked')}>
            <Ban aria-hidden="true" />
            {T.revoke}
          </Button>
        </div>
      }
    />
  );
}

function DecisionDialog({
  decision,
  onClose,
}: {
  decision: { app: Application; verdict: Verdict } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={decision !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {decision ? (
        <DecisionForm
          key={`${decision.app.application_id}-${decision.verdict}`}
          app={decision.app}
          verdict={decision.verdict}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function DecisionForm({
  app,
  verdict,
  onClose,
}: {
  app: Application;
  verdict: Verdict;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const decide = useDecideApplication();
  const approving = verdict === 'approved';
  const revoking = verdict === 'revoked';
  const text = revoking
    ? { title: T.revokeTitle, body: T.revokeBody, action: T.revoke }
    : approving
      ? { title: T.approveTitle, body: T.approveBody, action: T.approve }
      : { title: T.rejectTitle, body: T.rejectBody, action: T.reject };

  function handleSubmit() {
    if (decide.isPending) return;
    // A revocation says why (the API refuses one without a note too).
    if (revoking && !note.trim()) {
      setNoteMissing(true);
      return;
    }
    decide.mutate(
      { applicationId: app.application_id, status: verdict, note: note.trim() || null },
      toastAndClose(onClose),
    );
  }

  return (
    <DialogContent
      closeLabel={DIALOG_CLOSE_LABEL}
      title={text.title}
      description={text.body(app.applicant_name, app.offer_title)}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <Button
            variant={approving ? 'primary' : 'danger'}
            onClick={handleSubmit}
            disabled={decide.isPending}
          >
            {decide.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {text.action}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {decide.isError ? (
          <Alert variant="danger">{failureMessage(decide.error, T.decideFailed)}</Alert>
        ) : null}
        <TextAreaField
          label={revoking ? T.revokeNoteLabel : T.noteLabel}
          {...(revoking ? {} : { labelSuffix: OFFER_DETAILS_TEXT.optional })}
          placeholder={revoking ? T.revokeNotePlaceholder : T.notePlaceholder}
          value={note}
          maxLength={1000}
          rows={3}
          {...(noteMissing ? { error: APPLICATION_MESSAGES.revokeNoteRequired } : {})}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteMissing(false);
          }}
        />
      </div>
    </DialogContent>
  );
}
