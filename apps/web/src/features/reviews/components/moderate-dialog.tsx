import {
  MODERATION_ACTIONS,
  moderateSchema,
  REVIEW_LIMITS,
  type ModerationAction,
  type Review,
} from '@trustlinks/contract/reviews';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useModerateReview } from '../api/moderate-review';
import { MODERATION_TEXT as T } from '../reviews-texts';
import { Form } from '../../../components/ui/form';

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
  const form = useContractForm({
    initial: { action: target.action, notes: target.review.admin_notes ?? '' },
    schema: moderateSchema,
    toInput: (v) => ({ action: v.action, admin_notes: v.notes.trim() || null }),
    fieldOf: { admin_notes: 'notes' },
  });
  const { action } = form.values;
  const moderate = useModerateReview();
  const formId = `moderate-${target.review.review_id}`;

  const handleSubmit = form.onSubmit({
    busy: moderate.isPending,
    onValid: (checked) => {
      moderate.mutate(
        { reviewId: target.review.review_id, ...checked.body },
        {
          onSuccess: () => {
            toast.success(T.success(action));
            onDone();
          },
          onError: (error) => {
            form.showServerErrors(error);
            toast.error(T.failed);
          },
        },
      );
    },
  });

  return (
    <DialogContent
      title={T.dialogTitle}
      description={target.review.title}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <PendingButton
            form={formId}
            pending={moderate.isPending}
            label={T.submit}
            pendingLabel={T.submitting}
          />
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <SelectField
          label={T.action}
          value={action}
          onChange={(e) => form.set('action', e.target.value as ModerationAction)}
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
          maxLength={REVIEW_LIMITS.adminNotesMax}
          {...form.text('notes')}
        />
      </Form>
    </DialogContent>
  );
}
