import LoaderCircle from 'lucide-react/icons/loader-circle';
import Rocket from 'lucide-react/icons/rocket';
import { useNavigate } from 'react-router';
import type { Offer } from '@trustlinks/contract/offers';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { offerPath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useApplyToOffer } from '../../../lib/api/applications';
import { isRunning } from '../offer-display';
import { OFFER_DETAIL_TEXT as T } from '../offers-texts';

/** The roles that run offers (the server also wants their company approved). */
const RUNNER_ROLES: readonly string[] = ['affiliate', 'network'];

/**
 * 'Run This Offer'. docs/product/offers.md#offer-page has it show only a coming-soon toast; the API now takes
 * applications (POST /offers/{id}/click, issue 15): an affiliate or network applies and sees the
 * server's answer (sent to the owner, who approves or rejects it), a visitor is sent to /login
 * and comes back here afterwards. The owner of the offer, other roles, and an offer that is not
 * running get a disabled button with the reason beside it.
 */
export function RunOfferButton({ offer }: { offer: Offer }) {
  const session = useSession();
  const navigate = useNavigate();
  const apply = useApplyToOffer();
  const own = Boolean(session?.user.entity_id && session.user.entity_id === offer.entity_id);
  const running = isRunning(offer);
  const canApply = !session || RUNNER_ROLES.includes(session.user.role);
  const reason = own ? T.ownOffer : !running ? T.notActive : canApply ? null : T.onlyRunners;

  function handleClick() {
    if (!session) {
      toast.info(T.loginToApply);
      navigate(`/login?next=${encodeURIComponent(offerPath(offer.slug))}`);
      return;
    }
    if (apply.isPending) return;
    apply.mutate(
      { offerId: offer.offer_id },
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(serverMessage(error) ?? T.applyFailed),
      },
    );
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
