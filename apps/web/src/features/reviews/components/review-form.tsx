import { useState } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { CATEGORY_RATING_KEYS, ENTITY_TYPES } from '@trustlinks/contract/constants';
import type { PublicEntity } from '@trustlinks/contract/entities';
import {
  CATEGORY_LABELS,
  REVIEW_LIMITS,
  reviewCreateSchema,
  type ReviewWithMessage,
} from '@trustlinks/contract/reviews';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { Button } from '../../../components/ui/button';
import {
  checkboxClass,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field';
import { StarInput } from '../../../components/ui/star-input';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateReview } from '../api/create-review';
import {
  EMPTY_REVIEW,
  REVIEW_FIELD_OF,
  toReviewPayload,
  validateReview,
  type ReviewField,
  type ReviewFormValues,
} from '../review-form-model';
import { ENTITY_TYPE_LABELS, WRITE_TEXT as T } from '../reviews-texts';
import { EntityPicker } from './entity-picker';
import { ProofFilesInput } from './proof-files-input';
import { Form } from '../../../components/ui/form';

interface ReviewFormProps {
  /** A company chosen before the form opened (?entity_id= from an entity page). */
  initialEntity?: PublicEntity | null;
  onSubmitted: (result: ReviewWithMessage) => void;
  /** An invitation's token from its link (docs/decisions/057): sent with the review. */
  invitation?: string | null;
}

const linkButton =
  'self-start text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:underline';

/**
 * The review form of docs/product/reviews.md#write-a-review: an entity from the public list or a new name, title, overall
 * stars, text, the four category ratings, comma-separated tags and the anonymous checkbox.
 * Client messages of docs/product/validation.md are joined by commas in an error banner; then the
 * contract's reviewCreateSchema gives the server's own rules (e.g. the text's minimum length)
 * under their fields, before anything is sent.
 */
export function ReviewForm({
  initialEntity = null,
  onSubmitted,
  invitation = null,
}: ReviewFormProps) {
  const form = useContractForm<ReviewFormValues, typeof reviewCreateSchema, ReviewField>({
    initial: { ...EMPTY_REVIEW, entity: initialEntity },
    schema: reviewCreateSchema,
    toInput: toReviewPayload,
    fieldOf: REVIEW_FIELD_OF,
    precheck: (values) => validateReview(values).fields,
  });
  const { values, set: update, clearError: clearField, errors: fields } = form;
  const [banner, setBanner] = useState<string[]>([]);
  const create = useCreateReview();

  const handleSubmit = form.onSubmit({
    busy: create.isPending,
    onInvalid: (errors) => setBanner(Object.values(errors) as string[]),
    onValid: (checked) => {
      setBanner([]);
      create.mutate(invitation ? { ...checked.body, invitation } : checked.body, {
        onSuccess: (result) => {
          const message = result.message || T.success;
          if (result.review.review_status === 'flagged') toast.warning(message);
          else toast.success(message);
          onSubmitted(result);
        },
        onError: (error) => {
          form.showServerErrors(error);
          toast.error(serverMessage(error) ?? T.failed);
        },
      });
    },
  });

  const pending = create.isPending;
  return (
    <Form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
      {/* The spec joins the messages with commas; we list them (docs/decisions/027), each focusing its field. */}
      <ErrorSummary title={T.errorSummary} messages={banner} />

      <section className="flex flex-col gap-3">
        {values.mode === 'existing' ? (
          <>
            <EntityPicker
              label={T.entity}
              placeholder={T.entitySearchPlaceholder}
              hint={T.entityHint}
              selected={values.entity}
              error={fields.entity}
              onSelect={(entity) => update('entity', entity)}
            />
            <button
              type="button"
              className={linkButton}
              onClick={() => {
                update('mode', 'new');
                clearField('entity');
              }}
            >
              {T.notListed}
            </button>
          </>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
              <TextField
                label={T.newName}
                maxLength={REVIEW_LIMITS.entityNameMax}
                hint={T.newHint}
                {...form.text('entityName')}
              />
              <SelectField
                label={T.newType}
                value={values.entityType}
                onChange={(e) =>
                  update('entityType', e.target.value as ReviewFormValues['entityType'])
                }
              >
                {ENTITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {ENTITY_TYPE_LABELS[type]}
                  </option>
                ))}
              </SelectField>
            </div>
            <button
              type="button"
              className={linkButton}
              onClick={() => {
                update('mode', 'existing');
                clearField('entityName');
              }}
            >
              {T.backToList}
            </button>
          </>
        )}
      </section>

      <TextField
        label={T.reviewTitle}
        placeholder={T.reviewTitlePlaceholder}
        maxLength={REVIEW_LIMITS.titleMax}
        {...form.text('title')}
      />

      <StarInput
        label={T.overall}
        value={values.overall}
        error={fields.overall}
        onChange={(n) => update('overall', n)}
      />

      <TextAreaField
        label={T.text}
        placeholder={T.textPlaceholder}
        rows={6}
        maxLength={REVIEW_LIMITS.textMax}
        hint={T.textHint(REVIEW_LIMITS.textMin)}
        {...form.text('text')}
      />

      <fieldset className="rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{T.categories}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {CATEGORY_RATING_KEYS.map((key) => (
            <StarInput
              key={key}
              size="sm"
              label={CATEGORY_LABELS[key]}
              value={values.categories[key]}
              error={fields[key]}
              onChange={(n) => {
                update('categories', { ...values.categories, [key]: n });
                clearField(key);
              }}
            />
          ))}
        </div>
      </fieldset>

      <TextField label={T.tags} labelSuffix={T.optional} hint={T.tagsHint} {...form.text('tags')} />

      <label className="flex items-start gap-3 rounded-lg border border-border p-3">
        <input
          type="checkbox"
          className={`${checkboxClass} mt-0.5`}
          checked={values.anonymous}
          onChange={(e) => update('anonymous', e.target.checked)}
        />
        <span className="text-sm">
          <span className="font-medium">{T.anonymous}</span>
          <span className="mt-0.5 block text-muted-foreground">{T.anonymousHint}</span>
        </span>
      </label>

      <ProofFilesInput files={values.proofs} onChange={(proofs) => update('proofs', proofs)} />

      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:self-end">
        {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {pending ? T.submitting : T.submit}
      </Button>
    </Form>
  );
}
