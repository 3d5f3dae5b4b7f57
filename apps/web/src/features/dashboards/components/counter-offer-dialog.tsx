import { useId, useState } from 'react';
import { bidBodySchema, REQUEST_LIMITS } from '@trustlinks/contract/offer-requests';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import type { PayoutType } from '@trustlinks/contract/constants';
import {
  FormField,
  inputClass,
  SelectField,
  TextAreaField,
} from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useOwnOffers } from '../api/get-own-offers';
import { useSubmitBid } from '../api/submit-bid';
import { PayoutTypeField } from './create-form-dialog';
import { COUNTER_OFFER_TEXT as T, DASHBOARD_TEXT } from '../dashboards-texts';
import { failureMessage, PayoutUnitMark, SubmitFooter } from './dashboard-parts';
import { Form } from '../../../components/ui/form';

interface CounterOfferDialogProps {
  /** The request bid on; null keeps the dialog closed. */
  request: OfferRequest | null;
  onClose: () => void;
  /** The bidder's entity; without one the form refuses with 'User not properly authenticated'. */
  entityId: string | null;
}

/** 'Submit Counter Offer' (docs/product/dashboards.md#network-dashboard, docs/product/validation.md "Bid"): an amount in dollars and optional notes. */
export function CounterOfferDialog({ request, onClose, entityId }: CounterOfferDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        <CounterOfferForm
          key={request.offer_request_id}
          request={request}
          onClose={onClose}
          entityId={entityId}
        />
      ) : null}
    </Dialog>
  );
}

function CounterOfferForm({
  request,
  onClose,
  entityId,
}: {
  request: OfferRequest;
  onClose: () => void;
  entityId: string | null;
}) {
  const formId = useId();
  // The contract's rule: a number over 0 with at most two decimals.
  const form = useContractForm({
    initial: { amount: '', notes: '', payoutType: request.desired_payout_type, offerId: '' },
    schema: bidBodySchema,
    toInput: (v) => ({
      bid_amount: v.amount,
      bid_notes: v.notes,
      payout_type: v.payoutType,
      offer_id: v.offerId,
    }),
    fieldOf: {
      bid_amount: 'amount',
      bid_notes: 'notes',
      payout_type: 'payoutType',
      offer_id: 'offerId',
    },
    precheck: (v) => (v.amount.trim() === '' ? { amount: T.amountRequired } : {}),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const bid = useSubmitBid();
  const busy = bid.isPending;
  // The bidder's running offers, one of which the counter offer may name.
  const own = useOwnOffers(entityId);
  const runningOffers = (own.data?.offers ?? []).filter((o) => o.offer_status === 'active');

  const checkAndSend = form.onSubmit({
    busy,
    before: () => setFormError(null),
    onValid: (checked) => {
      bid.mutate(
        {
          requestId: request.offer_request_id,
          bid_amount: checked.data.bid_amount,
          bid_notes: form.values.notes.trim(),
          payout_type: checked.data.payout_type,
          offer_id: checked.data.offer_id,
        },
        {
          onSuccess: (response) => {
            toast.success(response.message || T.success);
            onClose();
          },
          onError: (error) => {
            form.showServerErrors(error);
            setFormError(failureMessage(error, T.failed));
          },
        },
      );
    },
  });
  const handleSubmit: typeof checkAndSend = (event) => {
    if (!busy && !entityId) {
      event.preventDefault();
      setFormError(DASHBOARD_TEXT.notAuthenticated);
      return;
    }
    checkAndSend(event);
  };

  const amount = form.text('amount');
  const revShare = form.values.payoutType === 'RevShare';
  return (
    <DialogContent
      title={T.title}
      footer={
        <SubmitFooter
          formId={formId}
          busy={busy}
          cancelLabel={T.cancel}
          submitLabel={T.submit}
          submittingLabel={T.submitting}
        />
      }
    >
      <Form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <dl className="grid gap-3 rounded-lg bg-muted p-4 text-sm sm:grid-cols-3">
          <div className="min-w-0 sm:col-span-3">
            <dt className="text-xs text-muted-foreground">{T.request}</dt>
            <dd className="font-semibold break-words">{request.title}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{T.vertical}</dt>
            <dd className="font-medium">{request.vertical}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{T.desiredPayout}</dt>
            <dd className="font-medium">{request.desired_payout_type}</dd>
          </div>
        </dl>
        {formError ? <Alert variant="danger">{formError}</Alert> : null}
        <FormField label={T.amount} error={amount.error}>
          {(ids) => (
            <div className="relative">
              <PayoutUnitMark revShare={revShare} />
              <input
                {...ids}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                required
                placeholder={T.amountPlaceholder}
                className={cn(inputClass, 'pl-7')}
                value={amount.value}
                onChange={amount.onChange}
              />
            </div>
          )}
        </FormField>
        <PayoutTypeField
          label={T.payoutModel}
          value={form.values.payoutType}
          error={form.errors.payoutType}
          onChange={(p: PayoutType) => form.set('payoutType', p)}
        />
        <SelectField
          label={T.offer}
          labelSuffix={T.optional}
          hint={T.offerHint}
          {...form.text('offerId')}
        >
          <option value="">{T.noOffer}</option>
          {runningOffers.map((o) => (
            <option key={o.offer_id} value={o.offer_id}>
              {o.title}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={T.notes}
          rows={3}
          maxLength={REQUEST_LIMITS.bidNotesMax}
          placeholder={T.notesPlaceholder}
          {...form.text('notes')}
        />
      </Form>
    </DialogContent>
  );
}
