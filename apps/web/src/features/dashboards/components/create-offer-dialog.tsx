import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { OFFER_CATEGORY_CHIPS, PAYOUT_TYPES } from '@trustlinks/contract/constants';
import type { PayoutType } from '@trustlinks/contract/constants';
import { OFFER_LIMITS } from '@trustlinks/contract/offers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import {
  FormField,
  inputClass,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useCreateOffer } from '../api/create-offer';
import { CREATE_OFFER_TEXT as T, DASHBOARD_TEXT } from '../dashboards-texts';
import { fieldErrorsFromDetails, nowForDateTimeInput } from '../form-helpers';
import type { FieldErrors } from '../form-helpers';
import { buildOfferBody, EMPTY_OFFER_FORM } from '../offer-form-model';
import type { OfferField, OfferFormValues } from '../offer-form-model';
import { failureMessage } from './dashboard-parts';

/** The chips of SPEC §9 without 'All', offered as suggestions; any other category may be typed. */
const CATEGORY_SUGGESTIONS = OFFER_CATEGORY_CHIPS.filter((c) => c !== 'All');

interface CreateOfferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The caller's entity; without one the form refuses with 'User not properly authenticated'. */
  entityId: string | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * Create an offer (SPEC §2.14 'Create New Offer', §2.16 'Create Offer' modal, §5). The draft is
 * kept when the dialog is closed and cleared after a successful create; the lists reload.
 */
export function CreateOfferDialog({ open, onOpenChange, title, entityId }: CreateOfferDialogProps) {
  const formId = useId();
  const categoryListId = useId();
  const [values, setValues] = useState<OfferFormValues>(EMPTY_OFFER_FORM);
  const [errors, setErrors] = useState<FieldErrors<OfferField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateOffer();
  const busy = create.isPending;

  function set<K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!entityId) {
      setFormError(DASHBOARD_TEXT.notAuthenticated);
      return;
    }
    const built = buildOfferBody(values);
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
        setValues(EMPTY_OFFER_FORM);
        handleOpenChange(false);
      },
      onError: (error) => {
        if (error instanceof ApiClientError) setErrors(fieldErrorsFromDetails(error.details));
        setFormError(failureMessage(error, T.failed));
      },
    });
  }

  function handleOpenChange(next: boolean) {
    // The draft stays for the next opening; old messages do not.
    if (!next) {
      setErrors({});
      setFormError(null);
    }
    onOpenChange(next);
  }

  const revShare = values.payoutType === 'RevShare';

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        size="lg"
        title={title}
        description={T.description}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline">{T.cancel}</Button>
            </DialogClose>
            <Button type="submit" form={formId} disabled={busy}>
              {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {busy ? T.submitting : T.submit}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
          {formError ? <Alert variant="danger">{formError}</Alert> : null}

          <Section title={T.basicInformation}>
            <TextField
              label={T.offerTitle}
              required
              maxLength={OFFER_LIMITS.titleMax}
              value={values.title}
              error={errors.title}
              onChange={(e) => set('title', e.target.value)}
            />
            <TextField
              label={T.category}
              required
              list={categoryListId}
              maxLength={OFFER_LIMITS.categoryMax}
              hint={T.categoryHint}
              value={values.category}
              error={errors.category}
              onChange={(e) => set('category', e.target.value)}
            />
            <datalist id={categoryListId}>
              {CATEGORY_SUGGESTIONS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <TextAreaField
              label={T.description_}
              required
              maxLength={OFFER_LIMITS.descriptionMax}
              value={values.description}
              error={errors.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </Section>

          <Section title={T.targetingAndPayout}>
            <TextField
              label={T.targetGeos}
              required
              placeholder="US, GB, DE"
              hint={T.targetGeosHint}
              value={values.geos}
              error={errors.target_geo}
              onChange={(e) => set('geos', e.target.value)}
            />
            <TextField
              label={T.landingPage}
              required
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={OFFER_LIMITS.urlMax}
              value={values.landingPageUrl}
              error={errors.landing_page_url}
              onChange={(e) => set('landingPageUrl', e.target.value)}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={T.payoutType}
                value={values.payoutType}
                error={errors.payout_type}
                onChange={(e) => set('payoutType', e.target.value as PayoutType)}
              >
                {PAYOUT_TYPES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </SelectField>
              <FormField
                label={T.payoutValue}
                hint={revShare ? T.payoutValueRevShareHint : undefined}
                error={errors.payout_value}
              >
                {(ids) => (
                  <div className="relative">
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
                    >
                      {revShare ? '%' : '$'}
                    </span>
                    <input
                      {...ids}
                      required
                      className={cn(inputClass, 'pl-7')}
                      {...(revShare
                        ? { type: 'text', inputMode: 'decimal' as const, placeholder: '40%' }
                        : { type: 'number', step: '0.01', min: '0', placeholder: '0.00' })}
                      value={values.payoutValue}
                      onChange={(e) => set('payoutValue', e.target.value)}
                    />
                  </div>
                )}
              </FormField>
            </div>
          </Section>

          <Section title={T.additionalSettings}>
            <TextAreaField
              label={T.requirements}
              labelSuffix={T.optional}
              rows={3}
              maxLength={OFFER_LIMITS.requirementsMax}
              value={values.requirements}
              error={errors.requirements}
              onChange={(e) => set('requirements', e.target.value)}
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
          </Section>
        </form>
      </DialogContent>
    </Dialog>
  );
}
