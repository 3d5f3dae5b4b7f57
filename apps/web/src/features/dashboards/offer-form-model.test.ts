import { describe, expect, it } from 'vitest';
import { buildOfferBody, EMPTY_OFFER_FORM, payoutValueOf } from './offer-form-model';

describe('create offer body (docs/product/validation.md)', () => {
  it('payout: dollars as a number, RevShare as a percentage string', () => {
    expect(payoutValueOf('CPA', '45.50')).toBe(45.5);
    expect(payoutValueOf('RevShare', '40')).toBe('40%');
    expect(payoutValueOf('RevShare', '35.5%')).toBe('35.5%');
    expect(payoutValueOf('CPL', ' ')).toBeUndefined();
  });

  it('splits and upper-cases the GEOs and checks the contract rules', () => {
    const built = buildOfferBody({
      ...EMPTY_OFFER_FORM,
      title: 'Keto',
      category: 'Nutra',
      description: 'Trial',
      geos: 'us, ca',
      landingPageUrl: 'https://keto.example.com',
      payoutValue: '45',
    });
    expect(built).toEqual({
      kind: 'ok',
      body: expect.objectContaining({ target_geo: ['US', 'CA'], payout_value: 45 }),
    });
  });

  it('names each missing or wrong field', () => {
    const built = buildOfferBody({ ...EMPTY_OFFER_FORM, landingPageUrl: 'not a url' });
    expect(built.kind).toBe('invalid');
    if (built.kind !== 'invalid') return;
    expect(Object.keys(built.errors).sort()).toEqual([
      'category',
      'description',
      'landing_page_url',
      'payout_value',
      'target_geo',
      'title',
    ]);
    expect(built.errors.payout_value).toBe('Payout value is required');
  });
});
