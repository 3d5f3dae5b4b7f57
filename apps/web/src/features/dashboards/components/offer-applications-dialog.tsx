import type { Offer } from '@trustlinks/contract/offers';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { APPLICATIONS_TEXT as T } from '../dashboards-texts';
import { DIALOG_CLOSE_LABEL } from './dashboard-parts';
import { ReceivedApplications } from './received-applications';

/** One own offer's applications (docs/decisions/014), opened from its card. */
export function OfferApplicationsDialog({
  offer,
  onClose,
}: {
  offer: Offer | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={offer !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {offer ? (
        <DialogContent
          size="xl"
          closeLabel={DIALOG_CLOSE_LABEL}
          title={T.offerApplicationsTitle(offer.title)}
          description={T.offerApplicationsDescription}
        >
          <ReceivedApplications offerId={offer.offer_id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
