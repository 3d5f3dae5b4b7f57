import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import type { MFA_EVENT_ACTIONS } from '@trustlinks/contract/mfa';
import { users } from './users';

/**
 * An account's authenticator app (RFC 6238, docs/decisions/033). A row without `enabledAt` is an
 * enrolment in progress; the secret is never answered again once enabled. `lastUsedStep` is the
 * time step of the last accepted code: a code of that step or older is refused (no replay).
 */
export const userTotp = pg.pgTable('user_totp', {
  userId: pg
    .uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: pg.text('secret').notNull(),
  enabledAt: pg.timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: pg.bigint('last_used_step', { mode: 'number' }),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only their SHA-256 is stored. */
export const mfaRecoveryCodes = pg.pgTable(
  'mfa_recovery_codes',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    codeHash: pg.text('code_hash').notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right and whose second factor is awaited (the `mfa_token`):
 * short-lived, single-use, burnt after a few wrong codes; only the token's hash is stored.
 */
export const mfaSignIns = pg.pgTable(
  'mfa_sign_ins',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: pg.text('token_hash').notNull().unique(),
    failures: pg.integer('failures').notNull().default(0),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('mfa_sign_ins_user_id_idx').on(t.userId),
    pg.index('mfa_sign_ins_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The code mailed to an account that must enrol a second factor from an enrolment-only session
 * (docs/decisions/033): it proves the mailbox as well as the password. One per account, only its
 * hash is kept, short-lived, spent by the enrolment it allows, burnt after a few wrong tries.
 */
export const mfaEnrolmentCodes = pg.pgTable('mfa_enrolment_codes', {
  userId: pg
    .uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: pg.text('code_hash').notNull(),
  expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
  failures: pg.integer('failures').notNull().default(0),
  createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MfaEventAction = (typeof MFA_EVENT_ACTIONS)[number];

/** Every change of an account's second factor, with who made it: the admin's audit list. */
export const mfaEvents = pg.pgTable(
  'mfa_events',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    actorId: pg.uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: pg.text('action').$type<MfaEventAction>().notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('mfa_events_user_created_idx').on(t.userId, t.createdAt),
    pg.check(
      'mfa_events_action_check',
      sql`${t.action} in ('enabled', 'disabled', 'recovery_codes_regenerated', 'recovery_code_used', 'admin_reset', 'admin_required', 'admin_not_required')`,
    ),
  ],
);
