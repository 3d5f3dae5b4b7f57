import type { CurrentUser } from '@trustlinks/contract/users';
import type { Role } from '@trustlinks/contract/constants';
import type { UserRow } from '../../db/schema';

export function displayName(row: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email;
}

/** The user as shown to that same user (never the hash, status internals or tokens). */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    user_id: row.id,
    entity_id: row.entityId,
    role: row.role as Role,
    first_name: row.firstName,
    last_name: row.lastName,
    name: displayName(row),
    email: row.email,
    phone: row.phone,
    bio: row.bio,
    created_at: row.createdAt.toISOString(),
  };
}
