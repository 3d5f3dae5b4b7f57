import Send from 'lucide-react/icons/send';
import { useState, type FormEvent } from 'react';
import { REVIEW_INVITATION_LIMITS } from '@trustlinks/contract/review-invitations';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form';
import { TextAreaField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useCreateReviewInvitations,
  useReviewInvitations,
} from '../../../lib/api/review-invitations';
import { INVITE_TEXT as T } from '../reviews-texts';

/** The addresses typed: split on commas, semicolons, spaces and lines. */
export function parseEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/**
 * Review invitations for the company's members (docs/decisions/057): addresses to mail, today's
 * count against the daily limit, and the latest invitations with their state. The textarea is read
 * from the form when it is sent, so nothing typed is lost.
 */
export function InviteReviewsCard({ entityId }: { entityId: string }) {
  const list = useReviewInvitations(entityId);
  const create = useCreateReviewInvitations(entityId);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const emails = parseEmails(String(new FormData(form).get('emails') ?? ''));
    if (emails.length === 0) return setError(T.noEmails);
    setError(null);
    create.mutate(
      { emails: emails.slice(0, REVIEW_INVITATION_LIMITS.emailsMax + 1) },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          form.reset();
        },
        onError: (err) => setError(serverMessage(err) ?? T.failed),
      },
    );
  }

  const data = list.data;
  return (
    <Card className="mb-6 p-5" data-testid="invite-reviews">
      <h3 className="text-base font-semibold">{T.title}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{T.intro}</p>
      <Form noValidate onSubmit={handleSubmit} className="mt-4 flex flex-col gap-3">
        <TextAreaField
          name="emails"
          label={T.emailsLabel}
          hint={T.emailsHint}
          error={error ?? undefined}
          rows={3}
          autoComplete="off"
        />
        <PendingButton
          pending={create.isPending}
          label={T.send}
          pendingLabel={T.sending}
          icon={<Send aria-hidden="true" />}
          className="self-start"
        />
      </Form>
      {data ? (
        <div className="mt-4">
          <p className="text-sm text-muted-foreground">
            {T.sentToday(data.sent_today, data.daily_limit)}
          </p>
          <h4 className="mt-3 text-sm font-medium">{T.listLabel}</h4>
          {data.invitations.length === 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">{T.empty}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-1.5 text-sm">
              {data.invitations.slice(0, 10).map((inv) => (
                <li key={inv.invitation_id} className="flex items-center justify-between gap-3">
                  <span className="min-w-0 truncate">
                    {inv.email ?? T.applicationLink(inv.partner_name)}
                  </span>
                  <Badge variant={inv.status === 'used' ? 'success' : 'outline'}>
                    {T.status[inv.status]}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Card>
  );
}
