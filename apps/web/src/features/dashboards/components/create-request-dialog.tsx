import { REQUEST_LIMITS } from '@trustlinks/contract/offer-requests';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { useCreateOfferRequest } from '../api/create-offer-request';
import { CREATE_REQUEST_TEXT as T } from '../dashboards-texts';
import { EMPTY_REQUEST_FORM, REQUEST_FORM } from '../request-form-model';
import { useCreateForm } from '../use-create-form';
import { CreateFormDialog, ExpiresAtField, PayoutTypeField } from './create-form-dialog';

interface CreateRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Creating...' on the affiliate dashboard, 'Creating Request...' on the network's. */
  submittingLabel: string;
  /** The caller's entity; without one the form refuses with 'User not properly authenticated'. */
  entityId: string | null;
}

/**
 * Create Offer Request (docs/product/dashboards.md#affiliate-dashboard, docs/product/dashboards.md#network-dashboard, docs/product/validation.md). The draft is kept when the dialog is closed and
 * cleared after a successful create; every request list reloads.
 */
export function CreateRequestDialog({
  open,
  onOpenChange,
  submittingLabel,
  entityId,
}: CreateRequestDialogProps) {
  const create = useCreateOfferRequest();
  const form = useCreateForm({
    empty: EMPTY_REQUEST_FORM,
    entityId,
    rules: REQUEST_FORM,
    mutation: create,
    texts: T,
    onOpenChange,
  });
  const { values, errors, field } = form;

  return (
    <CreateFormDialog
      open={open}
      form={form}
      title={T.title}
      texts={T}
      submittingLabel={submittingLabel}
      formClassName="flex flex-col gap-4"
    >
      <TextField
        label={T.requestTitle}
        required
        maxLength={REQUEST_LIMITS.titleMax}
        {...field('title', 'title')}
      />
      <TextField
        label={T.vertical}
        required
        maxLength={REQUEST_LIMITS.verticalMax}
        placeholder="Nutra"
        {...field('vertical', 'vertical')}
      />
      <TextField
        label={T.targetGeos}
        required
        placeholder="US, CA, GB"
        hint={T.commaHint}
        {...field('geos', 'geos_targeting')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={T.trafficTypes}
          required
          placeholder="Social, Native"
          hint={T.commaHint}
          {...field('trafficTypes', 'traffic_type')}
        />
        <TextField
          label={T.platforms}
          required
          placeholder="Facebook, TikTok"
          hint={T.commaHint}
          {...field('platforms', 'platforms_used')}
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
          {...field('volume', 'traffic_volume')}
        />
        <PayoutTypeField
          label={T.payoutType}
          value={values.payoutType}
          error={errors.desired_payout_type}
          onChange={(p) => form.set('payoutType', p)}
        />
      </div>
      {/* Two number fields, not the spec's JSON text (docs/decisions/027). */}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">
          {T.budgetRange} <span className="font-normal text-muted-foreground">{T.optional}</span>
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={T.budgetMin}
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            {...field('budgetMin', 'budget_range')}
          />
          <TextField
            label={T.budgetMax}
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            hint={T.budgetHint}
            {...field('budgetMax', 'budget_range')}
            error={undefined}
          />
        </div>
      </fieldset>
      <TextAreaField
        label={T.notes}
        labelSuffix={T.optional}
        rows={3}
        maxLength={REQUEST_LIMITS.notesMax}
        {...field('notes', 'notes')}
      />
      <ExpiresAtField texts={T} {...field('expiresAt', 'expires_at')} />
    </CreateFormDialog>
  );
}
