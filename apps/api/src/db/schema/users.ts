import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    bio: text('bio'),
    role: text('role').notNull().default('user'),
    /** The approved entity this account speaks for; set only by entity approval. */
    /** FK to entities(id) ON DELETE SET NULL, added in migration 0003 by hand (see there). */
    entityId: uuid('entity_id'),
    status: text('status').notNull().default('active'),
    /** Why an admin last banned or unbanned the account (docs/decisions/032), and when. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    /** A one-time password set by entity approval stops working after this moment. */
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    /** Identity verification for the company database (docs/product/states.md Contacts access). */
    identityVerified: boolean('identity_verified').notNull().default(false),
    identityMethod: text('identity_method'),
    /** The normal form of the verified value (docs/decisions/023): one value, one account. */
    identityValue: text('identity_value'),
    /** The registrable domain of a verified business address: one voice per domain. */
    identityDomain: text('identity_domain'),
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    /** An admin asked this account to have a second factor (docs/decisions/033). */
    mfaRequired: boolean('mfa_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    index('users_name_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_entity_id_idx').on(t.entityId),
    // One business address (or LinkedIn profile) verifies one account (docs/decisions/013).
    uniqueIndex('users_identity_value_key')
      .on(t.identityMethod, t.identityValue)
      .where(sql`${t.identityValue} is not null`),
    check(
      'users_role_check',
      sql`${t.role} in ('user', 'advertiser', 'affiliate', 'network', 'admin')`,
    ),
    check('users_status_check', sql`${t.status} in ('active', 'banned')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    // Identity values are stored in normal form (docs/decisions/023), lower case among others.
    check('users_identity_value_normal_check', sql`${t.identityValue} = lower(${t.identityValue})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
