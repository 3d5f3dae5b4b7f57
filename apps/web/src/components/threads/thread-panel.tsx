import { useId, useState } from 'react';
import Flag from 'lucide-react/icons/flag';
import {
  THREAD_LIMITS,
  threadMessageInputSchema,
  threadReportInputSchema,
  type ThreadMessage,
} from '@trustlinks/contract/threads';
import { Button } from '../ui/button';
import { Form } from '../ui/form';
import { TextAreaField } from '../ui/form-field';
import { serverMessage } from '../../lib/api-client';
import {
  useReportMessage,
  useThread,
  useWriteInThread,
  type ThreadAddress,
} from '../../lib/api/threads';
import { formatDateTime } from '../../lib/format-date';
import { linkParts } from '../../lib/safe-links';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useContractForm } from '../../lib/use-contract-form';
import { THREAD_TEXT as T } from './threads-texts';

/** A member's text: never HTML; http(s) addresses as links marked as theirs, not ours. */
export function SafeText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {linkParts(text).map((part, i) =>
        'href' in part ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="nofollow ugc noopener"
            className="text-brand underline"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * The conversation of one deal (docs/decisions/050-deal-threads.md): its messages, oldest first,
 * and a form to write (the parties) — or read only (an admin reading a reported one).
 */
export function ThreadPanel({ address }: { address: ThreadAddress }) {
  const query = useThread(address);
  if (query.isPending) return <p className="py-4 text-sm text-muted-foreground">{T.loading}</p>;
  if (query.isError)
    return (
      <p role="alert" className="py-4 text-sm text-danger">
        {serverMessage(query.error) ?? T.failed}
      </p>
    );
  const { messages, can_write, thread } = query.data;
  const writeAddress: ThreadAddress = thread ? { threadId: thread.thread_id } : address;
  return (
    <section aria-label={T.title} className="flex flex-col gap-3" data-testid="thread-panel">
      <p className="text-xs text-muted-foreground">{can_write ? T.intro : T.readOnly}</p>
      {messages.length ? (
        <ol className="flex max-h-96 flex-col gap-2 overflow-y-auto">
          {messages.map((m) => (
            <MessageItem key={m.message_id} message={m} canReport={can_write} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{T.empty}</p>
      )}
      {can_write ? <WriteForm address={writeAddress} /> : null}
    </section>
  );
}

function MessageItem({ message, canReport }: { message: ThreadMessage; canReport: boolean }) {
  const [reporting, setReporting] = useState(false);
  const mine = message.side === 'mine';
  return (
    <li
      className={cn('rounded-lg border border-border p-3', mine ? 'ml-8 bg-muted' : 'mr-8 bg-card')}
      data-testid="thread-message"
    >
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">
          {mine ? `${T.you} · ${message.sender_name}` : message.sender_name}
        </span>
        <span>{formatDateTime(message.created_at)}</span>
        {message.removed ? (
          <span className="text-danger">{T.removed}</span>
        ) : message.reported ? (
          <span className="text-danger">{T.reported}</span>
        ) : null}
        {canReport && !mine && !message.reported ? (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto h-6 px-2 text-xs"
            onClick={() => setReporting((v) => !v)}
          >
            <Flag aria-hidden="true" />
            {T.report}
          </Button>
        ) : null}
      </p>
      {message.removed ? (
        // The API serves a fixed text in place of a removed message (docs/decisions/050).
        <p className="mt-1 text-sm text-muted-foreground italic" data-testid="removed-message">
          {message.body}
        </p>
      ) : (
        <div className="mt-1">
          <SafeText text={message.body} />
        </div>
      )}
      {reporting ? (
        <ReportForm messageId={message.message_id} onDone={() => setReporting(false)} />
      ) : null}
    </li>
  );
}

function WriteForm({ address }: { address: ThreadAddress }) {
  const formId = useId();
  const write = useWriteInThread(address);
  const form = useContractForm({
    initial: { body: '' },
    schema: threadMessageInputSchema,
    toInput: (v) => v,
  });
  const handleSubmit = form.onSubmit({
    busy: write.isPending,
    onValid: (checked) =>
      write.mutate(checked.body.body, {
        onSuccess: () => form.reset({ body: '' }),
        onError: (error) => toast.error(serverMessage(error) ?? T.sendFailed),
      }),
  });
  return (
    <Form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <TextAreaField
        label={T.message}
        rows={3}
        maxLength={THREAD_LIMITS.bodyMax}
        {...form.text('body')}
      />
      <Button type="submit" className="self-end" disabled={write.isPending}>
        {write.isPending ? T.sending : T.send}
      </Button>
    </Form>
  );
}

function ReportForm({ messageId, onDone }: { messageId: string; onDone: () => void }) {
  const report = useReportMessage();
  const form = useContractForm({
    initial: { reason: '' },
    schema: threadReportInputSchema,
    toInput: (v) => v,
  });
  const handleSubmit = form.onSubmit({
    busy: report.isPending,
    onValid: (checked) =>
      report.mutate(
        { messageId, reason: checked.body.reason },
        {
          onSuccess: ({ message }) => {
            toast.success(message);
            onDone();
          },
          onError: (error) => toast.error(serverMessage(error) ?? T.reportFailed),
        },
      ),
  });
  return (
    <Form noValidate onSubmit={handleSubmit} className="mt-2 flex flex-col gap-2">
      <TextAreaField
        label={T.reportReason}
        rows={2}
        maxLength={THREAD_LIMITS.reasonMax}
        {...form.text('reason')}
      />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="self-end"
        disabled={report.isPending}
      >
        {T.reportSend}
      </Button>
    </Form>
  );
}
