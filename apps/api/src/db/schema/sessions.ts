import { desc, isNull } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Opaque bearer sessions: only the SHA-256 of the token is stored (docs/architecture.md#cross-cutting-rules). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** "Chrome on macOS": parsed from the user agent at sign-in (auth/devices.ts). */
    deviceLabel: text('device_label'),
    /** The client address at sign-in in clientKey's normal form (IPv6 by its /64). */
    clientAddress: text('client_address'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_user_active_idx').on(t.userId, desc(t.lastSeenAt)).where(isNull(t.revokedAt)),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
