import { useState } from 'react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ExternalLink from 'lucide-react/icons/external-link';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import ShieldQuestion from 'lucide-react/icons/shield-question';
import XCircle from 'lucide-react/icons/circle-x';
import { useMutationState } from '@tanstack/react-query';
import {
  decideIdentityClaimBodySchema,
  IDENTITY_CLAIM_MESSAGES,
  IDENTITY_CLAIM_NOTE_MAX,
  type IdentityClaim,
  type IdentityClaimStatus,
} from '@trustlinks/contract/identity';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/form-field';
import { TableCell, TableRow } from '../../../components/ui/table';
import { serverMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useUrlPagedFilter } from '../../../lib/use-url-state';
import { CLAIM_FILTERS, CLAIMS_TEXT as T } from '../admin-texts';
import { identityClaimDecisionKey, useDecideIdentityClaim } from '../api/decide-identity-claim';
import type { DecideIdentityClaimInput } from '../api/decide-identity-claim';
import { IDENTITY_CLAIMS_PAGE_SIZE, useIdentityClaims } from '../api/get-identity-claims';
import { AdminListFilter, AdminListTable, usePageWithinRange } from './admin-list-table';
import { Form } from '../../../components/ui/form';

type Decision = 'approved' | 'rejected';

const DAY_MS = 24 * 3_600_000;

/**
 * Identity Claims (ours, docs/decisions/013): LinkedIn profiles sent for identity verification. An admin
 * checks the profile and approves (the user gets full contact access) or rejects with a note;
 * the user is mailed either way. Backed by GET and PUT /admin/identity-claims.
 */
