import type { Offer } from '@trustlinks/contract/offers';
import { useUpdateOffer } from '../api/update-offer';
import { EDIT_OFFER_TEXT as T } from '../dashboards-texts';
import { OFFER_FORM, offerFormValuesOf } from '../offer-form-model';
import { useCreateForm } from '../use-create-form';
import { OfferFormFields } from './create-offer-dialog';
import { CreateFormDialog } from './create-form-dialog';

interface EditOfferDialogProps {
  /** The offer to edit; null when closed. */
  offer: Offer | null;
  onClose: () => void;
}

/** Edit an own offer (decision 030): the create form, prefilled with the offer. */
export function EditOfferDialog({ offer, onClose }: EditOfferDialogProps) {
  if (!offer) return null;
  // A new form per offer version: the prefill is the offer as it was last loaded.
  return (
    <EditOfferForm key={`${offer.offer_id}:${offer.updated_at}`} offer={offer} onClose={onClose} />
  );
}

function EditOfferForm({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const update = useUpdateOffer(offer.offer_id);
  const form = useCreateForm({
    empty: offerFormValuesOf(offer),
    entityId: offer.entity_id,
    rules: OFFER_FORM,
    mutation: update,
    texts: T,
    onOpenChange: (open) => (open ? undefined : onClose()),
  });
  return (
    <CreateFormDialog
      open
      form={form}
      title={`${T.title}: ${offer.title}`}
      texts={T}
      submittingLabel={T.submitting}
      formClassName="flex flex-col gap-6"
    >
      <OfferFormFields form={form} />
    </CreateFormDialog>
  );
}
