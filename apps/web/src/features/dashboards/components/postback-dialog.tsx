import { useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import type { Offer } from '@trustlinks/contract/offers';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TRACKING_TEXT as T } from '../dashboards-texts';
import { DIALOG_CLOSE_LABEL } from './dashboard-parts';

const HIDDEN = '••••••••••••••••';

/** The postback address an own offer's tracker calls (docs/postback.md), secret on request. */
export function postbackUrl(origin: string, secret: string): string {
  return `${origin}/api/postback?click_id={click_id}&secret=${secret}&payout={payout}`;
}

export function PostbackDialog({ offer, onClose }: { offer: Offer | null; onClose: () => void }) {
  const [revealed, setRevealed] = useState(false);
  const secret = offer?.postback_secret ?? '';
  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(open) => {
        if (open) return;
        setRevealed(false);
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
              </dd>
            </div>
            <p className="text-sm text-muted-foreground">{T.postbackHelp}</p>
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
