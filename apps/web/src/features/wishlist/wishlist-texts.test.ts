import { describe, expect, it } from 'vitest';
import { ADVERTISERS_WISHLIST_TEXT, foundText } from './wishlist-texts';

describe('wishlist counts', () => {
  it('take the singular for one', () => {
    expect(ADVERTISERS_WISHLIST_TEXT.viewAll(1)).toBe('View all 1 offer');
    expect(ADVERTISERS_WISHLIST_TEXT.viewAll(4)).toBe('View all 4 offers');
    expect(foundText(1, false)).toBe('1 affiliate found');
    expect(foundText(1, true)).toBe('1+ affiliates found');
  });
});
