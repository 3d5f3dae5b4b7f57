import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './users';

/**
 * A message through a contact form (docs/decisions/026-public-pages-and-data-rights.md):
 * 'site' from the Contact page to the admins, 'entity' from a member to a company ('Join' without
 * a sign-up page). Kept for the admins' Contact tab and, for 'entity', the company's Messages tab;
 * `delivered_text` says whether the company's proven accounts were told of it (the text itself is
 * never mailed to a company).
 */
export const contactMessages = pg.pgTable(
  'contact_messages',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    kind: pg.text('kind').notNull().default('site'),
    senderUserId: pg.uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    entityId: pg.uuid('entity_id').references(() => entities.id, { onDelete: 'cascade' }),
    name: pg.text('name').notNull(),
    email: pg.text('email').notNull(),
    subject: pg.text('subject').notNull(),
    message: pg.text('message').notNull(),
    deliveredText: pg.boolean('delivered_text').notNull().default(false),
    status: pg.text('status').notNull().default('new'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admins' Contact tab: newest first, all or only the new ones.
    pg.index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    pg.index('contact_messages_status_created_idx').on(t.status, t.createdAt.desc()),
    // A member's data export, and the company's messages.
    pg.index('contact_messages_sender_idx').on(t.senderUserId, t.createdAt),
    pg.index('contact_messages_entity_idx').on(t.entityId, t.createdAt),
    pg.check('contact_messages_kind_check', sql`${t.kind} in ('site', 'entity')`),
    pg.check('contact_messages_status_check', sql`${t.status} in ('new', 'read')`),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
