import LoaderCircle from 'lucide-react/icons/loader-circle';
import { REPLY_TYPES } from '@trustlinks/contract/constants';
import {
  REVIEW_LIMITS,
  replyCreateSchema,
  type ReplyType,
  type Review,
} from '@trustlinks/contract/reviews';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useReplyToReview } from '../api/reply-to-review';
import { REPLY_TEXT as T, REPLY_TYPE_LABELS } from '../reviews-texts';
import { Form } from '../../../components/ui/form';

interface ReplyDialogProps {
  review: Review | null;
  onOpenChange: (open: boolean) => void;
  /** The type chosen when the dialog opens (e.g. 'dispute' from a Dispute button). */
  initialType?: ReplyType;
}

/** Which reply types the entity may still send: one response or clarification, disputes one at a time. */
export function availableReplyTypes(review: Review): ReplyType[] {
  return REPLY_TYPES.filter((type) =>
    type === 'dispute' ? !review.is_disputed : !review.has_owner_reply,
  );
}

/**
 * The reply modal (docs/product/dashboards.md#advertiser-dashboard, docs/product/entities.md#entity-page): Reply Type (Response, Clarification, Dispute), 'Your Reply',
 * Cancel and 'Submit Reply'. reply_text is required ('Please enter a reply'): the contract's
 * replyCreateSchema checks it, with the server's messages.
 */
export function ReplyDialog({ review, onOpenChange, initialType }: ReplyDialogProps) {
  return (
    <Dialog open={review !== null} onOpenChange={onOpenChange}>
      {review ? (
        <ReplyForm
          key={review.review_id}
          review={review}
          initialType={initialType}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function ReplyForm({
  review,
  initialType,
  onDone,
}: {
  review: Review;
  initialType?: ReplyType | undefined;
  onDone: () => void;
}) {
  const allowed = availableReplyTypes(review);
  const form = useContractForm({
    initial: {
      reply_type:
        initialType && allowed.includes(initialType) ? initialType : (allowed[0] ?? 'response'),
      reply_text: '',
    },
    schema: replyCreateSchema,
    toInput: (v) => ({ ...v, reply_text: v.reply_text.trim() }),
  });
  const type = form.values.reply_type;
  const reply = useReplyToReview();
  const formId = `reply-form-${review.review_id}`;

  const handleSubmit = form.onSubmit({
    busy: reply.isPending,
    onValid: (checked) => {
      reply.mutate(
        { reviewId: review.review_id, ...checked.body },
        {
          onSuccess: (data) => {
            toast.success(type === 'dispute' ? data.message : T.success);
            onDone();
          },
          onError: (err) => {
            const detail = serverMessage(err);
            toast.error(T.failed, detail ? { description: detail } : undefined);
          },
        },
      );
    },
  });

  return (
    <DialogContent
      title={T.title}
      description={T.description(review.title)}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={reply.isPending || allowed.length === 0}>
            {reply.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {reply.isPending ? T.submitting : T.submit}
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <SelectField
          label={T.type}
          value={type}
          onChange={(e) => form.set('reply_type', e.target.value as ReplyType)}
          hint={
            type === 'dispute'
              ? T.disputeHint
              : review.has_owner_reply
                ? T.alreadyReplied
                : undefined
          }
        >
          {REPLY_TYPES.map((t) => (
            <option key={t} value={t} disabled={!allowed.includes(t)}>
              {REPLY_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={T.text}
          placeholder={T.placeholder}
          rows={5}
          maxLength={REVIEW_LIMITS.replyMax}
          {...form.text('reply_text')}
        />
        {allowed.length === 0 ? <Alert variant="info">{T.alreadyReplied}</Alert> : null}
      </Form>
    </DialogContent>
  );
}
