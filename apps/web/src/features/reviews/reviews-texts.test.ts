import { describe, expect, it } from 'vitest';
import { MY_REVIEWS_TEXT, TRUST_TEXT } from './reviews-texts';

describe('review counts', () => {
  it('take the singular for one', () => {
    expect(MY_REVIEWS_TEXT.viewAll(1)).toBe('View all 1 review');
    expect(MY_REVIEWS_TEXT.viewAll(3)).toBe('View all 3 reviews');
    expect(TRUST_TEXT.medianReply(1)).toBe('Median first reply after 1 hour');
    expect(TRUST_TEXT.medianReply(36)).toBe('Median first reply after 36 hours');
    expect(TRUST_TEXT.medianReply(50)).toBe('Median first reply after 2 days');
  });
});
