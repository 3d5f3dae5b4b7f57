import { describe, expect, it } from 'vitest';
import { budgetText, cardGeos, dailyVolumeText, priorityOf } from './request-display';

describe('wishlist card display (docs/product/constants.md)', () => {
  it('priority: over 50000 or any budget is high, over 10000 medium, else low', () => {
    const p = (traffic_volume: number, budget_range: { min: number; max: number } | null = null) =>
      priorityOf({ traffic_volume, budget_range });
    expect(p(50001)).toBe('high');
    expect(p(50000)).toBe('medium');
    expect(p(10001)).toBe('medium');
    expect(p(10000)).toBe('low');
    expect(p(0)).toBe('low');
    expect(p(500, { min: 0, max: 0 })).toBe('high');
  });

  it('daily volume: divided by 1000, rounded, plus K/day', () => {
    expect(dailyVolumeText(60000)).toBe('60K/day');
    expect(dailyVolumeText(12499)).toBe('12K/day');
    expect(dailyVolumeText(12500)).toBe('13K/day');
    expect(dailyVolumeText(400)).toBe('0K/day');
    expect(dailyVolumeText(1_250_000)).toBe('1250K/day');
  });

  it("GEOs: the first 4, then '+N more'", () => {
    expect(cardGeos([])).toEqual({ shown: [], moreText: null });
    expect(cardGeos(['US', 'CA', 'GB', 'AU'])).toEqual({
      shown: ['US', 'CA', 'GB', 'AU'],
      moreText: null,
    });
    expect(cardGeos(['US', 'CA', 'GB', 'AU', 'NZ', 'IE'])).toEqual({
      shown: ['US', 'CA', 'GB', 'AU'],
      moreText: '+2 more',
    });
  });

  it('budget range as dollars, none as null', () => {
    expect(budgetText({ min: 1000, max: 5000 })).toBe('$1,000 – $5,000');
    expect(budgetText(null)).toBeNull();
  });
});
