import { describe, expect, it } from 'vitest';
import { formatPayout, payoutParts } from './payout';

describe('payout display', () => {
  it('shows percentages as is, numbers with a dollar sign, nothing as Contact', () => {
    expect(formatPayout({ payout_value: '40%' })).toBe('40%');
    expect(formatPayout({ payout_value: 45 })).toBe('$45');
    expect(formatPayout({ payout_value: 45.5 })).toBe('$45.50');
    expect(formatPayout({ payout_value: 1250 })).toBe('$1,250');
    expect(formatPayout({ payout_value: null })).toBe('Contact');
    expect(formatPayout({ payout_value: undefined })).toBe('Contact');
  });

  it('names the payout model after the amount, and never says "Up to" for a fixed payout', () => {
    expect(formatPayout({ payout_value: 0.9, payout_type: 'CPI' })).toBe('$0.90 CPI');
    expect(formatPayout({ payout_value: '35%', payout_type: 'RevShare' })).toBe('35% RevShare');
    // No payout: 'Contact' alone, without a model it would not mean.
    expect(formatPayout({ payout_value: null, payout_type: 'CPA' })).toBe('Contact');
    expect(payoutParts({ payout_value: 0.9, payout_type: 'CPI' })).toEqual({
      amount: '$0.90',
      model: 'CPI',
    });
  });
});
