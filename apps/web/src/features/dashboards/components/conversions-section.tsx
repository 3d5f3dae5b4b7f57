import { useState } from 'react';
import type { FormEvent } from 'react';
import Download from 'lucide-react/icons/download';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import {
  CONVERSION_LIMITS,
  CONVERSION_STATUSES,
  type Conversion,
  type ConversionStatus,
} from '@trustlinks/contract/conversions';
import type { ResultsResponse } from '@trustlinks/contract/results';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { SelectField, TextAreaField } from '../../../components/ui/form-field';
import { DataTable, TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table';
import { formatMoney } from '../../../lib/format-number';
import { toast } from '../../../lib/toast';
import { useSetConversionStatus } from '../api/postback-tools';
import { CONVERSIONS_TEXT as T } from '../dashboards-texts';
import { DIALOG_CLOSE_LABEL, failureMessage } from './dashboard-parts';

/** "2026-11-29 14:03" for a conversion's time (UTC). */
const utcMinute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** A conversion's status as its affiliate and advertiser read it, with a rejection's reason. */
function StatusCell({ c }: { c: Conversion }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="font-medium" data-testid="conversion-status">
        {c.over_cap ? T.overCap : T.statuses[c.status]}
      </span>
      {c.reason ? (
        <span className="text-xs text-muted-foreground">{T.reason(c.reason)}</span>
      ) : null}
    </div>
  );
}

/** The owner's status of one conversion: a status, and a reason when it is rejected. */
function SetStatusDialog({
  conversion,
  onClose,
}: {
  conversion: Conversion | null;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<ConversionStatus>('approved');
  const [reason, setReason] = useState('');
  const save = useSetConversionStatus();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!conversion) return;
    save.mutate(
      {
        offerId: conversion.offer_id,
        clickId: conversion.click_id,
        body: { status, reason: status === 'rejected' ? reason : null },
      },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open={conversion !== null}
      onOpenChange={(open) => {
        if (open) return;
        save.reset();
        onClose();
      }}
    >
      {conversion ? (
        <DialogContent
          closeLabel={DIALOG_CLOSE_LABEL}
          title={T.setStatusTitle}
          description={T.setStatusDescription(conversion.click_id)}
        >
          <Form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <SelectField
              label={T.newStatus}
              value={status}
              onChange={(e) => setStatus(e.target.value as ConversionStatus)}
            >
              {CONVERSION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {T.statuses[s]}
                </option>
              ))}
            </SelectField>
            {status === 'rejected' ? (
              <TextAreaField
                label={T.reasonLabel}
                rows={3}
                required
                maxLength={CONVERSION_LIMITS.reasonMax}
                placeholder={T.reasonPlaceholder}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            ) : null}
            {save.isError ? (
              <Alert variant="danger">{failureMessage(save.error, T.failed)}</Alert>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">{T.cancel}</Button>
              </DialogClose>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : null}
                {save.isPending ? T.saving : T.save}
              </Button>
            </div>
          </Form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * The period's conversions in Results with their status (docs/decisions/049): the affiliate
 * reads them; the offer's advertiser (`manage`) sets each one's status.
 */
export function ConversionsSection({
  data,
  manage,
  onExport,
  exporting,
}: {
  data: ResultsResponse;
  manage: boolean;
  onExport: () => void;
  exporting: boolean;
}) {
  const [editing, setEditing] = useState<Conversion | null>(null);
  const byAffiliate = data.group_by === 'affiliate';
  return (
    <section aria-labelledby="results-conversions" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id="results-conversions" className="text-base font-semibold">
          {T.heading}
        </h3>
        <Button variant="outline" size="sm" onClick={onExport} disabled={exporting}>
          <Download aria-hidden="true" />
          {T.exportCsv}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{T.hint}</p>
      <p className="text-sm" data-testid="conversion-counts">
        {T.counts(data.conversion_counts)}
      </p>
      {data.conversions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.empty}</p>
      ) : (
        <DataTable
          label={T.heading}
          header={
            <>
              <TableHeaderCell>{T.convertedAt}</TableHeaderCell>
              <TableHeaderCell>{byAffiliate ? T.affiliate : T.offer}</TableHeaderCell>
              <TableHeaderCell>{T.sub1}</TableHeaderCell>
              <TableHeaderCell>{T.payout}</TableHeaderCell>
              <TableHeaderCell>{T.status}</TableHeaderCell>
              {manage ? <TableHeaderCell>{T.setStatus}</TableHeaderCell> : null}
            </>
          }
          rows={data.conversions}
          renderRow={(c) => (
            <TableRow key={c.click_id}>
              <TableCell label={T.convertedAt} className="whitespace-nowrap tabular-nums">
                {utcMinute(c.converted_at)}
              </TableCell>
              <TableCell label={byAffiliate ? T.affiliate : T.offer}>
                {byAffiliate ? c.affiliate_name : c.offer_title}
              </TableCell>
              <TableCell label={T.sub1} className="break-all">
                {c.sub1 ?? '—'}
              </TableCell>
              <TableCell label={T.payout} className="tabular-nums">
                {c.payout === null ? '—' : formatMoney(c.payout)}
              </TableCell>
              <TableCell label={T.status}>
                <StatusCell c={c} />
              </TableCell>
              {manage ? (
                <TableCell label={T.setStatus}>
                  {c.over_cap ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`${T.setStatus}: ${c.click_id}`}
                      onClick={() => setEditing(c)}
                    >
                      {T.setStatus}
                    </Button>
                  )}
                </TableCell>
              ) : null}
            </TableRow>
          )}
        />
      )}
      <SetStatusDialog conversion={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
