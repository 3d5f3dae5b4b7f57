import { describe, expect, it } from 'vitest';
import { offerRules } from './offer-rules';
import { DEAL_TEXT } from './deal-texts';

describe('offerRules', () => {
  it('reads caps and traffic rules, and says when the offer states none', () => {
    expect(
      offerRules({
        daily_cap: 150,
        monthly_cap: null,
        traffic_allowed: ['Native'],
        traffic_forbidden: [],
      }),
    ).toEqual({ daily: 150, monthly: null, allowed: ['Native'], forbidden: [], any: true });
    expect(offerRules({}).any).toBe(false);
  });

  it('writes caps compactly', () => {
    expect(DEAL_TEXT.capsCompact(150, 4000)).toBe('150/day · 4,000/month');
    expect(DEAL_TEXT.capsCompact(null, 4000)).toBe('4,000/month');
  });
});
