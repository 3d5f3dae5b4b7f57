import { describe, expect, it } from 'vitest';
import { relativeTime, unreadBadge } from './relative-time';

describe('bell helpers', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says how long ago', () => {
    expect(relativeTime('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-03-10T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-03-10T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2026-03-08T12:00:00Z', now)).toBe('2 d ago');
    expect(relativeTime('2026-01-02T12:00:00Z', now)).toBe('Jan 2, 2026');
  });

  it('caps the badge at 99+', () => {
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(100)).toBe('99+');
  });
});
