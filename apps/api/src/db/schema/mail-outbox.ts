import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Transactional outbox (docs/architecture.md#cross-cutting-rules): a mail is a row written in the same transaction as the
 * change that causes it; the worker delivers it later and retries until it is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The body carries a link, code or password: it is scrubbed once delivered. */
    containsSecret: boolean('contains_secret').notNull().default(false),
    /** Who caused it (for the email history of later features). */
    senderUserId: uuid('sender_user_id'),
    recipientUserId: uuid('recipient_user_id'),
    /**
     * A coalesced mail's subject matter, e.g. "offer_changed:{offer id}": one such mail per
     * recipient and topic an hour; `items` are what it lists (enqueueCoalescedMails).
     */
    topic: text('topic'),
    items: jsonb('items').$type<unknown[]>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_sender_idx').on(t.senderUserId, t.createdAt),
    index('mail_outbox_recipient_idx').on(t.recipientUserId, t.createdAt),
    index('mail_outbox_topic_idx')
      .on(t.recipientUserId, t.topic, t.createdAt)
      .where(sql`${t.topic} IS NOT NULL`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
