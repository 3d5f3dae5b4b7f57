import { useState } from 'react';
import MessagesSquare from 'lucide-react/icons/messages-square';
import type { ThreadSubjectKind } from '@trustlinks/contract/threads';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { ThreadPanel } from './thread-panel';
import { THREAD_TEXT as T } from './threads-texts';

/**
 * 'Conversation' on an application, a bid or a request (docs/decisions/050-deal-threads.md): the
 * deal's thread in a dialog, for its two companies.
 */
export function ThreadButton({
  kind,
  id,
  title,
  size = 'sm',
}: {
  kind: ThreadSubjectKind;
  id: string;
  title: string;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <MessagesSquare aria-hidden="true" />
        {T.open}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent title={T.dialogTitle(title)}>
            <ThreadPanel address={{ kind, id }} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
