import { useId } from 'react';
import type { ReactNode } from 'react';
import { OFFER_CATEGORY_CHIPS } from '@trustlinks/contract/constants';
import { OFFER_LIMITS } from '@trustlinks/contract/offers';
import type { offerCreateSchema } from '@trustlinks/contract/offers';
import { FormField, inputClass, TextAreaField, TextField } from '../../../components/ui/form-field';
import { cn } from '../../../lib/cn';
import { useCreateOffer } from '../api/create-offer';
import { CREATE_OFFER_TEXT as T } from '../dashboards-texts';
import { EMPTY_OFFER_FORM, OFFER_FORM } from '../offer-form-model';
import type { OfferField, OfferFormValues } from '../offer-form-model';
import { useCreateForm } from '../use-create-form';
import { CreateFormDialog, ExpiresAtField, PayoutTypeField } from './create-form-dialog';
import { PayoutUnitMark } from './dashboard-parts';

/** The chips of docs/product/constants.md without 'All', offered as suggestions; any other category may be typed. */
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
 * Create an offer (docs/product/dashboards.md#advertiser-dashboard 'Create New Offer', docs/product/dashboards.md#network-dashboard 'Create Offer' modal, docs/product/validation.md). The draft is
 * kept when the dialog is closed and cleared after a successful create; the lists reload.
 */
export function CreateOfferDialog({ open, onOpenChange, title, entityId }: CreateOfferDialogProps) {
  const create = useCreateOffer();
  const form = useCreateForm({
    empty: EMPTY_OFFER_FORM,
    entityId,
    rules: OFFER_FORM,
    mutation: create,
    texts: T,
    onOpenChange,
  });
  return (
    <CreateFormDialog
      open={open}
      form={form}
      title={title}
      texts={T}
      submittingLabel={T.submitting}
      formClassName="flex flex-col gap-6"
    >
      <OfferFormFields form={form} />
    </CreateFormDialog>
  );
}

/** An offer form's state: the create dialog's and the edit dialog's (edit-offer-dialog.tsx). */
export type OfferForm = ReturnType<
  typeof useCreateForm<OfferFormValues, typeof offerCreateSchema, OfferField>
>;

/** The offer's fields, one set for creating and editing (offer-form-model.ts). */
export function OfferFormFields({ form }: { form: OfferForm }) {
  const categoryListId = useId();
  const { values, errors, field } = form;
  const revShare = values.payoutType === 'RevShare';
  return (
    <>
      <Section title={T.basicInformation}>
        <TextField
          label={T.offerTitle}
          required
          maxLength={OFFER_LIMITS.titleMax}
          {...field('title', 'title')}
        />
        <TextField
          label={T.category}
          required
          list={categoryListId}
          maxLength={OFFER_LIMITS.categoryMax}
          hint={T.categoryHint}
          {...field('category', 'category')}
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
          {...field('description', 'description')}
        />
      </Section>

      <Section title={T.targetingAndPayout}>
        <TextField
          label={T.targetGeos}
          required
          placeholder="US, GB, DE"
          hint={T.targetGeosHint}
          {...field('geos', 'target_geo')}
        />
        <TextField
          label={T.landingPage}
          required
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={OFFER_LIMITS.urlMax}
          {...field('landingPageUrl', 'landing_page_url')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PayoutTypeField
            label={T.payoutType}
            value={values.payoutType}
            error={errors.payout_type}
            onChange={(p) => form.set('payoutType', p)}
          />
          <FormField
            label={T.payoutValue}
            hint={revShare ? T.payoutValueRevShareHint : undefined}
            error={errors.payout_value}
          >
            {(ids) => (
              <div className="relative">
                <PayoutUnitMark revShare={revShare} />
                <input
                  {...ids}
                  required
                  className={cn(inputClass, 'pl-7')}
                  {...(revShare
                    ? { type: 'text', inputMode: 'decimal' as const, placeholder: '40%' }
                    : { type: 'number', step: '0.01', min: '0', placeholder: '0.00' })}
                  value={values.payoutValue}
                  onChange={(e) => form.set('payoutValue', e.target.value)}
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
          {...field('requirements', 'requirements')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={T.dailyCap}
            labelSuffix={T.optional}
            type="number"
            min="1"
            step="1"
            hint={T.capHint}
            {...field('dailyCap', 'daily_cap')}
          />
          <TextField
            label={T.monthlyCap}
            labelSuffix={T.optional}
            type="number"
            min="1"
            step="1"
            {...field('monthlyCap', 'monthly_cap')}
          />
        </div>
        <TextField
          label={T.fallbackUrl}
          labelSuffix={T.optional}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={OFFER_LIMITS.urlMax}
          hint={T.fallbackUrlHint}
          {...field('fallbackUrl', 'fallback_url')}
        />
        <TextField
          label={T.trafficAllowed}
          labelSuffix={T.optional}
          placeholder="Email, SEO, Native"
          hint={T.trafficHint}
          {...field('trafficAllowed', 'traffic_allowed')}
        />
        <TextField
          label={T.trafficForbidden}
          labelSuffix={T.optional}
          placeholder="Incentivized, Brand bidding"
          hint={T.trafficHint}
          {...field('trafficForbidden', 'traffic_forbidden')}
        />
        <ExpiresAtField texts={T} {...field('expiresAt', 'expires_at')} />
      </Section>
    </>
  );
}
