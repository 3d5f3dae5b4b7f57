import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { users } from './users';

/**
 * A message through a contact form (docs/decisions/026-public-pages-and-data-rights.md):
 * 'site' from the Contact page to the admins, 'entity' from a member to a company ('Join' without
 * a sign-up page). Kept for the admins' Contact tab and, for 'entity', the company's Messages tab;
 * `delivered_text` says whether the company's proven accounts were told of it (the text itself is
 * never mailed to a company).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull().default('site'),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    entityId: uuid('entity_id').references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    deliveredText: boolean('delivered_text').notNull().default(false),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admins' Contact tab: newest first, all or only the new ones.
    index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt.desc()),
    // A member's data export, and the company's messages.
    index('contact_messages_sender_idx').on(t.senderUserId, t.createdAt),
    index('contact_messages_entity_idx').on(t.entityId, t.createdAt),
    check('contact_messages_kind_check', sql`${t.kind} in ('site', 'entity')`),
    check('contact_messages_status_check', sql`${t.status} in ('new', 'read')`),
  ],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;
