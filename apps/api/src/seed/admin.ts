import type { Config } from '../config';
import type { Db } from '../db/client';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../modules/users/users.repository';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: creates a verified admin if no account has that email; an
 * existing account is left exactly as it is (its password is never overwritten).
 */
export async function bootstrapAdmin(
  db: Db,
  config: Config,
): Promise<'created' | 'exists' | 'skipped'> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return 'skipped';
  const created = await insertUser(db, {
    email: config.ADMIN_EMAIL.toLowerCase(),
    passwordHash: await hashPassword(config.ADMIN_PASSWORD),
    firstName: 'Admin',
    lastName: '',
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  return created ? 'created' : 'exists';
}
