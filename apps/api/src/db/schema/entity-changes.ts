import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { entities } from './entities';
import { users } from './users';

/**
 * An owner's change to an approved entity's name, website, email or sign-up URL, held for an admin: the public
 * page keeps the approved values until the change is accepted (docs/decisions/011). A null field
 * means "unchanged". Decided changes stay as the record of who asked and who decided.
 */
export const entityChanges = pg.pgTable(
  'entity_changes',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    entityId: belongsTo('entity_id', () => entities.id),
    name: pg.text('name'),
    website: pg.text('website'),
    /** Lower-cased, like entities.email. */
    email: pg.text('email'),
    /** A new entity_metadata.signup_url, the page 'Join' redirects to (public web only). */
    signupUrl: pg.text('signup_url'),
    status: pg.text('status').notNull().default('pending'),
    requestedByUserId: pg.uuid('requested_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedByUserId: pg.uuid('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: pg.timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // At most one change waits per entity; it is also how a page of entities finds theirs.
    pg
      .uniqueIndex('entity_changes_pending_key')
      .on(t.entityId)
      .where(sql`${t.status} = 'pending'`),
    pg.index('entity_changes_entity_idx').on(t.entityId, t.createdAt),
    pg.check(
      'entity_changes_status_check',
      sql`${t.status} in ('pending', 'accepted', 'rejected')`,
    ),
  ],
);

export type EntityChangeRow = typeof entityChanges.$inferSelect;
