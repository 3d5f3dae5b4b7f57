import { describe, expect, it } from 'vitest';
import { normaliseText, spamReason, textHash } from './reviews.spam';

describe('spamReason', () => {
  it.each([
    ['https://cheap-leads.example.com/promo', 'only links'],
    ['www.spam.example.com !!! visit', 'only links'],
    ['Check bestoffers.xyz/join now', 'only links'],
    [
      'See https://a.example.com, https://b.example.com and https://c.example.com for details',
      '3 links',
    ],
    ['Amazing!!!!!!!!!!!!', 'one character'],
    ['good good good good good good good good', 'same words'],
  ])('flags %j (%s)', (text, reason) => {
    expect(spamReason(text)).toContain(reason);
  });

  it.each([
    'Paid on time every week; their AM answered within hours. See https://vitality.example.com for the program terms.',
    'Solid network with clear terms, we ran Finance offers for a quarter without issues.',
    'Great great support, fast payments and good offers for Tier-1 traffic.',
    'Payouts: 5/5, support 4/5, offers 4/5.',
  ])('lets honest text through: %j', (text) => {
    expect(spamReason(text)).toBeNull();
  });
});

describe('textHash', () => {
  it('hashes texts that read the same to the same value', () => {
    expect(normaliseText('  Great   network!\nFast, PAID. ')).toBe('great network fast paid');
    expect(textHash('Great network! Fast, paid.')).toBe(textHash('great network fast paid'));
    expect(textHash('Great network')).not.toBe(textHash('Good network'));
  });
});

describe('spamReason in linear time (decision 012)', () => {
  it.each([
    ['a.', 25_000],
    ['a.b', 20_000],
    ['!', 50_000],
    ['www.', 10_000],
    ['x-', 25_000],
  ])('reads %j × %i in well under a second', (unit, times) => {
    // The old pattern backtracked quadratically: 'a.'.repeat(2500) took ~50 ms, so ten times as
    // much text took seconds. Linear work on 50,000 characters takes a few milliseconds.
    const text = unit.repeat(times);
    const started = performance.now();
    spamReason(text);
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('still finds links inside punctuation', () => {
    expect(spamReason('(bestoffers.xyz) <www.spam.example.com>')).toContain('only links');
    expect(spamReason('See "https://a.example.com"!')).toContain('only links');
  });
});