export function IdentityClaimsTab() {
  const paged = useUrlPagedFilter<IdentityClaimStatus>(
    { filter: 'claims', page: 'cpage' },
    'pending_review',
    CLAIM_FILTERS.map((f) => f.value),
  );
  const { filter: status, page, setPage } = paged;
  const [deciding, setDeciding] = useState<{ claim: IdentityClaim; decision: Decision } | null>(
    null,
  );

  const list = useIdentityClaims({ status, page, limit: IDENTITY_CLAIMS_PAGE_SIZE });
  const busyIds = new Set(
    useMutationState({
      filters: { mutationKey: identityClaimDecisionKey, status: 'pending' },
      select: (m) => (m.state.variables as DecideIdentityClaimInput | undefined)?.id,
    }),
  );

  const claims = list.data?.claims ?? [];
  const pagination = list.data?.pagination;
  usePageWithinRange(page, pagination, setPage);
  const pending = status === 'pending_review';

  return (
    <AdminListTable
      list={list}
      rows={claims}
      pagination={pagination}
      page={page}
      onPageChange={setPage}
      texts={T}
      filter={<AdminListFilter label={T.filterLabel} paged={paged} options={CLAIM_FILTERS} />}
      empty={{ icon: <ShieldQuestion />, title: T.empty[status], description: T.emptyHint }}
      columns={[T.colUser, T.colProfile, T.colAccountAge, T.colSubmitted]}
      actionsLabel={T.colActions}
      minWidth="md:min-w-[52rem]"
      renderRow={(claim) => {
        const age = Date.now() - new Date(claim.account_created_at).getTime();
        const busy = busyIds.has(claim.claim_id);
        return (
          <TableRow key={claim.claim_id} data-claim-id={claim.claim_id}>
            <TableCell>
              <div className="min-w-0">
                <p className="max-w-[14rem] truncate font-medium">{claim.user_name}</p>
                <p className="max-w-[14rem] truncate text-xs text-muted-foreground">
                  {claim.user_email}
                </p>
              </div>
            </TableCell>
            <TableCell label={T.colProfile}>
              <a
                href={claim.profile_url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                aria-label={T.openProfile(claim.user_name)}
                className="inline-flex max-w-[16rem] items-center gap-1 text-brand underline-offset-2 hover:underline"
              >
                <span className="truncate">
                  {claim.profile_url.replace(/^https:\/\/www\./, '')}
                </span>
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
              </a>
            </TableCell>
            <TableCell label={T.colAccountAge}>
              <span className="whitespace-nowrap">{T.age(age)}</span>
              {age < DAY_MS ? (
                <Badge variant="warning" className="ml-2">
                  {T.newAccount}
                </Badge>
              ) : null}
            </TableCell>
            <TableCell label={T.colSubmitted}>
              <span className="whitespace-nowrap">{formatDateTime(claim.submitted_at)}</span>
            </TableCell>
            <TableCell className="md:text-right">
              {pending ? (
                <div className="flex flex-wrap gap-2 md:justify-end">
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-label={`${T.approve}: ${claim.user_name}`}
                    onClick={() => setDeciding({ claim, decision: 'approved' })}
                  >
                    {busy ? (
                      <LoaderCircle aria-hidden="true" className="animate-spin" />
                    ) : (
                      <BadgeCheck aria-hidden="true" />
                    )}
                    {T.approve}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    aria-label={`${T.reject}: ${claim.user_name}`}
                    onClick={() => setDeciding({ claim, decision: 'rejected' })}
                  >
                    <XCircle aria-hidden="true" />
                    {T.reject}
                  </Button>
                </div>
              ) : (
                <DecisionSummary claim={claim} />
              )}
            </TableCell>
          </TableRow>
        );
      }}
    >
      <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </AdminListTable>
  );
}

function DecisionSummary({ claim }: { claim: IdentityClaim }) {
  const approved = claim.status === 'approved';
  const label = CLAIM_FILTERS.find((f) => f.value === claim.status)?.label ?? claim.status;
  return (
    <div className="flex flex-col gap-1 md:items-end">
      <Badge variant={approved ? 'success' : 'danger'}>
        {T.decided(label, formatDate(claim.decided_at))}
      </Badge>
      {claim.decision_note ? (
        <p className="max-w-[16rem] text-xs text-muted-foreground md:text-right">
          {claim.decision_note}
        </p>
      ) : null}
    </div>
  );
}

/** Approve or reject one claim, with a note (required for a rejection: the user reads why). */
function DecisionDialog({
  deciding,
  onClose,
}: {
  deciding: { claim: IdentityClaim; decision: Decision } | null;
  onClose: () => void;
}) {
  const reject = deciding?.decision === 'rejected';
  // The contract's body; a rejection needs a note (the user reads why), as the server says.
  const form = useContractForm({
    initial: { note: '' },
    schema: decideIdentityClaimBodySchema,
    // Only sent with a claim open (busy otherwise); the schema names a missing decision.
    toInput: (v) => ({ decision: deciding?.decision as Decision, note: v.note.trim() || null }),
    precheck: (v) =>
      reject && !v.note.trim() ? { note: IDENTITY_CLAIM_MESSAGES.rejectNoteRequired } : {},
  });
  const decide = useDecideIdentityClaim();
  const name = deciding?.claim.user_name ?? '';

  function close() {
    if (decide.isPending) return;
    form.reset({ note: '' });
    onClose();
  }

  const handleSubmit = form.onSubmit({
    busy: !deciding || decide.isPending,
    onValid: (checked) => {
      if (!deciding) return;
      decide.mutate(
        { id: deciding.claim.claim_id, decision: deciding.decision, note: checked.data.note },
        {
          onSuccess: ({ message }) => {
            toast.success(message);
            form.reset({ note: '' });
            onClose();
          },
          onError: (err) => {
            form.showServerErrors(err);
            toast.error(serverMessage(err) ?? T.failed);
          },
        },
      );
    },
  });

  const formId = 'identity-claim-decision';
  return (
    <Dialog open={deciding !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {deciding ? (
        <DialogContent
          size="sm"
          title={reject ? T.rejectTitle : T.approveTitle}
          description={reject ? T.rejectDescription(name) : T.approveDescription(name)}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline" disabled={decide.isPending}>
                  {T.cancel}
                </Button>
              </DialogClose>
              <Button
                type="submit"
                form={formId}
                variant={reject ? 'danger' : 'primary'}
                disabled={decide.isPending}
              >
                {decide.isPending
                  ? reject
                    ? T.rejecting
                    : T.approving
                  : reject
                    ? T.confirmReject
                    : T.confirmApprove}
              </Button>
            </>
          }
        >
          <Form id={formId} onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
            <Alert variant="info">
              <a
                href={deciding.claim.profile_url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="break-all underline underline-offset-2"
              >
                {deciding.claim.profile_url}
              </a>
            </Alert>
            <TextAreaField
              label={T.noteLabel}
              labelSuffix={reject ? T.noteRequired : T.noteOptional}
              hint={T.noteHint}
              maxLength={IDENTITY_CLAIM_NOTE_MAX}
              rows={3}
              {...form.text('note')}
            />
          </Form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
