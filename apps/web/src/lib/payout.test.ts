import { describe, expect, it } from 'vitest';
import { formatPayout, formatPayoutUpTo } from './payout';

describe('payout display', () => {
  it('shows percentages as is, numbers with a dollar sign, nothing as Contact', () => {
    expect(formatPayout('40%')).toBe('40%');
    expect(formatPayout(45)).toBe('$45');
    expect(formatPayout(45.5)).toBe('$45.50');
    expect(formatPayout(1250)).toBe('$1,250');
    expect(formatPayout(null)).toBe('Contact');
    expect(formatPayout(undefined)).toBe('Contact');
  });

  it('says "Up to" for amounts on the offer page', () => {
    expect(formatPayoutUpTo(120)).toBe('Up to $120');
    expect(formatPayoutUpTo('35%')).toBe('35%');
    expect(formatPayoutUpTo(null)).toBe('Contact');
  });
});
