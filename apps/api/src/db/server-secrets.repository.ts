import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { serverSecrets } from './schema';

/** The secrets of server_secrets, by name. */
export type ServerSecretName = 'read_primary_cookie';

/**
 * The secret `name`, shared by every instance of this database: the first instance that asks
 * makes it (32 random bytes, base64url); instances asking at once keep the one stored first.
 */
export async function serverSecret(db: DbOrTx, name: ServerSecretName): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ secret: serverSecrets.secret })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row!.secret;
}
