import { useState, type FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import {
  REPORT_LIMITS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type Review,
} from '@trustlinks/contract/reviews';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/form-field';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useReportReview } from '../api/report-review';
import { REVIEW_SHARE_TEXT as T } from '../reviews-texts';
import { Form } from '../../../components/ui/form';

/**
 * Report a published review to the moderators (docs/decisions/027): a reason and optional details. The
 * server takes one report per user and review, a few a day; its message says which was refused.
 */
export function ReportDialog({
  review,
  onOpenChange,
}: {
  review: Review | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={review !== null} onOpenChange={onOpenChange}>
      {review ? (
        <ReportForm key={review.review_id} review={review} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function ReportForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const report = useReportReview();
  const [reason, setReason] = useState<ReportReason>('fake');
  const [details, setDetails] = useState('');
  const formId = `report-form-${review.review_id}`;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    report.mutate(
      { reviewId: review.review_id, reason, details: details.trim() || null },
      {
        onSuccess: (data) => {
          toast.success(data.message);
          onDone();
        },
        onError: (error) => {
          const detail = serverMessage(error);
          toast.error(T.failed, detail ? { description: detail } : undefined);
        },
      },
    );
  }

  return (
    <DialogContent
      title={T.reportTitle}
      description={T.reportDescription}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{T.cancel}</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={report.isPending}>
            {report.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {report.isPending ? T.submitting : T.submit}
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <SelectField
          label={T.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
        >
          {REPORT_REASONS.map((r) => (
            <option key={r} value={r}>
              {REPORT_REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={T.details}
          hint={T.detailsHint}
          rows={3}
          maxLength={REPORT_LIMITS.detailsMax}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
        />
      </Form>
    </DialogContent>
  );
}
