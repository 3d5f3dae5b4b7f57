import { describe, expect, it } from 'vitest';
import { LIST } from './companies-content';

describe('the company counts', () => {
  it("keep the spec's words, in the singular for one company", () => {
    expect(LIST.count(1, 1, false)).toBe('1 of 1 company found');
    expect(LIST.count(2, 2, false)).toBe('2 of 2 companies found');
    expect(LIST.count(20, 1, true)).toBe('20 of 1+ companies found');
    expect(LIST.footer(1, 1, 1, 1, false)).toBe('Showing 1 of 1 company • Page 1 of 1');
  });
});
