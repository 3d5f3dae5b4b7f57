import { Alert } from '../../../components/ui/alert';
import { useSession } from '../../../lib/session';
import { useEntity } from '../api/get-entity';
import { OWNER_CHANGE_TEXT as T } from '../entities-texts';

/**
 * For the entity's own users: the change of name, website, email or sign-up URL they asked for, while it
 * waits for an admin (the page itself shows the approved values), and how many visitors 'Join'
 * sent to their sign-up page. Nothing for anyone else, and nothing when the private read is
 * refused (the server decides who still speaks for the entity).
 */
export function OwnerChangeNotice({ entityId }: { entityId: string }) {
  const session = useSession();
  const own = Boolean(session && session.user.entity_id === entityId);
  if (!own || !session) return null;
  return <Notice entityId={entityId} userId={session.user.user_id} />;
}

function Notice({ entityId, userId }: { entityId: string; userId: string }) {
  const entity = useEntity(entityId, userId);
  const joinClicks = entity.data?.entity.join_click_count;
  const change = entity.data?.entity.pending_change;
  const stat =
    joinClicks === undefined ? null : (
      <p className="mb-4 text-sm text-muted-foreground">{T.joinClicks(joinClicks)}</p>
    );
  if (!change) return stat;
  const rows = [
    [T.name, change.name],
    [T.website, change.website],
    [T.email, change.email],
    [T.signupUrl, change.signup_url ?? null],
  ].filter((r): r is [string, string] => r[1] !== null);
  return (
    <>
      {stat}
      <Alert variant="info" title={T.title} className="mb-5">
        <p>{T.body}</p>
        <dl className="mt-2 grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </Alert>
    </>
  );
}
