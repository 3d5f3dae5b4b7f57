import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format-date';
import { USERS_TEXT as T } from '../admin-texts';
import { useAdminAudit } from '../api/get-admin-audit';

/** The audit list under User Management (docs/decisions/032): bans, unbans and review decisions. */
export function AdminAuditList() {
  const [page, setPage] = useState(1);
  const audit = useAdminAudit(page);
  const entries = audit.data?.entries ?? [];
  return (
    <section aria-labelledby="admin-audit-heading" className="mt-6 flex flex-col gap-3">
      <h2 id="admin-audit-heading" className="text-lg font-semibold">
        {T.auditHeading}
      </h2>
      {audit.isError ? <Alert variant="danger">{T.auditFailed}</Alert> : null}
      {audit.data && entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.auditEmpty}</p>
      ) : null}
      {entries.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {entries.map((e) => (
            <li
              key={e.action_id}
              className="flex flex-col gap-1 px-4 py-3 text-sm"
              data-audit-entry
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={e.action === 'user_banned' ? 'danger' : 'neutral'}>
                  {T.auditActions[e.action]}
                </Badge>
                {e.target_user ? (
                  <span className="font-medium break-all">{e.target_user}</span>
                ) : null}
                <span className="text-muted-foreground">
                  {T.auditBy(e.actor)} · {formatDateTime(e.created_at)}
                </span>
              </div>
              {e.reason ? (
                <p className="break-words whitespace-pre-line text-muted-foreground">
                  {T.reasonShown(e.reason)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {page > 1 || audit.data?.has_more ? (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={page === 1 || audit.isFetching}
            onClick={() => setPage(page - 1)}
          >
            {T.auditNewer}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!audit.data?.has_more || audit.isFetching}
            onClick={() => setPage(page + 1)}
          >
            {T.auditMore}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
