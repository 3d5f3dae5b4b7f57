import type { CurrentUser } from '@trustlinks/contract/users';

/**
 * How long an account counts as new for the dashboard's greeting: sign-up, the verification mail
 * and the first sign-in fit in it (docs/decisions/047-wording-that-is-true.md).
 */
export const NEW_ACCOUNT_MS = 60 * 60 * 1000;

/**
 * Whether the user signed up moments ago, so the dashboard says 'Welcome' and not the spec's
 * 'Welcome back'. An account without a known creation time (a session stored before the field
 * was sent) is a returning one.
 */
export function isNewAccount(user: Pick<CurrentUser, 'created_at'>, now = Date.now()): boolean {
  if (!user.created_at) return false;
  const created = Date.parse(user.created_at);
  return Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
}
