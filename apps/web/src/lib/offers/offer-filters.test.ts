import { describe, expect, it } from 'vitest';
import {
  effectiveSort,
  filtersFromSearchParams,
  filtersToSearchParams,
  formatTotal,
  hasFilters,
  isPayoutTyped,
  parseGeoInput,
  toggleCategory,
} from './offer-filters';

describe('offer filters in the URL', () => {
  it('reads title, repeated GEOs and categories, dropping empty and unusable values', () => {
    const params = new URLSearchParams(
      '?title=%20keto%20&geo=us&geo=CA,gb&geo=&geo=USA&category=nutra&category=Crypto&category=&category=Unknown&category=Nutra',
    );
    expect(filtersFromSearchParams(params)).toEqual({
      title: 'keto',
      geo: ['US', 'CA', 'GB'],
      category: ['Nutra', 'Crypto'],
    });
  });

  it('writes lists as repeated parameters and leaves empty values out', () => {
    expect(
      filtersToSearchParams({ title: ' keto ', geo: ['US', 'CA'], category: ['Nutra'] }).toString(),
    ).toBe('title=keto&geo=US&geo=CA&category=Nutra');
    expect(filtersToSearchParams({ title: '  ', geo: [], category: [] }).toString()).toBe('');
  });

  it('round-trips', () => {
    const filters = { title: '100% bonus', geo: ['DE'], category: ['Gambling', 'Game'] };
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
  });

  it('keeps the comparison filters and sort in the URL, dropping unusable values (docs/decisions/028)', () => {
    const entity = '0b9f4c1e-2d3a-4b5c-8d6e-7f8091a2b3c4';
    const params = new URLSearchParams(
      `?payout_type=CPL&payout_type=CPM&payout_type=CPL&entity=${entity}&payout_min=10.5&payout_max=abc&sort=best`,
    );
    const filters = filtersFromSearchParams(params);
    expect(filters).toEqual({
      title: '',
      geo: [],
      category: [],
      payoutType: ['CPL'],
      entity,
      payoutMin: '10.5',
      sort: 'best',
    });
    expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
    expect(hasFilters(filters)).toBe(true);
    expect(
      filtersFromSearchParams(
        new URLSearchParams('?entity=not%20a%20slug!&sort=cheap&sort=newest'),
      ),
    ).toEqual({ title: '', geo: [], category: [] });
    // Sorting alone is no filter ('Clear filters' stays off).
    expect(hasFilters({ title: '', geo: [], category: [], sort: 'payout' })).toBe(false);
  });

  it('names the advertiser by its slug, and still reads an old link’s id (docs/decisions/052)', () => {
    const slug = filtersFromSearchParams(new URLSearchParams('?entity=BlockReach-Media'));
    expect(slug.entity).toBe('blockreach-media');
    expect(filtersToSearchParams(slug).toString()).toBe('entity=blockreach-media');
    const id = '0B9F4C1E-2D3A-4B5C-8D6E-7F8091A2B3C4';
    expect(filtersFromSearchParams(new URLSearchParams(`?entity=${id}`)).entity).toBe(
      id.toLowerCase(),
    );
  });

  it('sorts a search by Best match unless a sort was picked, and keeps a picked Newest (docs/decisions/028)', () => {
    expect(effectiveSort({ title: '' })).toBe('newest');
    expect(effectiveSort({ title: 'keto' })).toBe('best');
    expect(effectiveSort({ title: ' ' })).toBe('newest');
    expect(effectiveSort({ title: 'keto', sort: 'newest' })).toBe('newest');
    expect(effectiveSort({ title: '', sort: 'payout' })).toBe('payout');
    const picked = { title: 'keto', geo: [], category: [], sort: 'newest' as const };
    expect(filtersToSearchParams(picked).get('sort')).toBe('newest');
    expect(filtersFromSearchParams(filtersToSearchParams(picked))).toEqual(picked);
  });

  it('tells a payout typed half-way from a bound', () => {
    expect(isPayoutTyped('12.5')).toBe(true);
    expect(isPayoutTyped('')).toBe(true);
    expect(isPayoutTyped('12.')).toBe(false);
    expect(isPayoutTyped('abc')).toBe(false);
  });

  it('knows when any filter is set', () => {
    expect(hasFilters({ title: '', geo: [], category: [] })).toBe(false);
    expect(hasFilters({ title: '', geo: ['US'], category: [] })).toBe(true);
  });
});

describe('GEO input', () => {
  it('splits on commas and spaces, upper-cases, dedupes and reports what is not a code', () => {
    expect(parseGeoInput(' us, ca  DE,,gb;us USA 1')).toEqual({
      codes: ['US', 'CA', 'DE', 'GB'],
      ignored: ['USA', '1'],
    });
    expect(parseGeoInput('')).toEqual({ codes: [], ignored: [] });
  });
});

describe('category chips', () => {
  it('toggles categories; All clears them', () => {
    expect(toggleCategory([], 'Nutra')).toEqual(['Nutra']);
    expect(toggleCategory(['Nutra'], 'Crypto')).toEqual(['Nutra', 'Crypto']);
    expect(toggleCategory(['Nutra', 'Crypto'], 'Nutra')).toEqual(['Crypto']);
    expect(toggleCategory(['Nutra', 'Crypto'], 'All')).toEqual([]);
  });
});

describe('result count', () => {
  it('groups thousands and marks a capped count with +', () => {
    expect(formatTotal(7, false)).toBe('7');
    expect(formatTotal(1234, false)).toBe('1,234');
    expect(formatTotal(10000, true)).toBe('10,000+');
  });
});
