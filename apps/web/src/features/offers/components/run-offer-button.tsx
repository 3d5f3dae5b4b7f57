import LoaderCircle from 'lucide-react/icons/loader-circle';
import Rocket from 'lucide-react/icons/rocket';
import { useNavigate } from 'react-router';
import type { Offer } from '@trustlinks/contract/offers';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useApplyToOffer } from '../api/apply-to-offer';
import { isRunning } from '../offer-display';
import { OFFER_DETAIL_TEXT as T } from '../offers-texts';

/**
 * 'Run This Offer'. SPEC §2.19 has it show only a coming-soon toast; the API now records
 * applications (POST /offers/{id}/click, once per entity per day), so a logged-in user applies
 * and sees the server's message, and a visitor is sent to /login. The owner of the offer, and an
 * offer that is not running, get a disabled button with the reason beside it.
 */
export function RunOfferButton({ offer }: { offer: Offer }) {
  const session = useSession();
  const navigate = useNavigate();
  const apply = useApplyToOffer();
  const own = Boolean(session?.user.entity_id && session.user.entity_id === offer.entity_id);
  const running = isRunning(offer);
  const reason = own ? T.ownOffer : running ? null : T.notActive;

  function handleClick() {
    if (!session) {
      toast.info(T.loginToApply);
      navigate('/login');
      return;
    }
    if (apply.isPending) return;
    apply.mutate(offer.offer_id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(serverMessage(error) ?? T.applyFailed),
    });
  }

  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <Button
        size="lg"
        onClick={handleClick}
        disabled={Boolean(reason) || apply.isPending}
        aria-describedby={reason ? 'run-offer-reason' : undefined}
        className="w-full sm:w-auto"
      >
        {apply.isPending ? (
          <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
        ) : (
          <Rocket aria-hidden="true" />
        )}
        {apply.isPending ? T.applying : T.runOffer}
      </Button>
      {reason ? (
        <p id="run-offer-reason" className="text-sm text-muted-foreground">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
