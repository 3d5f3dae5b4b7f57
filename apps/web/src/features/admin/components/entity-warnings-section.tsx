import TriangleAlert from 'lucide-react/icons/triangle-alert';
import {
  placeWarningSchema,
  WARNING_KIND_LABELS,
  WARNING_KINDS,
  type WarningKind,
} from '@trustlinks/contract/warnings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { serverMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { WARNINGS_TEXT as T } from '../admin-texts';
import { useEntityWarnings, useLiftWarning, usePlaceWarning } from '../api/entity-warnings';
import { Form } from '../../../components/ui/form';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Public warnings of one entity in the admin's entity modal (docs/decisions/012): the warnings (active and
 * lifted), a form to place one, Lift on the active ones, and the audit list of every change.
 */
export function EntityWarningsSection({ entityId }: { entityId: string }) {
  const warnings = useEntityWarnings(entityId);
  const place = usePlaceWarning(entityId);
  const lift = useLiftWarning(entityId);
  // The contract's placeWarningSchema: its text and date rules show under their fields.
  const form = useContractForm({
    initial: () => ({ kind: 'non_payment' as WarningKind, public_text: '', warning_date: today() }),
    schema: placeWarningSchema,
    toInput: (values) => values,
  });

  const handlePlace = form.onSubmit({
    busy: place.isPending,
    onValid: (checked) => {
      place.mutate(checked.body, {
        onSuccess: (data) => {
          toast.success(data.message);
          form.set('public_text', '');
        },
        onError: (error) => {
          form.showServerErrors(error);
          toast.error(serverMessage(error) ?? T.failed);
        },
      });
    },
  });

  function handleLift(warningId: string) {
    lift.mutate(
      { warningId, note: null },
      {
        onSuccess: (data) => toast.success(data.message),
        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
      },
    );
  }

  return (
    <section className="border-t border-border pt-4" aria-labelledby={`warnings-${entityId}`}>
      <h3
        id={`warnings-${entityId}`}
        className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {T.section}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{T.hint}</p>
      {warnings.isPending ? (
        <Skeleton className="mt-3 h-16 rounded-lg" />
      ) : warnings.isError ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {T.loadFailed}
        </p>
      ) : (
        <>
          {warnings.data.warnings.length === 0 ? (
            <p className="mt-3 text-sm">{T.none}</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-2">
              {warnings.data.warnings.map((w) => (
                <li key={w.warning_id} className="rounded-lg border border-border p-3 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <TriangleAlert aria-hidden="true" className="size-4 text-danger" />
                    <span className="font-medium">{WARNING_KIND_LABELS[w.kind]}</span>
                    <span className="text-muted-foreground">
                      {formatDate(`${w.warning_date}T12:00:00Z`)}
                    </span>
                    {w.lifted_at ? (
                      <Badge variant="outline">
                        {T.lifted(formatDate(w.lifted_at), w.lifted_by)}
                      </Badge>
                    ) : (
                      <Badge variant="danger">{T.active}</Badge>
                    )}
                  </div>
                  <p className="mt-1 whitespace-pre-line break-words">{w.public_text}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {T.placedBy(formatDate(w.created_at), w.placed_by)}
                  </p>
                  {w.lifted_at ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      className="mt-2"
                      disabled={lift.isPending}
                      onClick={() => handleLift(w.warning_id)}
                    >
                      {lift.isPending ? T.lifting : T.lift}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {warnings.data.audit.length > 0 ? (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium">{T.audit}</summary>
              <ol className="mt-2 flex flex-col gap-1.5">
                {warnings.data.audit.map((e) => (
                  <li key={e.event_id} className="text-muted-foreground">
                    <span className="font-medium text-foreground">
                      {e.action === 'placed' ? T.auditPlaced : T.auditLifted}
                    </span>{' '}
                    · {WARNING_KIND_LABELS[e.kind]} · {formatDateTime(e.created_at)}
                    {e.actor ? ` · ${e.actor}` : ''}
                    {e.note ? <span className="block break-words">{e.note}</span> : null}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </>
      )}
      <Form
        noValidate
        onSubmit={handlePlace}
        className="mt-4 flex flex-col gap-3 rounded-lg bg-muted/50 p-3"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={T.kind}
            value={form.values.kind}
            onChange={(e) => form.set('kind', e.target.value as WarningKind)}
          >
            {WARNING_KINDS.map((k) => (
              <option key={k} value={k}>
                {WARNING_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <TextField label={T.date} type="date" max={today()} {...form.text('warning_date')} />
        </div>
        <TextAreaField label={T.text} hint={T.textHint} {...form.text('public_text')} />
        <Button type="submit" size="sm" className="self-start" disabled={place.isPending}>
          {place.isPending ? T.placing : T.place}
        </Button>
      </Form>
    </section>
  );
}
