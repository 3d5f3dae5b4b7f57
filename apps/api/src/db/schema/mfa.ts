import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MFA_EVENT_ACTIONS } from '@trustlinks/contract/mfa';
import { users } from './users';

/**
 * An account's authenticator app (RFC 6238, docs/decisions/033). A row without `enabledAt` is an
 * enrolment in progress; the secret is never answered again once enabled. `lastUsedStep` is the
 * time step of the last accepted code: a code of that step or older is refused (no replay).
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only their SHA-256 is stored. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose password was right and whose second factor is awaited (the `mfa_token`):
 * short-lived, single-use, burnt after a few wrong codes; only the token's hash is stored.
 */
export const mfaSignIns = pgTable(
  'mfa_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mfa_sign_ins_user_id_idx').on(t.userId),
    index('mfa_sign_ins_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The code mailed to an account that must enrol a second factor from an enrolment-only session
 * (docs/decisions/033): it proves the mailbox as well as the password. One per account, only its
 * hash is kept, short-lived, spent by the enrolment it allows, burnt after a few wrong tries.
 */
export const mfaEnrolmentCodes = pgTable('mfa_enrolment_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MfaEventAction = (typeof MFA_EVENT_ACTIONS)[number];

/** Every change of an account's second factor, with who made it: the admin's audit list. */
export const mfaEvents = pgTable(
  'mfa_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<MfaEventAction>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mfa_events_user_created_idx').on(t.userId, t.createdAt),
    check(
      'mfa_events_action_check',
      sql`${t.action} in ('enabled', 'disabled', 'recovery_codes_regenerated', 'recovery_code_used', 'admin_reset', 'admin_required', 'admin_not_required')`,
    ),
  ],
);
