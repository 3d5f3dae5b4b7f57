import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { users } from './users';

/**
 * Attempts to verify an identity (docs/decisions/013-identity-verification.md). A business email
 * is proven by a mailed code (`code_sent` until confirmed: `approved`, or `failed` after too many
 * wrong tries); a LinkedIn profile waits for an admin (`pending_review`, then `approved` or
 * `rejected`). A new attempt replaces the user's open one (`withdrawn`). The verified identity
 * itself lives on the user (users.identity_*); this table is how it got there.
 */
export const identityClaims = pg.pgTable(
  'identity_claims',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    method: pg.text('method').notNull(),
    /** The lower-cased business address, or the canonical LinkedIn profile URL. */
    value: pg.text('value').notNull(),
    status: pg.text('status').notNull(),
    /** SHA-256 of the claim id and the code; the code itself is only in the mail. */
    codeHash: pg.text('code_hash'),
    codeExpiresAt: pg.timestamp('code_expires_at', { withTimezone: true }),
    failedAttempts: pg.integer('failed_attempts').notNull().default(0),
    decidedBy: pg.uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: pg.text('decision_note'),
    decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one open attempt per user: the one the status and the confirm step talk about.
    pg
      .uniqueIndex('identity_claims_open_user_key')
      .on(t.userId)
      .where(sql`${t.status} in ('code_sent', 'pending_review')`),
    // The admins' lists: LinkedIn claims of one status, by date, paged.
    pg
      .index('identity_claims_review_idx')
      .on(t.status, t.createdAt, t.id)
      .where(sql`${t.method} = 'linkedin'`),
    pg.check('identity_claims_method_check', sql`${t.method} in ('linkedin', 'business_email')`),
    pg.check(
      'identity_claims_status_check',
      sql`${t.status} in ('code_sent', 'pending_review', 'approved', 'rejected', 'failed', 'withdrawn')`,
    ),
  ],
);

export type IdentityClaimRow = typeof identityClaims.$inferSelect;
