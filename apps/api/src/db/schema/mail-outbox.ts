import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/**
 * Transactional outbox (docs/architecture.md#cross-cutting-rules): a mail is a row written in the same transaction as the
 * change that causes it; the worker delivers it later and retries until it is sent.
 */
export const mailOutbox = pg.pgTable(
  'mail_outbox',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    template: pg.text('template').notNull(),
    toAddress: pg.text('to_address').notNull(),
    replyTo: pg.text('reply_to'),
    subject: pg.text('subject').notNull(),
    textBody: pg.text('text_body').notNull(),
    htmlBody: pg.text('html_body').notNull(),
    /** The body carries a link, code or password: it is scrubbed once delivered. */
    containsSecret: pg.boolean('contains_secret').notNull().default(false),
    /** Who caused it (for the email history of later features). */
    senderUserId: pg.uuid('sender_user_id'),
    recipientUserId: pg.uuid('recipient_user_id'),
    /**
     * A coalesced mail's subject matter, e.g. "offer_changed:{offer id}": one such mail per
     * recipient and topic an hour; `items` are what it lists (enqueueCoalescedMails).
     */
    topic: pg.text('topic'),
    items: pg.jsonb('items').$type<unknown[]>(),
    status: pg.text('status').notNull().default('pending'),
    attempts: pg.integer('attempts').notNull().default(0),
    nextAttemptAt: pg.timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: pg.timestamp('locked_until', { withTimezone: true }),
    lastError: pg.text('last_error'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: pg.timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    pg
      .index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    pg.index('mail_outbox_sender_idx').on(t.senderUserId, t.createdAt),
    pg.index('mail_outbox_recipient_idx').on(t.recipientUserId, t.createdAt),
    pg
      .index('mail_outbox_topic_idx')
      .on(t.recipientUserId, t.topic, t.createdAt)
      .where(sql`${t.topic} IS NOT NULL`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
