import { describe, expect, it } from 'vitest';
import {
  parseShowcaseFile,
  searchShowcase,
  toShowcaseOffer,
  validateShowcaseForm,
} from './showcase-offers';
import type { ShowcaseOffer } from './showcase-offers';

const valid = {
  title: 'Keto Burn',
  geo: 'US, CA',
  payout: '$45',
  category: 'Nutra',
  description: 'Free trial',
};

describe('parseShowcaseFile', () => {
  it('reads a list of offers, skipping and counting entries that miss a field', () => {
    const text = JSON.stringify([
      valid,
      { ...valid, title: '  ' },
      { ...valid, geo: undefined },
      'not an offer',
      { ...valid, title: 'Second', geo: ['DE', 'AT'], payout: 120 },
    ]);
    expect(parseShowcaseFile(text)).toEqual({
      ok: true,
      skipped: 3,
      offers: [valid, { ...valid, title: 'Second', geo: 'DE, AT', payout: '$120' }],
    });
  });

  it('accepts an object holding the list under "offers", and a byte-order mark', () => {
    expect(parseShowcaseFile(`\uFEFF${JSON.stringify({ offers: [valid] })}`)).toEqual({
      ok: true,
      skipped: 0,
      offers: [valid],
    });
  });

  it('refuses text that is not JSON, or JSON that is not a list of offers', () => {
    for (const text of ['{not json', '', '42', '"offers"', '{"title":"x"}', 'null']) {
      expect(parseShowcaseFile(text)).toEqual({ ok: false, reason: 'invalid-json' });
    }
  });

  it('says so when no entry is a valid offer', () => {
    expect(parseShowcaseFile('[]')).toEqual({ ok: false, reason: 'no-valid-offers' });
    expect(parseShowcaseFile('[{"title":"only"}]')).toEqual({
      ok: false,
      reason: 'no-valid-offers',
    });
  });

  it('trims fields and refuses objects in place of text', () => {
    expect(toShowcaseOffer({ ...valid, title: '  Keto Burn  ' })).toEqual(valid);
    expect(toShowcaseOffer({ ...valid, category: { name: 'Nutra' } })).toBeNull();
    expect(toShowcaseOffer({ ...valid, payout: Number.NaN })).toBeNull();
  });
});

describe('validateShowcaseForm', () => {
  it('requires all five fields', () => {
    expect(
      validateShowcaseForm({
        title: ' ',
        geo: 'US',
        payout: '',
        category: 'Nutra',
        description: '',
      }),
    ).toEqual({ offer: null, errors: { title: true, payout: true, description: true } });
    expect(validateShowcaseForm({ ...valid, title: ' Keto Burn ' })).toEqual({
      offer: valid,
      errors: {},
    });
  });
});

describe('searchShowcase', () => {
  const offers: ShowcaseOffer[] = [
    { id: '1', ...valid },
    { id: '2', ...valid, title: 'Coin Exchange', geo: 'DE', category: 'Crypto' },
    {
      id: '3',
      ...valid,
      title: 'Lucky Spins',
      geo: 'GB, IE',
      category: 'Gambling',
      description: 'crypto deposits',
    },
  ];
  it('matches title, geo or category, case-insensitively (not the description)', () => {
    expect(searchShowcase(offers, 'crypto').map((o) => o.id)).toEqual(['2']);
    expect(searchShowcase(offers, ' gb ').map((o) => o.id)).toEqual(['3']);
    expect(searchShowcase(offers, 'KETO').map((o) => o.id)).toEqual(['1']);
    expect(searchShowcase(offers, '')).toHaveLength(3);
  });
});
