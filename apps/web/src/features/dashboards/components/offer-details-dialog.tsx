import { useState } from 'react';
import type { ReactNode } from 'react';
import ExternalLink from 'lucide-react/icons/external-link';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Link } from 'react-router';
import type { ExplorerOffer } from '@trustlinks/contract/offers';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextAreaField } from '../../../components/ui/form-field';
import { TrustLine } from '../../../components/ui/trust-line';
import { entityPath } from '../../../lib/paths';
import { formatPayout, payoutParts } from '../../../lib/payout';
import { useApplyToOffer } from '../../../lib/api/applications';
import { OfferRulesView } from '../../../components/deals/offer-rules-view';
import { useOffer } from '../../../lib/api/offers';
import { useSession } from '../../../lib/session';
import { AVAILABLE_OFFERS_TEXT, OFFER_DETAILS_TEXT as T } from '../dashboards-texts';
import { DIALOG_CLOSE_LABEL, failureMessage, toastAndClose } from './dashboard-parts';

interface OfferDetailsDialogProps {
  /** The offer as its card lists it; the rest of it is loaded when the dialog opens. */
  offer: ExplorerOffer | null;
  onClose: () => void;
}

/**
 * Offer Details, 'Review and apply to this offer' (docs/product/dashboards.md#affiliate-dashboard, #network-dashboard): the offer in full and
 * 'Apply to Offer', which sends an application (with an optional message) to the offer's owner,
 * who approves or rejects it (docs/decisions/014); the modal closes on success. The card's fields show at
 * once; the description, requirements and landing page are loaded (GET /offers/{id}), as the
 * explorer's pages list cards only (docs/decisions/043-explorer-cards.md).
 */
export function OfferDetailsDialog({ offer, onClose }: OfferDetailsDialogProps) {
  return (
    <Dialog open={offer !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {offer ? <OfferDetails key={offer.offer_id} offer={offer} onClose={onClose} /> : null}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function OfferDetails({ offer, onClose }: { offer: ExplorerOffer; onClose: () => void }) {
  const session = useSession();
  const full = useOffer(offer.offer_id, session?.user.user_id ?? null);
  const details = full.data?.offer;
  const apply = useApplyToOffer();
  const busy = apply.isPending;
  const [message, setMessage] = useState('');
  const payout = payoutParts(offer);

  function handleApply() {
    if (busy) return;
    // The server says what happened: the application was sent to the offer's owner.
    apply.mutate({ offerId: offer.offer_id, message }, toastAndClose(onClose));
  }

  return (
    <DialogContent
      closeLabel={DIALOG_CLOSE_LABEL}
      size="lg"
      title={T.title}
      description={T.description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.close}</Button>
          </DialogClose>
          <Button onClick={handleApply} disabled={busy}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {busy ? T.applying : T.apply}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {apply.isError ? (
          <Alert variant="danger">{failureMessage(apply.error, T.failed)}</Alert>
        ) : null}
        <div>
          <h3 className="text-xl leading-snug font-semibold break-words">{offer.title}</h3>
          <p className="mt-2 text-2xl font-bold tracking-tight">
            {payout.amount}
            {payout.model ? (
              <span className="ml-2 text-sm font-medium text-muted-foreground">{payout.model}</span>
            ) : null}
          </p>
        </div>
        <dl className="flex flex-col gap-3">
          <Row label={T.category}>
            <Badge variant="brand">{offer.category}</Badge>
          </Row>
          <Row label={T.payout}>{formatPayout(offer)}</Row>
          <Row label={T.geos}>
            {offer.target_geo.length ? (
              <span className="flex flex-wrap gap-1.5">
                {offer.target_geo.map((geo) => (
                  <Badge key={geo} variant="outline">
                    {geo}
                  </Badge>
                ))}
              </span>
            ) : (
              AVAILABLE_OFFERS_TEXT.worldwide
            )}
          </Row>
          <Row label={T.advertiser}>
            <span className="flex flex-wrap items-center gap-2">
              <Link
                to={entityPath(offer.entity_slug)}
                className="font-medium text-brand underline-offset-4 hover:underline"
              >
                {offer.entity_name}
              </Link>
              <TrustLine trust={offer.entity_trust} />
            </span>
          </Row>
          {details ? (
            <>
              <Row label={T.about}>
                <span className="whitespace-pre-line">{details.description}</span>
              </Row>
              {details.requirements ? (
                <Row label={T.requirements}>
                  <span className="whitespace-pre-line">{details.requirements}</span>
                </Row>
              ) : null}
              <Row label={T.landingPage}>
                <a
                  href={details.landing_page_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-1 font-medium text-brand underline-offset-4 hover:underline"
                >
                  <span className="truncate">{details.landing_page_url}</span>
                  <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="sr-only">{T.opensInNewTab}</span>
                </a>
              </Row>
            </>
          ) : null}
        </dl>
        <OfferRulesView offer={offer} />
        {details ? null : full.isError ? (
          <Alert variant="danger" className="flex flex-wrap items-center justify-between gap-2">
            {failureMessage(full.error, T.detailsFailed)}
            <Button variant="outline" size="sm" onClick={() => void full.refetch()}>
              {T.retry}
            </Button>
          </Alert>
        ) : (
          <div aria-busy="true" className="flex flex-col gap-3">
            <p role="status" className="sr-only">
              {T.loadingDetails}
            </p>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        )}
        <TextAreaField
          label={T.message}
          labelSuffix={T.optional}
          placeholder={T.messagePlaceholder}
          value={message}
          maxLength={1000}
          rows={3}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
    </DialogContent>
  );
}
