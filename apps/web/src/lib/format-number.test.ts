import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney } from './format-number';

const intlMoney = (value: number) =>
  `$${value.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;

describe('formatCount / formatMoney', () => {
  it('groups thousands as en-US does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(60_000)).toBe('60,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(-1500)).toBe('-1,500');
  });

  it('writes money with cents only when there are any', () => {
    expect(formatMoney(45)).toBe('$45');
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney(1250.05)).toBe('$1,250.05');
    expect(formatMoney(1.005)).toBe('$1.01');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(1_000_000)).toBe('$1,000,000');
  });

  it('gives what Intl gives, over a spread of values', () => {
    for (let i = 0; i < 5000; i += 1) {
      const whole = Math.floor((i * 7919) % 3_000_000);
      const cents = i % 3 === 0 ? 0 : (i * 37) % 100;
      const value = whole + cents / 100;
      expect(formatCount(whole)).toBe(whole.toLocaleString('en-US'));
      expect(formatMoney(value)).toBe(intlMoney(value));
    }
  });
});
