import { describe, expect, it } from 'vitest';
import { isNewAccount, NEW_ACCOUNT_MS } from './new-account';

describe('isNewAccount', () => {
  const now = Date.parse('2026-11-29T10:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('is new within the window after sign-up, returning after it', () => {
    expect(isNewAccount({ created_at: ago(2 * 60_000) }, now)).toBe(true);
    expect(isNewAccount({ created_at: ago(NEW_ACCOUNT_MS - 1) }, now)).toBe(true);
    expect(isNewAccount({ created_at: ago(NEW_ACCOUNT_MS) }, now)).toBe(false);
  });

  it('counts an account without a (readable) creation time as returning', () => {
    expect(isNewAccount({}, now)).toBe(false);
    expect(isNewAccount({ created_at: 'not a date' }, now)).toBe(false);
  });
});
