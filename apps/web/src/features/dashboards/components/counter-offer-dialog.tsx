import { useId, useState } from 'react';
import { bidBodySchema, REQUEST_LIMITS } from '@trustlinks/contract/offer-requests';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField, inputClass, TextAreaField } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSubmitBid } from '../api/submit-bid';
import { COUNTER_OFFER_TEXT as T, DASHBOARD_TEXT } from '../dashboards-texts';
import { failureMessage, SubmitFooter } from './dashboard-parts';

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
    initial: { amount: '', notes: '' },
    schema: bidBodySchema,
    toInput: (v) => ({ bid_amount: v.amount, bid_notes: v.notes }),
    fieldOf: { bid_amount: 'amount', bid_notes: 'notes' },
    precheck: (v) => (v.amount.trim() === '' ? { amount: T.amountRequired } : {}),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const bid = useSubmitBid();
  const busy = bid.isPending;

  const checkAndSend = form.onSubmit({
    busy,
    before: () => setFormError(null),
    onValid: (checked) => {
      bid.mutate(
        {
          requestId: request.offer_request_id,
          bid_amount: checked.data.bid_amount,
          bid_notes: form.values.notes.trim(),
        },
        {
          onSuccess: (response) => {
            toast.success(response.message || T.success);
            onClose();
          },
          onError: (error) => setFormError(failureMessage(error, T.failed)),
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
      <form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
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
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
              >
                $
              </span>
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
        <TextAreaField
          label={T.notes}
          rows={3}
          maxLength={REQUEST_LIMITS.bidNotesMax}
          placeholder={T.notesPlaceholder}
          {...form.text('notes')}
        />
      </form>
    </DialogContent>
  );
}
