import { describe, expect, it } from 'vitest';
import { ENTITY_DETAIL_TEXT } from './entities-texts';

describe('entity counts', () => {
  it('take the singular for one', () => {
    expect(ENTITY_DETAIL_TEXT.seeAllOffers(1)).toBe('See all 1 offer');
    expect(ENTITY_DETAIL_TEXT.seeAllOffers(1234)).toBe('See all 1,234 offers');
  });
});
