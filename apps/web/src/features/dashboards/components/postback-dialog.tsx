import { useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { toast } from '../../../lib/toast';
import type { Offer } from '@trustlinks/contract/offers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import * as applications from '@trustlinks/contract/routes/applications';
import { routeUrl } from '../../../lib/api-client';
import { TRACKING_TEXT as T } from '../dashboards-texts';
import { useRotatePostbackSecret } from '../api/rotate-postback-secret';
import { DIALOG_CLOSE_LABEL, failureMessage } from './dashboard-parts';

const HIDDEN = '••••••••••••••••';

/** The postback address an own offer's tracker calls (docs/postback.md), secret on request. */
export function postbackUrl(origin: string, secret: string): string {
  // The tracker fills in the braces itself: they stay as they are, not encoded.
  return `${origin}${routeUrl(applications.postback)}?click_id={click_id}&secret=${secret}&payout={payout}`;
}

export function PostbackDialog({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The secret just created, shown until the offer list brings it back.
  const [rotated, setRotated] = useState<{ offerId: string; secret: string } | null>(null);
  const rotate = useRotatePostbackSecret();
  const secret =
    (rotated && rotated.offerId === offer?.offer_id ? rotated.secret : offer?.postback_secret) ??
    '';

  function handleRotate() {
    if (!offer || rotate.isPending) return;
    rotate.mutate(offer.offer_id, {
      onSuccess: (response) => {
        setRotated({ offerId: offer.offer_id, secret: response.postback_secret });
        setConfirming(false);
        setRevealed(true);
        toast.success(response.message);
      },
    });
  }

  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(open) => {
        if (open) return;
        setRevealed(false);
        setConfirming(false);
        rotate.reset();
        onClose();
      }}
    >
      {offer ? (
        <DialogContent
          size="lg"
          closeLabel={DIALOG_CLOSE_LABEL}
          title={T.postbackTitle}
          description={T.postbackDescription}
          footer={
            <DialogClose asChild>
              <Button variant="outline">{T.close}</Button>
            </DialogClose>
          }
        >
          <dl className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <dt className="text-sm font-medium">{T.postbackUrl}</dt>
              <dd>
                <code className="block rounded-md bg-muted px-3 py-2 text-xs break-all">
                  {postbackUrl(window.location.origin, revealed ? secret : HIDDEN)}
                </code>
              </dd>
            </div>
            <div className="flex flex-col gap-1.5">
              <dt className="text-sm font-medium">{T.secret}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <code
                  className="rounded-md bg-muted px-3 py-2 text-xs break-all"
                  data-testid="postback-secret"
                >
                  {revealed ? secret : HIDDEN}
                </code>
                <Button variant="outline" size="sm" onClick={() => setRevealed((r) => !r)}>
                  {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  {revealed ? T.hideSecret : T.showSecret}
                </Button>
                {confirming ? null : (
                  <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                    <RefreshCw aria-hidden="true" />
                    {T.rotateSecret}
                  </Button>
                )}
              </dd>
            </div>
            {confirming ? (
              <div className="flex flex-col gap-2 rounded-md border border-border p-3">
                <p className="text-sm">{T.rotateConfirmBody}</p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={handleRotate}
                    disabled={rotate.isPending}
                  >
                    {rotate.isPending ? (
                      <LoaderCircle aria-hidden="true" className="animate-spin" />
                    ) : null}
                    {T.rotateConfirm}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                    {T.rotateCancel}
                  </Button>
                </div>
              </div>
            ) : null}
            {rotate.isError ? (
              <Alert variant="danger">{failureMessage(rotate.error, T.rotateFailed)}</Alert>
            ) : null}
            <p className="text-sm text-muted-foreground">{T.postbackHelp}</p>
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
