import { useState, type FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Rocket from 'lucide-react/icons/rocket';
import { Link, useNavigate } from 'react-router';
import type { Application } from '@trustlinks/contract/applications';
import { APPLICATION_LIMITS } from '@trustlinks/contract/applications';
import type { Offer } from '@trustlinks/contract/offers';
import { dashboardPath } from '@trustlinks/contract/pages';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { offerPath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useApplyToOffer } from '../../../lib/api/applications';
import { useMyOfferApplication } from '../api/get-my-offer-application';
import { isRunning } from '../offer-display';
import { APPLICATION_STATUS_LABELS, OFFER_DETAIL_TEXT as T } from '../offers-texts';
import { Form } from '../../../components/ui/form';
import { OfferRulesView } from '../../../components/deals/offer-rules-view';
import { YourTerms } from '../../../components/deals/your-terms';

/** The roles that run offers (the server also wants their company approved). */
const RUNNER_ROLES: readonly string[] = ['affiliate', 'network'];

const STATUS_BADGE: Record<string, BadgeVariant> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
};

/**
 * 'Run This Offer' and, afterwards, where the affiliate stands (docs/decisions/027). docs/product/offers.md#offer-page
 * has it show only a coming-soon toast; the API takes applications (POST /offers/{id}/click):
 * the button asks for a message and traffic sources, then the page shows the application pending,
 * approved with its tracking link, rejected with the owner's note, or withdrawn (apply again).
 * A second click is never an error: an open application answers 409 and the page shows it. A
 * visitor is sent to /login and comes back here afterwards; the owner, other roles and an offer
 * that is not running get a disabled button with the reason beside it.
 */
export function RunOfferButton({ offer }: { offer: Offer }) {
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const own = Boolean(session?.user.entity_id && session.user.entity_id === offer.entity_id);
  const running = isRunning(offer);
  const runner = Boolean(session && RUNNER_ROLES.includes(session.user.role));
  const canApply = !session || runner;
  const reason = own ? T.ownOffer : !running ? T.notActive : canApply ? null : T.onlyRunners;
  const mine = useMyOfferApplication(offer.offer_id, session?.user.user_id ?? null, runner && !own);
  const application = mine.data ?? null;

  function handleClick() {
    if (!session) {
      toast.info(T.loginToApply);
      navigate(`/login?next=${encodeURIComponent(offerPath(offer.slug))}`);
      return;
    }
    setOpen(true);
  }

  if (runner && !own && mine.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {T.statusLoading}
      </p>
    );
  }
  if (application && application.status !== 'withdrawn') {
    return <ApplicationStatus application={application} />;
  }

  return (
    <div className="flex flex-col gap-2 sm:items-end">
      {application ? <ApplicationStatus application={application} /> : null}
      <Button
        size="lg"
        onClick={handleClick}
        disabled={Boolean(reason)}
        aria-describedby={reason ? 'run-offer-reason' : undefined}
        className="w-full sm:w-auto"
      >
        <Rocket aria-hidden="true" />
        {application ? T.applyAgain : T.runOffer}
      </Button>
      {reason ? (
        <p id="run-offer-reason" className="text-sm text-muted-foreground">
          {reason}
        </p>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <ApplyForm offer={offer} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </div>
  );
}

function ApplyForm({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const apply = useApplyToOffer();
  const [message, setMessage] = useState('');
  const [trafficSources, setTrafficSources] = useState('');
  const formId = `apply-form-${offer.offer_id}`;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (apply.isPending) return;
    apply.mutate(
      { offerId: offer.offer_id, message, trafficSources },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onDone();
        },
        onError: (error) => {
          // Already applied (a second tab, a double click): the page shows that application.
          if (error instanceof ApiClientError && error.status === 409) {
            onDone();
            return;
          }
          toast.error(serverMessage(error) ?? T.applyFailed);
        },
      },
    );
  }

  return (
    <DialogContent
      title={T.applyTitle}
      description={T.applyDescription(offer.entity_name)}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={apply.isPending}>
            {apply.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {apply.isPending ? T.applying : T.applySubmit}
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <OfferRulesView offer={offer} />
        <TextAreaField
          label={T.applyMessage}
          hint={T.applyMessageHint}
          rows={4}
          maxLength={APPLICATION_LIMITS.messageMax}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <TextAreaField
          label={T.applyTrafficSources}
          hint={T.applyTrafficSourcesHint}
          rows={2}
          maxLength={APPLICATION_LIMITS.trafficSourcesMax}
          value={trafficSources}
          onChange={(e) => setTrafficSources(e.target.value)}
        />
      </Form>
    </DialogContent>
  );
}

/** Where the caller's company stands with this offer. */
function ApplicationStatus({ application: a }: { application: Application }) {
  const label = APPLICATION_STATUS_LABELS[a.status as keyof typeof APPLICATION_STATUS_LABELS];
  return (
    <section
      aria-labelledby="my-application-heading"
      data-testid="my-application"
      className="flex w-full flex-col gap-2 sm:max-w-sm"
    >
      <div className="flex items-center gap-2">
        <h2 id="my-application-heading" className="text-sm font-semibold">
          {T.statusHeading}
        </h2>
        <Badge variant={STATUS_BADGE[a.status] ?? 'neutral'}>{label ?? a.status}</Badge>
      </div>
      {a.status === 'pending' ? (
        <p className="text-sm text-muted-foreground">
          {T.statusPending(formatDate(a.created_at, '—'))}
        </p>
      ) : a.status === 'approved' ? (
        <>
          <p className="text-sm text-muted-foreground">{T.statusApproved}</p>
          <YourTerms terms={a.terms} />
          {a.tracking_url ? (
            <div className="flex flex-wrap items-center gap-2">
              <input
                readOnly
                aria-label={T.trackingLinkLabel}
                value={a.tracking_url}
                onFocus={(e) => e.currentTarget.select()}
                className="h-8 min-w-0 flex-1 rounded-md border border-border bg-background px-2 font-mono text-xs"
              />
              <CopyButton
                text={a.tracking_url}
                label={T.copy}
                copied={T.copied}
                failed={T.copyFailed}
              />
            </div>
          ) : null}
        </>
      ) : a.status === 'rejected' ? (
        <p className="text-sm text-muted-foreground">
          {T.statusRejected}
          {a.decision_note ? (
            <>
              {' '}
              {T.ownerNote} <q className="text-foreground">{a.decision_note}</q>
            </>
          ) : null}
        </p>
      ) : a.status === 'withdrawn' ? (
        <p className="text-sm text-muted-foreground">{T.statusWithdrawn}</p>
      ) : (
        <p className="text-sm text-muted-foreground">{T.statusOther(label ?? a.status)}</p>
      )}
      <Link
        to={dashboardPath(a.applicant_type, 'my-applications')}
        className="text-sm font-medium text-brand underline-offset-4 hover:underline"
      >
        {T.myApplications}
      </Link>
    </section>
  );
}
