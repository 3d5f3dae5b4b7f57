import { useState, type FormEvent } from 'react';
import type { Bid } from '@trustlinks/contract/offer-requests';
import { bidAmountLabel } from '@trustlinks/contract/offer-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { DEAL_TEXT as T } from '../../../components/deals/deal-texts';
import { toast } from '../../../lib/toast';
import { useBidsAwaitingOffer, useGiveBidOffer } from '../api/deal-bids';
import { useOwnOffers } from '../api/get-own-offers';
import { failureMessage } from './dashboard-parts';

/**
 * The bidder's accepted counter offers that named no offer (docs/decisions/048-agreed-terms.md):
 * each asks to link one of its running offers or to create a private offer from its terms.
 * Nothing shows while there is none.
 */
export function AwaitingOfferPanel({ entityId }: { entityId: string | null }) {
  const awaiting = useBidsAwaitingOffer(Boolean(entityId));
  const bids = awaiting.data?.bids ?? [];
  if (!bids.length) return null;
  return (
    <section aria-labelledby="awaiting-offer-heading" className="mb-6 flex flex-col gap-3">
      <h2 id="awaiting-offer-heading" className="text-base font-semibold">
        {T.awaitingHeading}
      </h2>
      <p className="text-sm text-muted-foreground">{T.awaitingIntro}</p>
      <ul className="grid gap-4 md:grid-cols-2">
        {bids.map((bid) => (
          <li key={bid.bid_id}>
            <AwaitingBid bid={bid} entityId={entityId} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AwaitingBid({ bid, entityId }: { bid: Bid; entityId: string | null }) {
  const own = useOwnOffers(entityId);
  const give = useGiveBidOffer();
  const running = (own.data?.offers ?? []).filter(
    (o) => o.offer_status === 'active' || o.offer_status === 'private',
  );
  const [offerId, setOfferId] = useState('');
  const [landing, setLanding] = useState('');
  const [title, setTitle] = useState(bid.request_title ?? '');
  const heading = T.awaitingFor(bid.request_title ?? '');

  const send = (body: { offer_id: string } | { landing_page_url: string; title: string }) =>
    give.mutate({ bidId: bid.bid_id, ...body }, { onSuccess: (res) => toast.success(res.message) });
  function handleLink(event: FormEvent) {
    event.preventDefault();
    if (!give.isPending && offerId) send({ offer_id: offerId });
  }
  function handleCreate(event: FormEvent) {
    event.preventDefault();
    if (!give.isPending) send({ landing_page_url: landing, title });
  }

  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <h3 className="leading-snug font-semibold break-words">{heading}</h3>
      <p className="text-lg font-bold tabular-nums">
        {bidAmountLabel(bid.bid_amount, bid.payout_type)}
      </p>
      {give.isError ? (
        <Alert variant="danger">{failureMessage(give.error, T.giveFailed)}</Alert>
      ) : null}
      <Form noValidate onSubmit={handleLink} className="flex flex-col gap-2">
        <SelectField
          label={T.linkOffer}
          value={offerId}
          onChange={(e) => setOfferId(e.target.value)}
        >
          <option value="">{T.chooseOffer}</option>
          {running.map((o) => (
            <option key={o.offer_id} value={o.offer_id}>
              {o.title}
            </option>
          ))}
        </SelectField>
        <Button type="submit" size="sm" variant="outline" disabled={give.isPending || !offerId}>
          {T.link}
        </Button>
      </Form>
      <Form
        noValidate
        onSubmit={handleCreate}
        className="flex flex-col gap-2 border-t border-border pt-3"
      >
        <p className="text-sm font-medium">{T.orPrivate}</p>
        <TextField
          label={T.privateTitle}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label={T.landingPage}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={landing}
          onChange={(e) => setLanding(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={give.isPending}>
          {T.createPrivate}
        </Button>
      </Form>
    </Card>
  );
}
