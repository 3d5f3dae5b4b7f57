import { useId } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { PAYOUT_TYPES } from '@trustlinks/contract/constants';
import type { PayoutType } from '@trustlinks/contract/constants';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { nowForDateTimeInput } from '../form-helpers';
import type { CreateFormStatus } from '../use-create-form';
import { SubmitFooter } from './dashboard-parts';
import { Form } from '../../../components/ui/form';

interface CreateFormDialogProps {
  open: boolean;
  /** The form's state and handlers, from useCreateForm. */
  form: CreateFormStatus;
  title: string;
  texts: { description: string; cancel: string; submit: string };
  /** The submit button's text while the create is under way. */
  submittingLabel: string;
  /** Classes of the form, for the spacing of its fields. */
  formClassName: string;
  children: ReactNode;
}

/**
 * The frame of a create dialog: a large dialog whose form is submitted from the footer, with the
 * form's message on top.
 */
export function CreateFormDialog({
  open,
  form,
  title,
  texts,
  submittingLabel,
  formClassName,
  children,
}: CreateFormDialogProps) {
  const formId = useId();
  return (
    <Dialog open={open} onOpenChange={form.handleOpenChange}>
      <DialogContent
        size="lg"
        title={title}
        description={texts.description}
        footer={
          <SubmitFooter
            formId={formId}
            busy={form.busy}
            cancelLabel={texts.cancel}
            submitLabel={texts.submit}
            submittingLabel={submittingLabel}
          />
        }
      >
        <Form id={formId} noValidate onSubmit={form.handleSubmit} className={formClassName}>
          {form.formError ? <Alert variant="danger">{form.formError}</Alert> : null}
          {children}
        </Form>
      </DialogContent>
    </Dialog>
  );
}

interface PayoutTypeFieldProps {
  label: string;
  value: PayoutType;
  error: string | undefined;
  onChange: (value: PayoutType) => void;
}

/** A select of the payout types of docs/product/constants.md. */
export function PayoutTypeField({ label, value, error, onChange }: PayoutTypeFieldProps) {
  return (
    <SelectField
      label={label}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value as PayoutType)}
    >
      {PAYOUT_TYPES.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </SelectField>
  );
}

interface ExpiresAtFieldProps {
  /** The form's texts: the field's label and the '(optional)' suffix. */
  texts: { expiresAt: string; optional: string };
  value: string;
  error: string | undefined;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/** The optional expiry, a local date and time from now on. */
export function ExpiresAtField({ texts, value, error, onChange }: ExpiresAtFieldProps) {
  return (
    <TextField
      label={texts.expiresAt}
      labelSuffix={texts.optional}
      type="datetime-local"
      min={nowForDateTimeInput()}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
