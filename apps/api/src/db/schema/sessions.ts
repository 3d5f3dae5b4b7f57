import { desc, isNull } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { users } from './users';

/** Opaque bearer sessions: only the SHA-256 of the token is stored (docs/architecture.md#cross-cutting-rules). */
export const sessions = pg.pgTable(
  'sessions',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: pg.text('token_hash').notNull().unique(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: pg.timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    /** "Chrome on macOS": parsed from the user agent at sign-in (auth/devices.ts). */
    deviceLabel: pg.text('device_label'),
    /** The client address at sign-in in clientKey's normal form (IPv6 by its /64). */
    clientAddress: pg.text('client_address'),
  },
  (t) => [
    pg.index('sessions_user_id_idx').on(t.userId),
    pg
      .index('sessions_user_active_idx')
      .on(t.userId, desc(t.lastSeenAt))
      .where(isNull(t.revokedAt)),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
