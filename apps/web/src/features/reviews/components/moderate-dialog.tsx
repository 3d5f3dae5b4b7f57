import { useState } from 'react';
import type { FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import {
  MODERATION_ACTIONS,
  type ModerationAction,
  type Review,
} from '@trustlinks/contract/reviews';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/form-field';
import { toast } from '../../../lib/toast';
import { useModerateReview } from '../api/moderate-review';
import { MODERATION_TEXT as T } from '../reviews-texts';

export interface ModerationTarget {
  review: Review;
  action: ModerationAction;
}

/** The moderation modal (docs/product/admin.md): an action select and optional admin notes. */
export function ModerateDialog({
  target,
  onOpenChange,
}: {
  target: ModerationTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      {target ? (
        <ModerateForm
          key={`${target.review.review_id}-${target.action}`}
          target={target}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function ModerateForm({ target, onDone }: { target: ModerationTarget; onDone: () => void }) {
  const [action, setAction] = useState<ModerationAction>(target.action);
  const [notes, setNotes] = useState(target.review.admin_notes ?? '');
  const moderate = useModerateReview();
  const formId = `moderate-${target.review.review_id}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (moderate.isPending) return;
    moderate.mutate(
      { reviewId: target.review.review_id, action, admin_notes: notes.trim() || null },
      {
        onSuccess: () => {
          toast.success(T.success(action));
          onDone();
        },
        onError: () => toast.error(T.failed),
      },
    );
  }

  return (
    <DialogContent
      title={T.dialogTitle}
      description={target.review.title}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={moderate.isPending}>
            {moderate.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : null}
            {moderate.isPending ? T.submitting : T.submit}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <SelectField
          label={T.action}
          value={action}
          onChange={(e) => setAction(e.target.value as ModerationAction)}
        >
          {MODERATION_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {T.actions[a]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={T.notes}
          hint={T.notesHint}
          rows={4}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </form>
    </DialogContent>
  );
}
