import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate / formatDateTime', () => {
  it('writes dates in English and UTC, the same on the server and in the browser', () => {
    expect(formatDate('2026-03-04T23:30:00Z')).toBe('Mar 4, 2026');
    expect(formatDateTime('2026-03-04T15:15:00Z')).toBe('Mar 4, 2026, 3:15 PM');
    expect(formatDateTime('2025-12-31T00:05:00Z')).toBe('Dec 31, 2025, 12:05 AM');
    expect(formatDateTime('2025-07-01T12:00:00.000+02:00')).toBe('Jul 1, 2025, 10:00 AM');
    expect(formatDateTime('2025-07-01T12:59:59Z')).toBe('Jul 1, 2025, 12:59 PM');
  });

  // What the pages showed when Intl wrote them (any space Intl puts before AM/PM read as one).
  it('gives what Intl gives for en-US in UTC, over a spread of instants', () => {
    const date = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const dateTime = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    const start = Date.UTC(2019, 0, 1);
    for (let i = 0; i < 2000; i += 1) {
      const instant = new Date(start + i * 7_919_333_117 * 0.123);
      const iso = instant.toISOString();
      expect(formatDate(iso)).toBe(date.format(instant));
      expect(formatDateTime(iso)).toBe(dateTime.format(instant).replace(/\s/g, ' '));
    }
  });

  it('gives the fallback for a missing or invalid value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('', '—')).toBe('—');
    expect(formatDateTime('not a date', 'never')).toBe('never');
    expect(formatDateTime(undefined)).toBe('');
  });
});
