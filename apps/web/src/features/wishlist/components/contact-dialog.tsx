import { useState } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Send from 'lucide-react/icons/send';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { contactBodySchema, REQUEST_LIMITS } from '@trustlinks/contract/offer-requests';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useContactRequester } from '../api/contact-requester';
import { WISHLIST_TEXT as T } from '../wishlist-texts';
import { Form } from '../../../components/ui/form';

interface ContactDialogProps {
  /** The request whose affiliate is contacted; null keeps the dialog closed. */
  request: OfferRequest | null;
  onClose: () => void;
}

/** 'Contact Affiliate' (docs/product/offers.md#affiliates-wishlist, docs/product/validation.md): one required message, sent as an email by the API. */
export function ContactDialog({ request, onClose }: ContactDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        // Keyed by request: a new request starts with an empty message and no error.
        <ContactForm key={request.offer_request_id} request={request} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

const FORM_ID = 'wishlist-contact-form';

function ContactForm({ request, onClose }: { request: OfferRequest; onClose: () => void }) {
  const form = useContractForm({
    initial: { message: '' },
    schema: contactBodySchema,
    toInput: (v) => ({ message: v.message.trim() }),
  });
  const message = form.values.message;
  // The form's message (the contract's, or the API's refusal) is shown above the field.
  const [sendError, setError] = useState<string | null>(null);
  const error = form.errors.message ?? sendError;
  const contact = useContactRequester();
  const sending = contact.isPending;

  const handleSubmit = form.onSubmit({
    busy: sending,
    before: () => setError(null),
    onValid: (checked) => {
      contact.mutate(
        { requestId: request.offer_request_id, ...checked.body },
        {
          onSuccess: (body) => {
            if (!body.success) {
              setError(T.sendFailed);
              return;
            }
            toast.success(T.sent);
            onClose();
          },
          onError: (e) => setError(serverMessage(e) ?? T.sendFailed),
        },
      );
    },
  });

  return (
    <DialogContent
      title={T.contactTitle}
      description={
        <>
          {T.contactAbout} <span className="font-medium text-foreground">{request.title}</span> (
          {request.user_name}, {request.entity_name})
        </>
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <Button type="submit" form={FORM_ID} disabled={message.length === 0 || sending}>
            {sending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {sending ? T.sending : T.send}
          </Button>
        </>
      }
    >
      <Form id={FORM_ID} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <TextAreaField
          label={T.message}
          required
          rows={6}
          maxLength={REQUEST_LIMITS.messageMax}
          value={message}
          placeholder={T.messagePlaceholder}
          onChange={(event) => form.set('message', event.target.value)}
          disabled={sending}
        />
        <p className="flex gap-2 rounded-lg bg-muted px-3 py-2.5 text-xs text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{T.privacyNotice}</span>
        </p>
      </Form>
    </DialogContent>
  );
}
