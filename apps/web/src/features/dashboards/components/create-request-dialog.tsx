import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { PAYOUT_TYPES } from '@trustlinks/contract/constants';
import type { PayoutType } from '@trustlinks/contract/constants';
import { REQUEST_LIMITS } from '@trustlinks/contract/offer-requests';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { ApiClientError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateOfferRequest } from '../api/create-offer-request';
import { CREATE_REQUEST_TEXT as T, DASHBOARD_TEXT } from '../dashboards-texts';
import { fieldErrorsFromDetails, nowForDateTimeInput } from '../form-helpers';
import type { FieldErrors } from '../form-helpers';
import { buildRequestBody, EMPTY_REQUEST_FORM } from '../request-form-model';
import type { RequestField, RequestFormValues } from '../request-form-model';
import { failureMessage } from './dashboard-parts';

interface CreateRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Creating...' on the affiliate dashboard, 'Creating Request...' on the network's. */
  submittingLabel: string;
  /** The caller's entity; without one the form refuses with 'User not properly authenticated'. */
  entityId: string | null;
}

/**
 * Create Offer Request (SPEC §2.15, §2.16, §5). The draft is kept when the dialog is closed and
 * cleared after a successful create; every request list reloads.
 */
export function CreateRequestDialog({
  open,
  onOpenChange,
  submittingLabel,
  entityId,
}: CreateRequestDialogProps) {
  const formId = useId();
  const [values, setValues] = useState<RequestFormValues>(EMPTY_REQUEST_FORM);
  const [errors, setErrors] = useState<FieldErrors<RequestField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateOfferRequest();
  const busy = create.isPending;

  function set<K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function handleOpenChange(next: boolean) {
    if (!next) {
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!entityId) {
      setFormError(DASHBOARD_TEXT.notAuthenticated);
      return;
    }
    const built = buildRequestBody(values);
    if (built.kind === 'invalid-budget') {
      // SPEC §5: a budget range that is not JSON fails the submit with the generic message.
      setErrors({});
      setFormError(T.failed);
      return;
    }
    if (built.kind === 'invalid') {
      setErrors(built.errors);
      setFormError(T.fixErrors);
      return;
    }
    setErrors({});
    setFormError(null);
    create.mutate(built.body, {
      onSuccess: (response) => {
        toast.success(response.message || T.success);
        setValues(EMPTY_REQUEST_FORM);
        handleOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiClientError) setErrors(fieldErrorsFromDetails(error.details));
        setFormError(failureMessage(error, T.failed));
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        size="lg"
        title={T.title}
        description={T.description}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline">{T.cancel}</Button>
            </DialogClose>
            <Button type="submit" form={formId} disabled={busy}>
              {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {busy ? submittingLabel : T.submit}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          {formError ? <Alert variant="danger">{formError}</Alert> : null}
          <TextField
            label={T.requestTitle}
            required
            maxLength={REQUEST_LIMITS.titleMax}
            value={values.title}
            error={errors.title}
            onChange={(e) => set('title', e.target.value)}
          />
          <TextField
            label={T.vertical}
            required
            maxLength={REQUEST_LIMITS.verticalMax}
            placeholder="Nutra"
            value={values.vertical}
            error={errors.vertical}
            onChange={(e) => set('vertical', e.target.value)}
          />
          <TextField
            label={T.targetGeos}
            required
            placeholder="US, CA, GB"
            hint={T.commaHint}
            value={values.geos}
            error={errors.geos_targeting}
            onChange={(e) => set('geos', e.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={T.trafficTypes}
              required
              placeholder="Social, Native"
              hint={T.commaHint}
              value={values.trafficTypes}
              error={errors.traffic_type}
              onChange={(e) => set('trafficTypes', e.target.value)}
            />
            <TextField
              label={T.platforms}
              required
              placeholder="Facebook, TikTok"
              hint={T.commaHint}
              value={values.platforms}
              error={errors.platforms_used}
              onChange={(e) => set('platforms', e.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={T.volume}
              required
              type="number"
              min="1"
              step="1"
              inputMode="numeric"
              placeholder="25000"
              value={values.volume}
              error={errors.traffic_volume}
              onChange={(e) => set('volume', e.target.value)}
            />
            <SelectField
              label={T.payoutType}
              value={values.payoutType}
              error={errors.desired_payout_type}
              onChange={(e) => set('payoutType', e.target.value as PayoutType)}
            >
              {PAYOUT_TYPES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField
            label={T.budgetRange}
            labelSuffix={T.optional}
            rows={2}
            placeholder={T.budgetPlaceholder}
            hint={T.budgetHint}
            className="[&_textarea]:min-h-0 [&_textarea]:font-mono"
            value={values.budgetRange}
            error={errors.budget_range}
            onChange={(e) => set('budgetRange', e.target.value)}
          />
          <TextAreaField
            label={T.notes}
            labelSuffix={T.optional}
            rows={3}
            maxLength={REQUEST_LIMITS.notesMax}
            value={values.notes}
            error={errors.notes}
            onChange={(e) => set('notes', e.target.value)}
          />
          <TextField
            label={T.expiresAt}
            labelSuffix={T.optional}
            type="datetime-local"
            min={nowForDateTimeInput()}
            value={values.expiresAt}
            error={errors.expires_at}
            onChange={(e) => set('expiresAt', e.target.value)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
