import { describe, expect, it } from 'vitest';
import { offerWriteScopes } from './offers.cache';

// What an offer write empties of the read cache (docs/decisions/029, and the word search's kept
// prefixes, scope `lexicon`: decision 036, Note 2026-11-30).
type Side = Parameters<typeof offerWriteScopes>[0] & object;
const offer: Side = {
  offer_id: 'o1',
  entity_id: 'e1',
  title: 'Keto Boost — Trial',
  slug: 'keto-boost-trial',
  category: 'Nutra',
  description: 'Proven offer (revision 1).',
  target_geo: ['US'],
  payout_type: 'CPA',
  payout_value: 40,
  daily_cap: null,
  monthly_cap: null,
  traffic_allowed: [],
  traffic_forbidden: [],
  offer_status: 'active',
  expires_at: null,
};

describe('offerWriteScopes', () => {
  it('a new or removed offer empties the lists and the kept prefixes', () => {
    expect(offerWriteScopes(null, offer)).toEqual(
      expect.arrayContaining(['offers', 'landing', 'lexicon']),
    );
    expect(offerWriteScopes(offer, null)).toEqual(expect.arrayContaining(['offers', 'lexicon']));
  });

  it('a description that brings a word empties the kept prefixes, not the lists', () => {
    const scopes = offerWriteScopes(offer, { ...offer, description: 'Now with glowing serum.' });
    expect(scopes).toContain('lexicon');
    expect(scopes).not.toContain('offers');
  });

  it('a change of numbers, case, accents or order brings no word a prefix reaches', () => {
    for (const description of [
      'Proven offer (revision 2).',
      'PROVEN OFFER, revision 12',
      'offer proven (revisión 3)',
    ]) {
      expect(offerWriteScopes(offer, { ...offer, description }), description).not.toContain(
        'lexicon',
      );
    }
    expect(offerWriteScopes(offer, { ...offer, description: 'Proven.' })).not.toContain('lexicon');
  });

  it('a new title word empties both', () => {
    const scopes = offerWriteScopes(offer, { ...offer, title: 'Keto Boost — Free Trial' });
    expect(scopes).toEqual(expect.arrayContaining(['offers', 'lexicon']));
  });
});
