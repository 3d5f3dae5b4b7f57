import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { CATEGORY_RATING_KEYS, ENTITY_TYPES } from '@trustlinks/contract/constants';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { CATEGORY_LABELS, type ReviewWithMessage } from '@trustlinks/contract/reviews';
import { Alert } from '../../../components/ui/alert';
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
import { useCreateReview } from '../api/create-review';
import {
  EMPTY_REVIEW,
  joinMessages,
  toReviewPayload,
  validateReview,
  type ReviewField,
  type ReviewFormValues,
} from '../review-form-model';
import { ENTITY_TYPE_LABELS, WRITE_TEXT as T } from '../reviews-texts';
import { EntityPicker } from './entity-picker';
import { ProofFilesInput } from './proof-files-input';

interface ReviewFormProps {
  /** A company chosen before the form opened (?entity_id= from an entity page). */
  initialEntity?: PublicEntity | null;
  onSubmitted: (result: ReviewWithMessage) => void;
}

const linkButton =
  'self-start text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:underline';

/**
 * The review form of docs/product/reviews.md#write-a-review: an entity from the public list or a new name, title, overall
 * stars, text, the four category ratings, comma-separated tags and the anonymous checkbox.
 * Client messages of docs/product/validation.md are joined by commas in an error banner.
 */
export function ReviewForm({ initialEntity = null, onSubmitted }: ReviewFormProps) {
  const [values, setValues] = useState<ReviewFormValues>({
    ...EMPTY_REVIEW,
    entity: initialEntity,
  });
  const [fields, setFields] = useState<Partial<Record<ReviewField, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const create = useCreateReview();

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  function update<K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }
  function clearField(field: ReviewField) {
    setFields((f) => (f[field] ? { ...f, [field]: undefined } : f));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const { messages, fields: found } = validateReview(values);
    setFields(found);
    if (messages.length > 0) {
      setBanner(joinMessages(messages));
      return;
    }
    setBanner(null);
    create.mutate(toReviewPayload(values), {
      onSuccess: (result) => {
        const message = result.message || T.success;
        if (result.review.review_status === 'flagged') toast.warning(message);
        else toast.success(message);
        onSubmitted(result);
      },
      onError: (error) => toast.error(serverMessage(error) ?? T.failed),
    });
  }

  const pending = create.isPending;
  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
      {banner ? (
        <Alert ref={bannerRef} variant="danger">
          {banner}
        </Alert>
      ) : null}

      <section className="flex flex-col gap-3">
        {values.mode === 'existing' ? (
          <>
            <EntityPicker
              label={T.entity}
              placeholder={T.entitySearchPlaceholder}
              hint={T.entityHint}
              selected={values.entity}
              error={fields.entity}
              onSelect={(entity) => {
                update('entity', entity);
                clearField('entity');
              }}
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
                value={values.entityName}
                maxLength={200}
                error={fields.entityName}
                hint={T.newHint}
                onChange={(e) => {
                  update('entityName', e.target.value);
                  clearField('entityName');
                }}
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
        value={values.title}
        maxLength={200}
        error={fields.title}
        onChange={(e) => {
          update('title', e.target.value);
          clearField('title');
        }}
      />

      <StarInput
        label={T.overall}
        value={values.overall}
        error={fields.overall}
        onChange={(n) => {
          update('overall', n);
          clearField('overall');
        }}
      />

      <TextAreaField
        label={T.text}
        placeholder={T.textPlaceholder}
        rows={6}
        maxLength={5000}
        value={values.text}
        error={fields.text}
        onChange={(e) => {
          update('text', e.target.value);
          clearField('text');
        }}
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
                setValues((v) => ({ ...v, categories: { ...v.categories, [key]: n } }));
                clearField(key);
              }}
            />
          ))}
        </div>
      </fieldset>

      <TextField
        label={T.tags}
        labelSuffix={T.optional}
        hint={T.tagsHint}
        value={values.tags}
        onChange={(e) => update('tags', e.target.value)}
      />

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
    </form>
  );
}
