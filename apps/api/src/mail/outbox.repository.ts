import { and, eq, gt, inArray, sql } from 'drizzle-orm';
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
