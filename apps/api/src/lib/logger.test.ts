import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides verification tokens in paths and secrets in query strings', () => {
    expect(redactUrl('/api/users/verify-email/abcDEF123_-')).toBe(
      '/api/users/verify-email/[redacted]',
    );
    expect(redactUrl('/verify-email?token=abc&x=1')).toBe('/verify-email?token=[redacted]&x=1');
    expect(redactUrl('/api/offers/fetch_all?title=x')).toBe('/api/offers/fetch_all?title=x');
  });
});
