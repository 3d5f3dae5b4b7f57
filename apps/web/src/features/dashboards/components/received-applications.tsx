import { useState } from 'react';
import Check from 'lucide-react/icons/check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import X from 'lucide-react/icons/x';
import { Link } from 'react-router';
import type { Application } from '@trustlinks/contract/applications';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { StarRating } from '../../../components/ui/star-rating';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useDecideApplication } from '../api/decide-application';
import { useApplications } from '../api/get-applications';
import { APPLICATIONS_TEXT as T, OFFER_DETAILS_TEXT } from '../dashboards-texts';
import { ApplicationStatusBadge, Detail } from './application-parts';
import { DIALOG_CLOSE_LABEL, failureMessage } from './dashboard-parts';
import { ApplicationList, useApplicationFilter } from './application-list';
import { TrackingStats } from './tracking-stats';

/**
 * The applications an owner received (issue 15): to all of its offers, or to one (`offerId`),
 * with the applicant's TrustScore and message, and Approve / Reject for pending ones.
 */
export function ReceivedApplications({ offerId }: { offerId?: string }) {
  const filter = useApplicationFilter(offerId ? undefined : 'pending');
  const [deciding, setDeciding] = useState<{
    app: Application;
    verdict: 'approved' | 'rejected';
  } | null>(null);
  const { status } = filter;
  const query = useApplications(
    offerId ? { kind: 'offer', offerId, status } : { kind: 'received', status },
    filter.page,
  );

  return (
    <div className="flex flex-col gap-4">
      <ApplicationList
        filter={filter}
        query={query}
        empty={{ title: T.emptyReceived, hint: T.emptyReceivedHint }}
        renderCard={(app) => (
          <ReceivedApplicationCard
            app={app}
            showOffer={!offerId}
            onDecide={(verdict) => setDeciding({ app, verdict })}
          />
        )}
      />
      <DecisionDialog decision={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}

function TrustScore({ app }: { app: Application }) {
  if (app.applicant_total_reviews === 0) {
    return <span className="text-muted-foreground">{T.noReviews}</span>;
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <StarRating value={app.applicant_reputation_score} />
      <span className="font-semibold tabular-nums">
        {app.applicant_reputation_score.toFixed(1)}
      </span>
      <span className="text-muted-foreground">({T.reviews(app.applicant_total_reviews)})</span>
    </span>
  );
}

function ReceivedApplicationCard({
  app,
  showOffer,
  onDecide,
}: {
  app: Application;
  showOffer: boolean;
  onDecide: (verdict: 'approved' | 'rejected') => void;
}) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <ApplicationStatusBadge status={app.status} />
        <Badge variant="outline">{T.typeLabels[app.applicant_type]}</Badge>
      </div>
      <h3 className="leading-snug font-semibold break-words">
        <Link
          to={`/entity/${encodeURIComponent(app.applicant_entity_id)}`}
          className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {app.applicant_name}
        </Link>
      </h3>
      <dl className="flex flex-col gap-1.5">
        <Detail label={T.trustScore}>
          <TrustScore app={app} />
        </Detail>
        {showOffer ? (
          <Detail label={T.toOffer}>
            <Link
              to={`/offer/${encodeURIComponent(app.offer_id)}`}
              className="font-medium text-brand underline-offset-4 hover:underline"
            >
              {app.offer_title}
            </Link>
          </Detail>
        ) : null}
        <Detail label={T.applied}>{formatDate(app.created_at)}</Detail>
        {app.message ? (
          <Detail label={T.message}>
            <span className="whitespace-pre-line">{app.message}</span>
          </Detail>
        ) : null}
        {app.decision_note ? <Detail label={T.note}>{app.decision_note}</Detail> : null}
      </dl>
      {app.status === 'approved' ? (
        <TrackingStats
          clicks={app.click_count}
          conversions={app.conversion_count}
          payoutTotal={app.payout_total}
        />
      ) : null}
      {app.status === 'pending' ? (
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
      ) : null}
    </Card>
  );
}

function DecisionDialog({
  decision,
  onClose,
}: {
  decision: { app: Application; verdict: 'approved' | 'rejected' } | null;
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
  verdict: 'approved' | 'rejected';
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const decide = useDecideApplication();
  const approving = verdict === 'approved';

  function handleSubmit() {
    if (decide.isPending) return;
    decide.mutate(
      { applicationId: app.application_id, status: verdict, note: note.trim() || null },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClose();
        },
      },
    );
  }

  return (
    <DialogContent
      closeLabel={DIALOG_CLOSE_LABEL}
      title={approving ? T.approveTitle : T.rejectTitle}
      description={(approving ? T.approveBody : T.rejectBody)(app.applicant_name, app.offer_title)}
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
            {approving ? T.approve : T.reject}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {decide.isError ? (
          <Alert variant="danger">{failureMessage(decide.error, T.decideFailed)}</Alert>
        ) : null}
        <TextAreaField
          label={T.noteLabel}
          labelSuffix={OFFER_DETAILS_TEXT.optional}
          placeholder={T.notePlaceholder}
          value={note}
          maxLength={1000}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </DialogContent>
  );
}
