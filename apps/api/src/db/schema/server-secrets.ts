import * as pg from 'drizzle-orm/pg-core';

/**
 * Secrets every instance must share, each made once by the first instance that needs it
 * (src/db/server-secrets.repository.ts): the key that signs the read-your-writes cookie
 * (docs/decisions/017-read-replicas.md).
 */
export const serverSecrets = pg.pgTable('server_secrets', {
  name: pg.text('name').primaryKey(),
  secret: pg.text('secret').notNull(),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
