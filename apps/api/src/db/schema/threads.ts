import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { belongsTo } from '../columns';
import { entities } from './entities';
import { users } from './users';

/**
 * A thread per deal (docs/decisions/050-deal-threads.md): one conversation between the two
 * parties of a subject. The owner side is the company approached (the offer's owner, the request's
 * owner, the contacted company); the starter side the company that applied, bid, asked or wrote
 * (or, on Contact, a member without a company: starter_user_id). Every account of a party company
 * reads and writes it; nobody else (an admin only once a message of it was reported).
 */
export const threads = pg.pgTable(
  'threads',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    kind: pg.text('kind').notNull(),
    /** The application, the offer request, or the contacted entity. */
    subjectId: pg.uuid('subject_id').notNull(),
    ownerEntityId: belongsTo('owner_entity_id', () => entities.id),
    starterEntityId: pg.uuid('starter_entity_id').references(() => entities.id, {
      onDelete: 'cascade',
    }),
    starterUserId: pg.uuid('starter_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The deal's title when the thread opened (offer or request title, company name). */
    title: pg.text('title').notNull(),
    lastMessageAt: pg.timestamp('last_message_at', { withTimezone: true }),
    /** Which side wrote the last message ('owner' or 'starter'): unread is the other side's. */
    lastSenderSide: pg.text('last_sender_side'),
    /** Set by the first report: from then on admins may read this thread (and only this one). */
    reportedAt: pg.timestamp('reported_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg
      .uniqueIndex('threads_subject_key')
      .on(t.kind, t.subjectId, sql`coalesce(${t.starterEntityId}, ${t.starterUserId})`),
    pg.index('threads_owner_idx').on(t.ownerEntityId, t.lastMessageAt.desc()),
    pg
      .index('threads_starter_entity_idx')
      .on(t.starterEntityId, t.lastMessageAt.desc())
      .where(sql`${t.starterEntityId} is not null`),
    pg
      .index('threads_starter_user_idx')
      .on(t.starterUserId, t.lastMessageAt.desc())
      .where(sql`${t.starterUserId} is not null`),
    pg.check('threads_kind_check', sql`${t.kind} in ('application', 'request', 'contact')`),
    pg.check(
      'threads_starter_check',
      sql`num_nonnulls(${t.starterEntityId}, ${t.starterUserId}) = 1`,
    ),
    pg.check(
      'threads_last_sender_side_check',
      sql`${t.lastSenderSide} is null or ${t.lastSenderSide} in ('owner', 'starter')`,
    ),
  ],
);

/** A message of a thread: plain text, at most 2000 characters; reportable by the other side. */
export const threadMessages = pg.pgTable(
  'thread_messages',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    threadId: belongsTo('thread_id', () => threads.id),
    senderUserId: pg.uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderSide: pg.text('sender_side').notNull(),
    /** The writer's first name and company as shown when it was written. */
    senderName: pg.text('sender_name').notNull(),
    body: pg.text('body').notNull(),
    reportedAt: pg.timestamp('reported_at', { withTimezone: true }),
    reportedByUserId: pg.uuid('reported_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    reportReason: pg.text('report_reason'),
    /** An admin settled the report (migration 0058): dismissed, or removed (text no longer served). */
    reportResolvedAt: pg.timestamp('report_resolved_at', { withTimezone: true }),
    reportResolvedByUserId: pg.uuid('report_resolved_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    reportResolution: pg.text('report_resolution'),
    reportResolutionNote: pg.text('report_resolution_note'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('thread_messages_thread_idx').on(t.threadId, t.createdAt.desc()),
    // The admins' open reports (what is still to do) and settled ones, each newest first.
    pg
      .index('thread_messages_report_open_idx')
      .on(t.reportedAt.desc())
      .where(sql`${t.reportedAt} is not null and ${t.reportResolvedAt} is null`),
    pg
      .index('thread_messages_report_resolved_idx')
      .on(t.reportResolvedAt.desc())
      .where(sql`${t.reportResolvedAt} is not null`),
    // The set-null of a deleted admin account finds its stamps through this.
    pg
      .index('thread_messages_resolver_idx')
      .on(t.reportResolvedByUserId)
      .where(sql`${t.reportResolvedByUserId} is not null`),
    // A member's data export.
    pg.index('thread_messages_sender_idx').on(t.senderUserId, t.createdAt),
    pg.check('thread_messages_side_check', sql`${t.senderSide} in ('owner', 'starter')`),
    pg.check(
      'thread_messages_resolution_check',
      sql`${t.reportResolution} is null or ${t.reportResolution} in ('dismissed', 'removed')`,
    ),
    pg.check('thread_messages_body_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/** When each account last read a thread (every member of a party reads for themselves). */
export const threadReads = pg.pgTable(
  'thread_reads',
  {
    threadId: belongsTo('thread_id', () => threads.id),
    userId: belongsTo('user_id', () => users.id),
    readAt: pg.timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ name: 'thread_reads_pkey', columns: [t.threadId, t.userId] })],
);

export type ThreadRow = typeof threads.$inferSelect;
export type ThreadMessageRow = typeof threadMessages.$inferSelect;
