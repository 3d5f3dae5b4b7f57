import { describe, expect, it } from 'vitest';
import { conversionRate, earningsPerClick } from './tracking-metrics';

describe('tracking metrics', () => {
  it('shows a dash before the first click', () => {
    expect(conversionRate(0, 0)).toBe('—');
    expect(earningsPerClick(0, 0)).toBe('—');
  });

  it('computes the conversion rate and EPC', () => {
    expect(conversionRate(1, 1)).toBe('100.0%');
    expect(conversionRate(3, 1)).toBe('33.3%');
    expect(earningsPerClick(45, 1)).toBe('$45');
    expect(earningsPerClick(100, 3)).toBe('$33.33');
    expect(earningsPerClick(10, 4)).toBe('$2.50');
  });
});
