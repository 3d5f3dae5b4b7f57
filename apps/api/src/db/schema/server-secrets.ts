import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets every instance must share, each made once by the first instance that needs it
 * (src/db/server-secrets.repository.ts): the key that signs the read-your-writes cookie
 * (docs/decisions/017-read-replicas.md).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
