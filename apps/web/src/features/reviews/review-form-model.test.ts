import { describe, expect, it } from 'vitest';
import type { PublicEntity } from '@trustlinks/contract/entities';
import {
  EMPTY_REVIEW,
  toReviewPayload,
  validateReview,
  type ReviewFormValues,
} from './review-form-model';

const entity = {
  entity_id: 'e-1',
  name: 'Vitality Partners',
  entity_type: 'advertiser',
} as PublicEntity;
const filled: ReviewFormValues = {
  ...EMPTY_REVIEW,
  entity,
  title: ' Great partner ',
  overall: 5,
  text: ' Paid every week. ',
  categories: { quality: 5, support: 4, reliability: 5, payment_speed: 3 },
  tags: ' fast payouts, Nutra ,, US ',
  anonymous: true,
};

describe('validateReview', () => {
  it('gives every docs/product/validation.md message, in order (as a list, decision 027)', () => {
    const { messages } = validateReview(EMPTY_REVIEW);
    expect(messages).toEqual([
      'Please select an entity',
      'Please enter a review title',
      'Please provide an overall rating',
      'Please write a review',
      'Please rate quality',
      'Please rate support',
      'Please rate reliability',
      'Please rate payment speed',
    ]);
  });

  it('asks for the name of a new entity instead of a selection', () => {
    const { messages } = validateReview({ ...filled, mode: 'new', entityName: '  ' });
    expect(messages).toEqual(['Please enter the entity name']);
  });

  it('passes a complete form', () => {
    expect(validateReview(filled).messages).toEqual([]);
  });
});

describe('toReviewPayload', () => {
  it('sends entity_id (not entity_name) for a listed entity, tags split and trimmed', () => {
    expect(toReviewPayload(filled)).toEqual({
      entity_id: 'e-1',
      title: 'Great partner',
      overall_rating: 5,
      review_text: 'Paid every week.',
      category_ratings: { quality: 5, support: 4, reliability: 5, payment_speed: 3 },
      tags: ['fast payouts', 'Nutra', 'US'],
      is_anonymous: true,
      proof_attachments: [],
    });
  });

  it('sends entity_name and type (not entity_id) for a new entity', () => {
    const payload = toReviewPayload({
      ...filled,
      mode: 'new',
      entityName: ' Orbit Leads ',
      entityType: 'network',
    });
    expect(payload).toMatchObject({ entity_name: 'Orbit Leads', entity_type: 'network' });
    expect(payload).not.toHaveProperty('entity_id');
  });

  it('sends the attached payment proof files by name and base64 bytes (decision 012)', () => {
    const payload = toReviewPayload({
      ...filled,
      proofs: [{ name: 'receipt.pdf', size: 5, dataBase64: 'JVBERi0=' }],
    });
    expect(payload.proof_attachments).toEqual([
      { file_name: 'receipt.pdf', data_base64: 'JVBERi0=' },
    ]);
  });
});
