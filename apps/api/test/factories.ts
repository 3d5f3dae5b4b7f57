import { randomBytes } from 'node:crypto';
import type { Role } from '@trustlinks/contract/constants';
import type { DbOrTx } from '../src/db/client';
import { users, type UserRow } from '../src/db/schema';
import { startSession } from '../src/auth/sessions.service';

let counter = 0;

/** Inserts a verified, active user; the password hash is a placeholder (no login through it). */
export async function buildUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Test',
      lastName: `User${counter}`,
      role: 'user' satisfies Role,
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A bearer header for a new session of the user. */
export async function authHeader(db: DbOrTx, user: UserRow) {
  const { token } = await startSession(db, user.id);
  return { authorization: `Bearer ${token}` };
}
