import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox, type MailOutboxRow } from '../db/schema';
import type { RenderedMail } from './templates';

export interface MailEnvelope {
  to: string;
  replyTo?: string | null;
  senderUserId?: string | null;
  recipientUserId?: string | null;
  /**
   * The body carries a secret (a verification or reset link, a code, a temporary password):
   * the stored copy is scrubbed once the mail is delivered, so the outbox keeps no usable secret.
   */
  secret?: boolean;
}

/** A queued mail's row (enqueueMail writes one; notify writes its mails with its notifications). */
export function outboxRow(
  envelope: MailEnvelope,
  mail: RenderedMail,
): typeof mailOutbox.$inferInsert {
  return {
    template: mail.template,
    toAddress: envelope.to,
    replyTo: envelope.replyTo ?? null,
    senderUserId: envelope.senderUserId ?? null,
    recipientUserId: envelope.recipientUserId ?? null,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    containsSecret: envelope.secret ?? false,
  };
}

/** Queues a mail; call it with the transaction of the change that causes the mail. */
export async function enqueueMail(
  db: DbOrTx,
  envelope: MailEnvelope,
  mail: RenderedMail,
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values(outboxRow(envelope, mail))
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** One recipient's part of a coalesced mail: the new lines, and how to render the mail's lines. */
export interface CoalescedMail {
  envelope: MailEnvelope & { recipientUserId: string };
  /** This event's items (stored as JSON with the mail, e.g. an offer's changes). */
  items: unknown[];
  /** The mail listing all the items gathered so far, oldest first. */
  render: (items: unknown[]) => RenderedMail;
}

/**
 * Queues mails about one `topic` (e.g. one offer) so each recipient gets at most one per `windowMs`
 * (docs/decisions/030): the first goes out at once; while a recipient was mailed about the topic
 * within the window, the new items wait in one deferred row, due when the window of the last mail
 * ends, which later calls re-render with their items added. Call it in the transaction of the
 * change, one caller per topic at a time (the offer edit holds the offer's row lock). A deferred
 * row the worker already claimed is not touched: another deferred row follows it.
 */
export async function enqueueCoalescedMails(
  db: DbOrTx,
  topic: string,
  windowMs: number,
  mails: CoalescedMail[],
): Promise<void> {
  if (mails.length === 0) return;
  // mail_outbox_topic_idx; a row created two windows ago can no longer hold a window open.
  const recent = await db
    .select({
      id: mailOutbox.id,
      recipientUserId: mailOutbox.recipientUserId,
      items: mailOutbox.items,
      status: mailOutbox.status,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(
      and(
        inArray(
          mailOutbox.recipientUserId,
          mails.map((m) => m.envelope.recipientUserId),
        ),
        eq(mailOutbox.topic, topic),
        gt(mailOutbox.createdAt, new Date(Date.now() - 2 * windowMs)),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt));
  const latest = new Map<string, (typeof recent)[number]>();
  for (const row of recent)
    if (!latest.has(row.recipientUserId!)) latest.set(row.recipientUserId!, row);
  const now = Date.now();
  for (const mail of mails) {
    const last = latest.get(mail.envelope.recipientUserId);
    if (last && last.status === 'pending' && last.nextAttemptAt.getTime() > now) {
      const items = [...(last.items ?? []), ...mail.items];
      const rendered = mail.render(items);
      // Only while it still waits and nobody claimed it (the claim needs it due).
      const merged = await db
        .update(mailOutbox)
        .set({
          items,
          subject: rendered.subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
        })
        .where(
          and(
            eq(mailOutbox.id, last.id),
            eq(mailOutbox.status, 'pending'),
            gt(mailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .returning({ id: mailOutbox.id });
      if (merged.length > 0) continue;
    }
    // When the last mail went (or goes) out; the next may follow a window later.
    const lastAt = last ? (last.sentAt ?? last.nextAttemptAt).getTime() : null;
    const dueAt = lastAt !== null && lastAt + windowMs > now ? new Date(lastAt + windowMs) : null;
    await db.insert(mailOutbox).values({
      ...outboxRow(mail.envelope, mail.render(mail.items)),
      topic,
      items: mail.items,
      ...(dueAt ? { nextAttemptAt: dueAt } : {}),
    });
  }
}

/** True when a mail of that template went to the user within the last `withinMs` (a sliding window). */
export async function hasRecentMail(
  db: DbOrTx,
  recipientUserId: string,
  template: string,
  withinMs: number,
): Promise<boolean> {
  // mail_outbox_recipient_idx (recipient_user_id, created_at) serves this.
  const [row] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipientUserId, recipientUserId),
        gt(mailOutbox.createdAt, new Date(Date.now() - withinMs)),
        eq(mailOutbox.template, template),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Claims up to `limit` due mails for `leaseMs`. SKIP LOCKED lets several instances claim side by
 * side without taking the same row; the lease returns a row to the pool if its claimer dies.
 */
export async function claimDueMails(
  db: DbOrTx,
  limit: number,
  leaseMs: number,
): Promise<MailOutboxRow[]> {
  const result = await db.execute(sql`
    UPDATE mail_outbox SET
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
      attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'pending'
        AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.id} IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
}

/** What stays of a mail flagged `secret` once it is delivered (migration 0013 uses the same text). */
export const SCRUBBED_BODY =
  '[removed after delivery: this mail contained a link, code or password]';

export async function markMailSent(db: DbOrTx, id: string): Promise<void> {
  const secret = mailOutbox.containsSecret;
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      textBody: sql`CASE WHEN ${secret} THEN ${SCRUBBED_BODY} ELSE ${mailOutbox.textBody} END`,
      htmlBody: sql`CASE WHEN ${secret} THEN ${SCRUBBED_BODY} ELSE ${mailOutbox.htmlBody} END`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(
  db: DbOrTx,
  id: string,
  error: string,
  retryInMs: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(mailOutbox.id, id));
}

/** Hands claimed mails back without counting an attempt (they were not tried). */
export async function releaseMails(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lockedUntil: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(inArray(mailOutbox.id, ids));
}
