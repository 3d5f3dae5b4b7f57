import { CATEGORY_RATING_KEYS } from '@trustlinks/contract/constants';
import type { CategoryRatingKey, EntityType } from '@trustlinks/contract/constants';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { REVIEW_MESSAGES, type ReviewCreateInput } from '@trustlinks/contract/reviews';
import { parseTags } from './review-display';

export interface ReviewFormValues {
  /** Pick a listed entity, or name a new one. */
  mode: 'existing' | 'new';
  entity: PublicEntity | null;
  entityName: string;
  entityType: EntityType;
  title: string;
  overall: number;
  text: string;
  categories: Record<CategoryRatingKey, number>;
  tags: string;
  anonymous: boolean;
  /** Payment proof files (docs/decisions/012), read as base64 in the browser. */
  proofs: ProofFile[];
}

export interface ProofFile {
  name: string;
  size: number;
  dataBase64: string;
}

export type ReviewField =
  'entity' | 'entityName' | 'title' | 'overall' | 'text' | 'tags' | 'proofs' | CategoryRatingKey;

/** The form field of each key of the POST /reviews body, for the contract's messages. */
export const REVIEW_FIELD_OF = {
  entity_id: 'entity',
  entity_name: 'entityName',
  overall_rating: 'overall',
  review_text: 'text',
  proof_attachments: 'proofs',
} as const satisfies Partial<Record<keyof ReviewCreateInput, ReviewField>>;

export const EMPTY_REVIEW: ReviewFormValues = {
  mode: 'existing',
  entity: null,
  entityName: '',
  entityType: 'advertiser',
  title: '',
  overall: 0,
  text: '',
  categories: { quality: 0, support: 0, reliability: 0, payment_speed: 0 },
  tags: '',
  anonymous: false,
  proofs: [],
};

/**
 * The client checks of docs/product/validation.md, in the form's order, with the spec's messages. The banner joins
 * the messages with commas; each also marks its field. What they pass is then checked with the
 * contract's reviewCreateSchema (e.g. the review text's minimum length), see review-form.tsx.
 */
export function validateReview(values: ReviewFormValues): {
  messages: string[];
  fields: Partial<Record<ReviewField, string>>;
} {
  const fields: Partial<Record<ReviewField, string>> = {};
  if (values.mode === 'existing' && !values.entity) fields.entity = REVIEW_MESSAGES.selectEntity;
  if (values.mode === 'new' && !values.entityName.trim()) {
    fields.entityName = REVIEW_MESSAGES.enterEntityName;
  }
  if (!values.title.trim()) fields.title = REVIEW_MESSAGES.enterTitle;
  if (!values.overall) fields.overall = REVIEW_MESSAGES.provideOverall;
  if (!values.text.trim()) fields.text = REVIEW_MESSAGES.writeReview;
  for (const key of CATEGORY_RATING_KEYS) {
    if (!values.categories[key]) fields[key] = REVIEW_MESSAGES.rateCategory(key);
  }
  return { messages: Object.values(fields), fields };
}

/**
 * The POST /reviews body: for a new entity entity_id is left out, otherwise entity_name (docs/product/validation.md);
 * tags split on commas and trimmed; proof_attachments carry the attached files (docs/decisions/012).
 */
export function toReviewPayload(values: ReviewFormValues): ReviewCreateInput {
  const common = {
    title: values.title.trim(),
    overall_rating: values.overall,
    review_text: values.text.trim(),
    category_ratings: { ...values.categories },
    tags: parseTags(values.tags),
    is_anonymous: values.anonymous,
    proof_attachments: values.proofs.map((p) => ({
      file_name: p.name,
      data_base64: p.dataBase64,
    })),
  };
  return values.mode === 'new'
    ? { ...common, entity_name: values.entityName.trim(), entity_type: values.entityType }
    : { ...common, entity_id: values.entity!.entity_id };
}
