import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { TOAST_DURATIONS_MS } from '@trustlinks/contract/constants';
import type { EntityType, PayoutType } from '@trustlinks/contract/constants';
import { CONTACT_METHODS, entityRegistrationSchema } from '@trustlinks/contract/entities';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { TextAreaField, TextField } from '../../../components/ui/form-field';
import { PendingButton } from '../../../components/ui/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useRegisterEntity } from '../api/register-entity';
import { REGISTER_TEXT as T } from '../entities-texts';
import {
  buildRegistrationBody,
  emptyRegistration,
  PAYOUT_TYPES_FIELD,
  registrationErrors,
} from '../registration-form-model';
import type { CommonField, ContactMethod, RegistrationValues } from '../registration-form-model';
import { EntityTypePicker } from './entity-type-picker';
import { MetadataFields } from './metadata-fields';
import { Form } from '../../../components/ui/form';

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
 * 5 s toast and starts over with the advertiser type; the page then shows its confirmation.
 */
export function RegistrationForm({
  onRegistered,
}: {
  /** Decision 027: the page then shows what happened (the address the acknowledgement went to). */
  onRegistered?: (registered: { email: string; name: string }) => void;
}) {
  const form = useContractForm<RegistrationValues, typeof entityRegistrationSchema, string>({
    initial: () => emptyRegistration(),
    schema: entityRegistrationSchema,
    toInput: buildRegistrationBody,
    errorsOf: registrationErrors,
  });
  const { values, errors } = form;
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

  function updateContact(method: ContactMethod, value: string) {
    // Setting contact_info clears its "at least one" message: any method satisfies it.
    form.set('contact_info', { ...values.contact_info, [method]: value });
    form.clearError(`contact_info.${method}`);
  }

  function updateMetadata(key: string, value: string) {
    form.set('metadata', { ...values.metadata, [key]: value });
    form.clearError(`entity_metadata.${key}`);
  }

  function updatePayoutTypes(types: PayoutType[]) {
    form.set('payout_types', types);
    form.clearError(PAYOUT_TYPES_FIELD);
  }

  /**
   * Switching the type keeps the common fields and clears every type-specific one and its message
   * (docs/product/entities.md#registration).
   */
  function changeType(type: EntityType) {
    if (type === values.entity_type) return;
    form.set('entity_type', type);
    form.set('metadata', {});
    form.set('payout_types', []);
    form.setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => !key.startsWith('entity_metadata.')),
      ),
    );
  }

  const failed = (message: string | null) => {
    setFormError(message);
    setFailedSubmits((n) => n + 1);
  };

  const handleSubmit = form.onSubmit({
    busy: pending,
    before: () => setFormError(null),
    onInvalid: (found) => failed(found.form ?? null),
    onValid: (checked) => {
      registration.mutate(checked.data, {
        onSuccess: () => {
          toast.success(T.success, { duration: TOAST_DURATIONS_MS.entityRegistration });
          form.reset(emptyRegistration());
          window.scrollTo({ top: 0, behavior: 'smooth' });
          onRegistered?.({ email: checked.data.email, name: checked.data.name });
        },
        onError: (error) => {
          form.showServerErrors(error);
          failed(serverMessage(error) ?? T.failed);
        },
      });
    },
  });

  /** A common field bound to the form (its message is the contract's or the API's). */
  const common = (field: CommonField) => form.text(field);

  const contactError = errors.contact_info;

  return (
    <Form ref={formRef} noValidate onSubmit={handleSubmit} aria-busy={pending || undefined}>
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
              {...common('name')}
            />
            <TextField
              label={T.email}
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder={T.emailPlaceholder}
              {...common('email')}
            />
            <TextField
              label={T.websiteUrl}
              name="website_url"
              type="url"
              autoComplete="url"
              required
              placeholder={T.urlPlaceholder}
              {...common('website_url')}
            />
            <TextField
              label={T.imageUrl}
              labelSuffix={T.optional}
              name="image_url"
              type="url"
              placeholder={T.urlPlaceholder}
              {...common('image_url')}
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
            {...common('description')}
          />
          <TextAreaField
            label={T.additionalNotes}
            labelSuffix={T.optional}
            name="additional_notes"
            rows={3}
            {...common('additional_notes')}
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
          <PendingButton
            size="lg"
            className="w-full sm:w-auto"
            pending={pending}
            label={T.submit}
            pendingLabel={T.submitting}
          />
        </div>
      </Card>
    </Form>
  );
}
