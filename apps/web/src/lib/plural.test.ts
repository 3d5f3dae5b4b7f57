import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('takes the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'report', 'reports')).toBe('report');
    expect(plural(0, 'report', 'reports')).toBe('reports');
    expect(plural(2, 'report', 'reports')).toBe('reports');
  });
});
