import { ROLES } from '@trustlinks/contract/constants';
import type { CurrentUser } from '@trustlinks/contract/users';

/**
 * Validates a stored current user (docs/product/data.md) without loading zod: the session is read on the first
 * paint of every page and zod would cost ~22 KB gzipped there. The shape is tied to the contract:
 * `Record<keyof CurrentUser, …>` fails to compile when a field is added or removed, and
 * current-user.test.ts checks that this guard and `currentUserSchema` agree.
 */

const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const isOptionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';
const isRole = (value: unknown): value is CurrentUser['role'] =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

const FIELD_CHECKS: Record<keyof CurrentUser, (value: unknown) => boolean> = {
  user_id: isString,
  entity_id: isNullableString,
  role: isRole,
  first_name: isString,
  last_name: isString,
  name: isString,
  email: isString,
  phone: isNullableString,
  bio: isNullableString,
  created_at: isOptionalString,
};

export const CURRENT_USER_FIELDS = Object.keys(FIELD_CHECKS) as Array<keyof CurrentUser>;

/** The user with exactly the contract's fields (unknown extra fields dropped, as zod does), or null. */
export function parseCurrentUser(value: unknown): CurrentUser | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const field of CURRENT_USER_FIELDS) {
    if (!FIELD_CHECKS[field](record[field])) return null;
    // An optional field left out stays out, as zod leaves it.
    if (record[field] !== undefined) user[field] = record[field];
  }
  return user as CurrentUser;
}
