import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helpers';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink';
import { mailOutbox } from '../db/schema';
import { enqueueMail } from './outbox.repository';
import { verifyEmailMail } from './templates';
import { createMailTransport } from './transport';
import { MailWorker, retryDelayMs } from './worker';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
const log = { info: () => {}, warn: () => {}, error: () => {} };

const db = () => ctx.database.db;
const queue = (to: string, link = 'http://localhost:3000/verify-email?token=abc') =>
  enqueueMail(db(), { to }, verifyEmailMail({ firstName: 'Sam', link }));
const statusOf = async (id: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('SMTP delivery through the outbox', () => {
  it('delivers a queued mail to a real SMTP server and marks it sent', async () => {
    const sink = await startSmtpSink();
    const transport = createMailTransport(sink.url);
    const worker = new MailWorker({
      db: db(),
      transport,
      from: 'TrustLinks <no-reply@trustlinks.local>',
      log,
    });
    try {
      const id = await queue(
        'sam@example.com',
        'http://localhost:3000/verify-email?token=TOKEN123',
      );
      await worker.drain();
      expect(sink.received).toHaveLength(1);
      const [mail] = sink.received;
      expect(mail!.to).toEqual(['sam@example.com']);
      expect(mail!.subject).toBe('Verify your TrustLinks email address');
      expect(decodeQuotedPrintable(mail!.raw)).toContain(
        'http://localhost:3000/verify-email?token=TOKEN123',
      );
      expect(mail!.messageId).toBe(`<${id}@trustlinks>`);
      const row = await statusOf(id);
      expect(row.status).toBe('sent');
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it('keeps mails while SMTP is down and delivers each exactly once when it is back', async () => {
    // Find a free port, then leave it closed.
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();
    const transport = createMailTransport(`smtp://127.0.0.1:${port}`);
    const worker = new MailWorker({ db: db(), transport, from: 'no-reply@trustlinks.local', log });
    const ids = [
      await queue('a@example.com'),
      await queue('b@example.com'),
      await queue('c@example.com'),
    ];

    await worker.runOnce();
    for (const id of ids) {
      const row = await statusOf(id);
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }
    // Not due yet: a second pass sends nothing and does not count an attempt.
    expect(await worker.runOnce()).toBe(0);

    const sink = await startSmtpSink(port);
    try {
      await db().execute(
        sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'`,
      );
      await worker.drain();
      await worker.drain();
      const delivered = sink.received.flatMap((m) => m.to).sort();
      expect(delivered).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
      for (const id of ids) expect((await statusOf(id)).status).toBe('sent');
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it('two workers on one outbox send each mail once', async () => {
    const sink = await startSmtpSink();
    const t1 = createMailTransport(sink.url);
    const t2 = createMailTransport(sink.url);
    const w1 = new MailWorker({
      db: db(),
      transport: t1,
      from: 'x@trustlinks.local',
      log,
      batchSize: 3,
    });
    const w2 = new MailWorker({
      db: db(),
      transport: t2,
      from: 'x@trustlinks.local',
      log,
      batchSize: 3,
    });
    try {
      const recipients = Array.from({ length: 12 }, (_, i) => `pair${i}@example.com`);
      for (const r of recipients) await queue(r);
      await Promise.all([w1.drain(), w2.drain()]);
      const delivered = sink.received.flatMap((m) => m.to).filter((t) => t.startsWith('pair'));
      expect(delivered.sort()).toEqual([...recipients].sort());
    } finally {
      t1.close();
      t2.close();
      await sink.close();
    }
  });

  it('the background worker picks up new mail without being asked', async () => {
    const sink = await startSmtpSink();
    const transport = createMailTransport(sink.url);
    const worker = new MailWorker({
      db: db(),
      transport,
      from: 'x@trustlinks.local',
      log,
      pollMs: 50,
    });
    worker.start();
    try {
      await queue('background@example.com');
      const deadline = Date.now() + 5000;
      while (
        !sink.received.some((m) => m.to.includes('background@example.com')) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(sink.received.some((m) => m.to.includes('background@example.com'))).toBe(true);
    } finally {
      await worker.stop();
      transport.close();
      await sink.close();
    }
  });
});

describe('console transport', () => {
  it('prints the recipient, subject and links', async () => {
    const lines: string[] = [];
    const transport = createMailTransport(undefined, (l) => lines.push(l));
    await transport.send({
      id: '1',
      to: 'dev@example.com',
      from: 'x@trustlinks.local',
      replyTo: null,
      subject: 'Verify your TrustLinks email address',
      text: 'Open http://localhost:3000/verify-email?token=abc to verify.',
      html: '<p>x</p>',
    });
    const out = lines.join('\n');
    expect(out).toContain('To:       dev@example.com');
    expect(out).toContain('Subject:  Verify your TrustLinks email address');
    expect(out).toContain('Link:     http://localhost:3000/verify-email?token=abc');
  });
});

describe('retry backoff', () => {
  it('doubles from 5 s and caps at 15 minutes', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(3)).toBe(20_000);
    expect(retryDelayMs(50)).toBe(15 * 60_000);
  });
});

describe('templates', () => {
  it('escape values in HTML', () => {
    const mail = verifyEmailMail({ firstName: '<script>x</script>', link: 'http://a/?t="1"' });
    expect(mail.html).not.toContain('<script>x');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
