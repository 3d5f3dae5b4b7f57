import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { users } from './users';

/** Single-use links sent by mail (email verification); only the token's hash is stored. */
export const emailTokens = pg.pgTable(
  'email_tokens',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    purpose: pg.text('purpose').notNull(),
    tokenHash: pg.text('token_hash').notNull().unique(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);
