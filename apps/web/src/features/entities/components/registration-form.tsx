import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { TOAST_DURATIONS_MS } from '@trustlinks/contract/constants';
import type { EntityType, PayoutType } from '@trustlinks/contract/constants';
import { CONTACT_METHODS } from '@trustlinks/contract/entities';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { ApiClientError, serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRegisterEntity } from '../api/register-entity';
import { REGISTER_TEXT as T } from '../entities-texts';
import {
  emptyRegistration,
  errorsFromIssues,
  validateRegistration,
  withEntityType,
} from '../registration-form-model';
import type {
  CommonField,
  ContactMethod,
  RegistrationErrors,
  RegistrationValues,
} from '../registration-form-model';
import { EntityTypePicker } from './entity-type-picker';
import { MetadataFields } from './metadata-fields';

const CONTACT_LABELS: Record<ContactMethod, string> = {
  phone: T.phone,
  teams: T.teams,
  linkedin: T.linkedin,
  telegram: T.telegram,
  address: T.address,
  skype: T.skype,
};

const CONTACT_INPUT: Record<ContactMethod, { type: string; autoComplete?: string }> = {
  phone: { type: 'tel', autoComplete: 'tel' },
  teams: { type: 'text' },
  linkedin: { type: 'text' },
  telegram: { type: 'text' },
  address: { type: 'text', autoComplete: 'street-address' },
  skype: { type: 'text' },
};

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4 border-t border-border pt-6 first:border-t-0 first:pt-0">
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        {hint ? <p className="mt-0.5 text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * Entity registration form (docs/product/entities.md#registration, docs/product/validation.md, docs/product/errors.md). Checked with the contract schema before it is
 * sent; the server's field errors (`details`) land beside the same fields. Success shows the
 * 5 s toast and starts over with the advertiser type.
 */
export function RegistrationForm() {
  const [values, setValues] = useState<RegistrationValues>(() => emptyRegistration());
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped on each failed submit: focus then moves to the first field in error.
  const [failedSubmits, setFailedSubmits] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const registration = useRegisterEntity();
  const pending = registration.isPending;

  useEffect(() => {
    if (failedSubmits === 0) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>(
      '[aria-invalid="true"], fieldset[data-invalid="true"] input',
    );
    if (first) first.focus();
    else alertRef.current?.focus();
  }, [failedSubmits]);

  function clearError(key: string) {
    setErrors((current) => {
      if (!current[key] && !(key.startsWith('contact_info.') && current.contact_info)) {
        return current;
      }
      const next = { ...current };
      delete next[key];
      // Any contact method satisfies the "at least one" rule.
      if (key.startsWith('contact_info.')) delete next.contact_info;
      return next;
    });
  }

  function updateCommon(field: CommonField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clearError(field);
  }

  function updateContact(method: ContactMethod, value: string) {
    setValues((v) => ({ ...v, contact_info: { ...v.contact_info, [method]: value } }));
    clearError(`contact_info.${method}`);
  }

  function updateMetadata(key: string, value: string) {
    setValues((v) => ({ ...v, metadata: { ...v.metadata, [key]: value } }));
    clearError(`entity_metadata.${key}`);
  }

  function updatePayoutTypes(types: PayoutType[]) {
    setValues((v) => ({ ...v, payout_types: types }));
    clearError('entity_metadata.payout_types');
  }

  function changeType(type: EntityType) {
    setValues((v) => withEntityType(v, type));
    // The type-specific fields start empty again, and so do their messages.
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => !key.startsWith('entity_metadata.')),
      ),
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const result = validateRegistration(values);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(result.errors.form ?? null);
      setFailedSubmits((n) => n + 1);
      return;
    }
    setErrors({});
    registration.mutate(result.body, {
      onSuccess: () => {
        toast.success(T.success, { duration: TOAST_DURATIONS_MS.entityRegistration });
        setValues(emptyRegistration());
        window.scrollTo({ top: 0, behavior: 'smooth' });
      },
      onError: (error) => {
        const details = error instanceof ApiClientError ? (error.details ?? []) : [];
        const fieldErrors = errorsFromIssues(details, values.entity_type);
        setErrors(fieldErrors);
        setFormError(serverMessage(error) ?? T.failed);
        setFailedSubmits((n) => n + 1);
      },
    });
  }

  const contactError = errors.contact_info;

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={pending || undefined}>
      <Card className="flex flex-col gap-6 p-5 sm:p-7">
        {formError ? (
          <Alert ref={alertRef} variant="danger">
            {formError}
          </Alert>
        ) : null}

        <Section title={T.typeSection}>
          <EntityTypePicker value={values.entity_type} onChange={changeType} disabled={pending} />
        </Section>

        <Section title={T.basicSection}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={T.name}
              name="name"
              autoComplete="name"
              required
              placeholder={T.namePlaceholder}
              value={values.name}
              error={errors.name}
              onChange={(e) => updateCommon('name', e.target.value)}
            />
            <TextField
              label={T.email}
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder={T.emailPlaceholder}
              value={values.email}
              error={errors.email}
              onChange={(e) => updateCommon('email', e.target.value)}
            />
            <TextField
              label={T.websiteUrl}
              name="website_url"
              type="url"
              autoComplete="url"
              required
              placeholder={T.urlPlaceholder}
              value={values.website_url}
              error={errors.website_url}
              onChange={(e) => updateCommon('website_url', e.target.value)}
            />
            <TextField
              label={T.imageUrl}
              labelSuffix={T.optional}
              name="image_url"
              type="url"
              placeholder={T.urlPlaceholder}
              value={values.image_url}
              error={errors.image_url}
              onChange={(e) => updateCommon('image_url', e.target.value)}
            />
          </div>
        </Section>

        <Section title={T.contactSection} hint={T.contactHint}>
          <fieldset
            data-invalid={contactError ? 'true' : undefined}
            aria-describedby={contactError ? 'contact-methods-error' : undefined}
            className="flex flex-col gap-3"
          >
            <legend className="sr-only">{T.contactSection}</legend>
            {contactError ? (
              <p
                id="contact-methods-error"
                className="rounded-lg border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger-soft-foreground"
              >
                {contactError}
              </p>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {CONTACT_METHODS.map((method) => (
                <TextField
                  key={method}
                  label={CONTACT_LABELS[method]}
                  name={`contact_info.${method}`}
                  type={CONTACT_INPUT[method].type}
                  autoComplete={CONTACT_INPUT[method].autoComplete}
                  value={values.contact_info[method]}
                  error={errors[`contact_info.${method}`]}
                  onChange={(e) => updateContact(method, e.target.value)}
                />
              ))}
            </div>
          </fieldset>
        </Section>

        <Section title={T.aboutSection}>
          <TextAreaField
            label={T.description}
            name="description"
            required
            rows={5}
            placeholder={T.descriptionPlaceholder}
            value={values.description}
            error={errors.description}
            onChange={(e) => updateCommon('description', e.target.value)}
          />
          <TextAreaField
            label={T.additionalNotes}
            labelSuffix={T.optional}
            name="additional_notes"
            rows={3}
            value={values.additional_notes}
            error={errors.additional_notes}
            onChange={(e) => updateCommon('additional_notes', e.target.value)}
          />
        </Section>

        <Section title={T.detailsSection[values.entity_type]} hint={T.detailsHint}>
          <MetadataFields
            type={values.entity_type}
            values={values.metadata}
            payoutTypes={values.payout_types}
            errors={errors}
            onChange={updateMetadata}
            onPayoutTypesChange={updatePayoutTypes}
          />
        </Section>

        <div className="flex justify-end border-t border-border pt-6">
          <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
            {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {pending ? T.submitting : T.submit}
          </Button>
        </div>
      </Card>
    </form>
  );
}
