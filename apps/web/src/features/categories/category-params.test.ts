import { describe, expect, it } from 'vitest';
import { readCategoryFilters, readCompareSlugs } from './category-params';

describe('a category page address', () => {
  it('reads the filters the API accepts and leaves out the others', () => {
    expect(
      readCategoryFilters(new URLSearchParams('geo=us&payout=CPL&min_reviews=5&page=2')),
    ).toEqual({ geo: 'US', payout: 'CPL', min_reviews: 5, page: 2 });
    expect(
      readCategoryFilters(new URLSearchParams('geo=USA&payout=CPM&min_reviews=-1&page=99')),
    ).toEqual({ geo: undefined, payout: undefined, min_reviews: 0, page: 1 });
  });

  it("reads the compare selection's slugs, distinct and lower-cased", () => {
    expect(readCompareSlugs(new URLSearchParams('c=A-one, b-two,a-one,,'))).toEqual([
      'a-one',
      'b-two',
    ]);
    expect(readCompareSlugs(new URLSearchParams(''))).toEqual([]);
  });
});
