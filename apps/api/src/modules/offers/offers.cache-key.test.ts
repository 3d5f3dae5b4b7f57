import { describe, expect, it } from 'vitest';
import { explorerOfferSchema, offersQuerySchema } from '@trustlinks/contract/offers';
import { LISTED_OFFER_FIELDS } from './offers.cache';
import { offersPageKey } from './offers.service';

/** The key of the raw query string as the route sees it: parsed and validated first. */
const keyOf = (queryString: string) => {
  const params = new URLSearchParams(queryString);
  const raw: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    raw[name] = all.length > 1 ? all : all[0]!;
  }
  return offersPageKey(offersQuerySchema.parse(raw));
};

describe('the offer explorer’s read-cache key', () => {
  it('is one entry whatever the order, repeats or case of GEOs and categories', () => {
    const key = keyOf('geo=US&geo=CA&category=Nutra');
    expect(keyOf('geo=CA&geo=US&category=Nutra')).toBe(key);
    expect(keyOf('category=Nutra&geo=CA&geo=US')).toBe(key);
    expect(keyOf('geo=us&geo=CA&geo=US&category=nutra')).toBe(key);
    expect(keyOf('geo=US&geo=CA&category=NUTRA&category=Nutra&page=1&limit=20')).toBe(key);
  });

  it('is one entry for a title in any ASCII case and with surrounding spaces', () => {
    expect(keyOf('title=Keto')).toBe(keyOf('title=%20keto%20'));
    expect(keyOf('title=KETO')).toBe(keyOf('title=keto'));
  });

  it('keeps apart what selects or shows different offers', () => {
    const keys = [
      '',
      'geo=US',
      'geo=US&geo=CA',
      'category=Nutra',
      'geo=US&category=Nutra',
      'title=keto',
      'title=keto&page=2',
      'title=keto&limit=50',
      // Non-ASCII case pairs are left to the database's own rules: never merged here.
      'title=%C3%A9t%C3%A9',
      'title=%C3%89t%C3%A9',
    ].map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('what an offer write empties', () => {
  it('names every field of the offer an explorer card shows as listed (decision 043)', () => {
    // The card's fields that come from the entity (its name, type, TrustScore, warning) change
    // with the entity's own writes, which empty the lists themselves.
    const fromOffer = Object.keys(explorerOfferSchema.shape).filter(
      (key) => key !== 'offer_id' && (key === 'entity_id' || !key.startsWith('entity_')),
    );
    expect(fromOffer).toContain('title');
    for (const key of fromOffer) expect(LISTED_OFFER_FIELDS, key).toContain(key);
  });
});
