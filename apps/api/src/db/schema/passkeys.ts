import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { users } from './users';

/** WebAuthn credentials (docs/decisions/034): public key (COSE, base64url) and signature counter. */
export const passkeys = pg.pgTable(
  'passkeys',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    /** The credential id as the browser sends it (base64url). */
    credentialId: pg.text('credential_id').notNull(),
    publicKey: pg.text('public_key').notNull(),
    counter: pg.bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: pg
      .text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'singleDevice' or 'multiDevice' (a synced passkey). */
    deviceType: pg.text('device_type').notNull(),
    backedUp: pg.boolean('backed_up').notNull().default(false),
    name: pg.text('name').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: pg.timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    pg.index('passkeys_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Server-side WebAuthn challenges: single-use (deleted when spent) and short-lived. */
export const webauthnChallenges = pg.pgTable(
  'webauthn_challenges',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    purpose: pg.text('purpose').notNull(),
    userId: pg.uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: pg.text('challenge').notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('webauthn_challenges_expires_idx').on(t.expiresAt),
    pg.check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'login')`),
  ],
);
