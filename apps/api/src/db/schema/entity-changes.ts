import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './users';

/**
 * An owner's change to an approved entity's name, website, email or sign-up URL, held for an admin: the public
 * page keeps the approved values until the change is accepted (docs/decisions/011). A null field
 * means "unchanged". Decided changes stay as the record of who asked and who decided.
 */
export const entityChanges = pgTable(
  'entity_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name'),
    website: text('website'),
    /** Lower-cased, like entities.email. */
    email: text('email'),
    /** A new entity_metadata.signup_url, the page 'Join' redirects to (public web only). */
    signupUrl: text('signup_url'),
    status: text('status').notNull().default('pending'),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // At most one change waits per entity; it is also how a page of entities finds theirs.
    uniqueIndex('entity_changes_pending_key')
      .on(t.entityId)
      .where(sql`${t.status} = 'pending'`),
    index('entity_changes_entity_idx').on(t.entityId, t.createdAt),
    check('entity_changes_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);

export type EntityChangeRow = typeof entityChanges.$inferSelect;
