import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

export const users = pg.pgTable(
  'users',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased. */
    email: pg.text('email').notNull(),
    passwordHash: pg.text('password_hash').notNull(),
    firstName: pg.text('first_name').notNull().default(''),
    lastName: pg.text('last_name').notNull().default(''),
    phone: pg.text('phone'),
    bio: pg.text('bio'),
    role: pg.text('role').notNull().default('user'),
    /** The approved entity this account speaks for; set only by entity approval. */
    /** FK to entities(id) ON DELETE SET NULL, added in migration 0003 by hand (see there). */
    entityId: pg.uuid('entity_id'),
    status: pg.text('status').notNull().default('active'),
    /** Why an admin last banned or unbanned the account (docs/decisions/032), and when. */
    statusReason: pg.text('status_reason'),
    statusChangedAt: pg.timestamp('status_changed_at', { withTimezone: true }),
    emailVerifiedAt: pg.timestamp('email_verified_at', { withTimezone: true }),
    passwordResetRequired: pg.boolean('password_reset_required').notNull().default(false),
    /** A one-time password set by entity approval stops working after this moment. */
    temporaryPasswordExpiresAt: pg.timestamp('temporary_password_expires_at', {
      withTimezone: true,
    }),
    /** Identity verification for the company database (docs/product/states.md Contacts access). */
    identityVerified: pg.boolean('identity_verified').notNull().default(false),
    identityMethod: pg.text('identity_method'),
    /** The normal form of the verified value (docs/decisions/023): one value, one account. */
    identityValue: pg.text('identity_value'),
    /** The registrable domain of a verified business address: one voice per domain. */
    identityDomain: pg.text('identity_domain'),
    identityVerifiedAt: pg.timestamp('identity_verified_at', { withTimezone: true }),
    /** An admin asked this account to have a second factor (docs/decisions/033). */
    mfaRequired: pg.boolean('mfa_required').notNull().default(false),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('users_email_key').on(t.email),
    pg.index('users_created_at_idx').on(t.createdAt),
    pg
      .index('users_name_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    pg.index('users_entity_id_idx').on(t.entityId),
    // One business address (or LinkedIn profile) verifies one account (docs/decisions/013).
    pg
      .uniqueIndex('users_identity_value_key')
      .on(t.identityMethod, t.identityValue)
      .where(sql`${t.identityValue} is not null`),
    pg.check(
      'users_role_check',
      sql`${t.role} in ('user', 'advertiser', 'affiliate', 'network', 'admin')`,
    ),
    pg.check('users_status_check', sql`${t.status} in ('active', 'banned')`),
    pg.check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    // Identity values are stored in normal form (docs/decisions/023), lower case among others.
    pg.check(
      'users_identity_value_normal_check',
      sql`${t.identityValue} = lower(${t.identityValue})`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
