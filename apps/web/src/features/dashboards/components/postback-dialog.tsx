import { useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import FlaskConical from 'lucide-react/icons/flask-conical';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { toast } from '../../../lib/toast';
import type { Offer } from '@trustlinks/contract/offers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { DataTable, TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import * as applications from '@trustlinks/contract/routes/applications';
import { routeUrl } from '../../../lib/api-client';
import { TRACKING_TEXT as T } from '../dashboards-texts';
import { useRotatePostbackSecret } from '../api/rotate-postback-secret';
import { usePostbackLog, useSendTestConversion } from '../api/postback-tools';
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
              <dd className="flex flex-col items-start gap-2">
                <code className="block rounded-md bg-muted px-3 py-2 text-xs break-all">
                  {postbackUrl(window.location.origin, revealed ? secret : HIDDEN)}
                </code>
                <CopyButton
                  text={postbackUrl(window.location.origin, secret)}
                  label={T.copyUrl}
                  copied={T.copiedUrl}
                  failed={T.copyUrlFailed}
                />
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
          <PostbackTools offerId={offer.offer_id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** "test=1, click_id=…, payout=12" for a log row: what the postback carried. */
function carriedText(carried: Record<string, string | number | null>): string {
  return Object.entries(carried)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
}

/**
 * Send a test conversion, and the offer's last postbacks with what they carried and what we
 * answered (docs/decisions/049).
 */
function PostbackTools({ offerId }: { offerId: string }) {
  const log = usePostbackLog(offerId);
  const test = useSendTestConversion(offerId);
  const entries = log.data?.entries ?? [];
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex flex-col items-start gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending}
          onClick={() => test.mutate(undefined, { onSuccess: (r) => toast.success(r.message) })}
        >
          {test.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <FlaskConical aria-hidden="true" />
          )}
          {test.isPending ? T.sendingTest : T.sendTest}
        </Button>
        <p className="text-xs text-muted-foreground">{T.testHint}</p>
        {test.isError ? (
          <Alert variant="danger">{failureMessage(test.error, T.testFailed)}</Alert>
        ) : null}
      </div>
      <section aria-labelledby="postback-log-title" className="flex flex-col gap-2">
        <h3 id="postback-log-title" className="text-sm font-semibold">
          {T.logTitle}
        </h3>
        <p className="text-xs text-muted-foreground">{T.logHint(log.data?.limit ?? 100)}</p>
        {log.isError ? (
          <Alert variant="danger">{failureMessage(log.error, T.logFailed)}</Alert>
        ) : log.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            {T.logLoading}
          </p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.logEmpty}</p>
        ) : (
          <div className="max-h-80 overflow-y-auto">
            <DataTable
              label={T.logTitle}
              header={
                <>
                  <TableHeaderCell>{T.logReceived}</TableHeaderCell>
                  <TableHeaderCell>{T.logCarried}</TableHeaderCell>
                  <TableHeaderCell>{T.logAnswer}</TableHeaderCell>
                </>
              }
              rows={entries}
              renderRow={(e) => (
                <TableRow key={e.id}>
                  <TableCell label={T.logReceived} className="text-xs whitespace-nowrap">
                    {e.received_at.slice(0, 19).replace('T', ' ')}
                    {e.test ? (
                      <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-medium">
                        {T.logTest}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell label={T.logCarried} className="text-xs break-all">
                    <code>{carriedText(e.carried)}</code>
                  </TableCell>
                  <TableCell label={T.logAnswer} className="text-xs">
                    <span className="font-semibold tabular-nums">{e.status_code}</span> {e.message}
                  </TableCell>
                </TableRow>
              )}
            />
          </div>
        )}
      </section>
    </div>
  );
}
