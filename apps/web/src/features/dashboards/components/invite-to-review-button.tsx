import Star from 'lucide-react/icons/star';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { useCreateReviewInvitations } from '../../../lib/api/review-invitations';
import { toast } from '../../../lib/toast';
import { INVITE_LINK_TEXT as T } from '../dashboards-texts';

/**
 * An approved partner asked to review the company (docs/decisions/057): a link tied to this
 * application, shown once (only its hash is kept), for the members of the partner company.
 */
export function InviteToReviewButton({
  entityId,
  applicationId,
  partner,
}: {
  entityId: string;
  applicationId: string;
  partner: string;
}) {
  const create = useCreateReviewInvitations(entityId);
  const [link, setLink] = useState<string | null>(null);
  function handleClick() {
    create.mutate(
      { application_id: applicationId },
      {
        onSuccess: (answer) => setLink(answer.link),
        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
      },
    );
  }
  return (
    <>
      <Button variant="outline" size="sm" disabled={create.isPending} onClick={handleClick}>
        <Star aria-hidden="true" />
        {T.button}
      </Button>
      <Dialog open={link !== null} onOpenChange={(open) => (open ? null : setLink(null))}>
        {link ? (
          <DialogContent title={T.title(partner)}>
            <p className="text-sm text-muted-foreground">{T.hint}</p>
            <input
              readOnly
              value={link}
              aria-label={T.linkLabel}
              className="mt-3 w-full rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="mt-3">
              <CopyButton text={link} label={T.copy} copied={T.copied} failed={T.copyFailed} />
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
