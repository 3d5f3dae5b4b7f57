import { ThreadInbox } from '../../../components/threads/thread-inbox';
import { senderVerifiedText } from '@trustlinks/contract/contact';
import { formatDateTime } from '../../../lib/format-date';
import { useEntityMessages } from '../api/get-entity-messages';
import { MESSAGES_TEXT as T } from '../dashboards-texts';
import { ListQueryPending } from './dashboard-parts';

/**
 * Members' messages to the company ('Join' without a sign-up page, docs/decisions/026): the mail
 * and the bell only say that a member wrote; the text is read here, beside the name the member
 * gave and what TrustLinks verified about them.
 */
export function MessagesTab({ entityId }: { entityId: string | null }) {
  // The deal conversations first (docs/decisions/050-deal-threads.md); below, members' messages
  // sent before Contact opened a conversation.
  return (
    <div className="flex flex-col gap-6">
      <ThreadInbox />
      {entityId ? <MessageList entityId={entityId} /> : null}
    </div>
  );
}

function MessageList({ entityId }: { entityId: string }) {
  const query = useEntityMessages(entityId);
  if (query.isPending || query.isError) return <ListQueryPending query={query} texts={T} />;
  const messages = query.data.messages;
  if (!messages.length) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{T.intro}</p>
      <ul className="flex flex-col gap-3">
        {messages.map((m) => (
          <li key={m.message_id} className="rounded-lg border border-border p-4">
            <p className="text-sm">
              <span className="font-semibold">{T.from(m.sender_name)}</span>{' '}
              <span className="text-muted-foreground">
                ({senderVerifiedText(m.sender_checks, m.sender_company)})
              </span>
            </p>
            <p className="text-xs text-muted-foreground">
              {m.sender_email} · {formatDateTime(m.created_at)}
            </p>
            <p className="mt-3 whitespace-pre-wrap break-words text-sm">{m.message}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
