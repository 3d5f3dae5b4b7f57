import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helpers';
import { decodeQuotedPrintable, startSmtpSink } from '../../test/smtp-sink';
import { mailOutbox } from '../db/schema';
import { enqueueMail, SCRUBBED_BODY } from './outbox.repository';
import { verifyEmailMail, welcomeMail } from './templates';
import { createMailTransport, isSmtpUnreachable, type MailTransport } from './transport';
import { MailWorker, probeDelayMs, retryDelayMs } from './worker';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());
const log = { info: () => {}, warn: () => {}, error: () => {} };

const db = () => ctx.database.db;
const queue = (to: string, link = 'http://localhost:3000/verify-email?token=abc') =>
  enqueueMail(db(), { to }, verifyEmailMail({ link }));
const statusOf = async (id: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
/** Tests share one database: start without leftovers that a worker would pick up. */
const clearPending = () => db().execute(sql`DELETE FROM mail_outbox WHERE status = 'pending'`);
/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const probe = await startSmtpSink();
  await probe.close();
  return probe.port;
}
async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

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
    await clearPending();
    const port = await closedPort();
    const transport = createMailTransport(`smtp://127.0.0.1:${port}`);
    const worker = new MailWorker({ db: db(), transport, from: 'no-reply@trustlinks.local', log });
    const ids = [
      await queue('a@example.com'),
      await queue('b@example.com'),
      await queue('c@example.com'),
    ];

    // The first connection failure pauses delivery: one mail was tried, the rest handed back.
    expect(await worker.runOnce()).toBe(1);
    expect(worker.smtpUnreachable).toBe(true);
    const rows = await Promise.all(ids.map(statusOf));
    const tried = rows.filter((r) => r.attempts === 1);
    expect(tried).toHaveLength(1);
    expect(tried[0]!.lastError).toBeTruthy();
    const probeIn = tried[0]!.nextAttemptAt.getTime() - Date.now();
    expect(probeIn).toBeGreaterThan(3_000);
    expect(probeIn).toBeLessThanOrEqual(5_500);
    for (const row of rows.filter((r) => r.attempts === 0)) {
      expect(row.status).toBe('pending');
      expect(row.lockedUntil).toBeNull();
      expect(row.lastError).toBeNull();
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // While unreachable a pass probes with a single mail.
    expect(await worker.runOnce()).toBe(1);
    expect((await Promise.all(ids.map(statusOf))).filter((r) => r.attempts === 1)).toHaveLength(2);

    const sink = await startSmtpSink(port);
    try {
      await db().execute(
        sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'`,
      );
      await worker.drain();
      expect(worker.smtpUnreachable).toBe(false);
      await worker.drain();
      const delivered = sink.received.flatMap((m) => m.to).sort();
      expect(delivered).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
      for (const id of ids) expect((await statusOf(id)).status).toBe('sent');
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it('the background worker delivers the backlog within one probe interval once SMTP is back', async () => {
    await clearPending();
    const port = await closedPort();
    const transport = createMailTransport(`smtp://127.0.0.1:${port}`);
    const worker = new MailWorker({ db: db(), transport, from: 'x@trustlinks.local', log });
    const recipients = Array.from({ length: 5 }, (_, i) => `backlog${i}@example.com`);
    for (const r of recipients) await queue(r);
    worker.start();
    let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    try {
      await waitFor(() => worker.smtpUnreachable, 5_000);
      // New mail while paused waits for the next probe instead of hammering the server.
      worker.wake();
      sink = await startSmtpSink(port);
      const openedAt = Date.now();
      const received = sink.received;
      await waitFor(() => received.length >= recipients.length, 10_000);
      // First probe is 5 s after the failure, so the backlog goes out within about 5 s.
      expect(Date.now() - openedAt).toBeLessThan(8_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(received.flatMap((m) => m.to).sort()).toEqual([...recipients].sort());
      expect(worker.smtpUnreachable).toBe(false);
    } finally {
      await worker.stop();
      transport.close();
      await sink?.close();
    }
  });

  it('a mail the server refuses backs off alone and does not pause delivery', async () => {
    await clearPending();
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        if (mail.to === 'refused@example.com') {
          throw Object.assign(new Error("Can't send mail - all recipients were rejected"), {
            code: 'EENVELOPE',
            responseCode: 550,
          });
        }
        sent.push(mail.to);
      },
      close: () => {},
    };
    const worker = new MailWorker({ db: db(), transport, from: 'x@trustlinks.local', log });
    const refused = await queue('refused@example.com');
    await queue('fine1@example.com');
    await queue('fine2@example.com');
    await worker.drain();
    expect(worker.smtpUnreachable).toBe(false);
    expect(sent.sort()).toEqual(['fine1@example.com', 'fine2@example.com']);
    const row = await statusOf(refused);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/rejected/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
  });

  it('hands back the rest of a batch before its lease runs out, so no other worker doubles it', async () => {
    await clearPending();
    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        await new Promise((r) => setTimeout(r, 80));
        sent.push(mail.to);
      },
      close: () => {},
    };
    const worker = new MailWorker({
      db: db(),
      transport,
      from: 'x@trustlinks.local',
      log,
      leaseMs: 200,
    });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await queue(`lease${i}@example.com`));
    const tried = await worker.runOnce();
    expect(tried).toBeGreaterThanOrEqual(1);
    expect(tried).toBeLessThan(5);
    const rows = await Promise.all(ids.map(statusOf));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(tried);
    for (const row of rows.filter((r) => r.status === 'pending')) {
      expect(row.attempts).toBe(0);
      expect(row.lockedUntil).toBeNull();
    }
    await worker.drain();
    expect(sent.sort()).toEqual(ids.map((_, i) => `lease${i}@example.com`).sort());
  });

  it('on stop, finishes the mail being sent and hands the rest of the batch back', async () => {
    await clearPending();
    const sent: string[] = [];
    let sending = false;
    const transport: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        sending = true;
        await new Promise((r) => setTimeout(r, 150));
        sent.push(mail.to);
      },
      close: () => {},
    };
    const worker = new MailWorker({ db: db(), transport, from: 'x@trustlinks.local', log });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await queue(`stop${i}@example.com`));
    worker.start();
    await waitFor(() => sending, 5_000);
    await worker.stop();
    expect(sent).toHaveLength(1);
    const rows = await Promise.all(ids.map(statusOf));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(1);
    for (const row of rows.filter((r) => r.status === 'pending')) {
      expect(row.attempts).toBe(0);
      expect(row.lockedUntil).toBeNull();
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

describe('mails that carry a secret', () => {
  it('keep no copy of the link once delivered; other mails keep their body', async () => {
    await clearPending();
    const link = 'http://localhost:3000/verify-email?token=SECRET-TOKEN-123';
    const secretId = await enqueueMail(
      db(),
      { to: 'secret@example.com', secret: true },
      verifyEmailMail({ link }),
    );
    const plainId = await enqueueMail(
      db(),
      { to: 'plain@example.com' },
      welcomeMail({ firstName: 'Sam', loginUrl: 'http://localhost:3000/login' }),
    );
    const printed: string[] = [];
    const worker = new MailWorker({
      db: db(),
      transport: createMailTransport(undefined, (l) => printed.push(l)),
      from: 'x@trustlinks.local',
      log,
    });
    await worker.drain();
    // Delivered with the link…
    expect(printed.join('\n')).toContain('SECRET-TOKEN-123');
    // …and gone from the outbox afterwards.
    const secret = await statusOf(secretId);
    expect(secret).toMatchObject({
      status: 'sent',
      textBody: SCRUBBED_BODY,
      htmlBody: SCRUBBED_BODY,
    });
    expect(JSON.stringify(secret)).not.toContain('SECRET-TOKEN-123');
    const plain = await statusOf(plainId);
    expect(plain.status).toBe('sent');
    expect(plain.textBody).toContain('http://localhost:3000/login');
  });

  it('stay whole while waiting for delivery (a retry needs them)', async () => {
    const id = await enqueueMail(
      db(),
      { to: 'waiting@example.com', secret: true },
      verifyEmailMail({ link: 'http://localhost:3000/verify-email?token=WAITING' }),
    );
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: 'pending', containsSecret: true });
    expect(row.textBody).toContain('token=WAITING');
    await db().delete(mailOutbox).where(eq(mailOutbox.id, id));
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
  it('doubles from 5 s and caps at 15 minutes for a refused mail', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(3)).toBe(20_000);
    expect(retryDelayMs(50)).toBe(15 * 60_000);
  });

  it('probes an unreachable server after 5 s, doubling to once a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 100].map(probeDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('tells an unreachable server from a refused mail', async () => {
    const port = await closedPort();
    const transport = createMailTransport(`smtp://127.0.0.1:${port}`);
    const err = await transport
      .send({
        id: '1',
        to: 'a@example.com',
        from: 'x@trustlinks.local',
        replyTo: null,
        subject: 's',
        text: 't',
        html: 'h',
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    transport.close();
    expect(isSmtpUnreachable(err)).toBe(true);
    expect(isSmtpUnreachable(Object.assign(new Error('rejected'), { code: 'EENVELOPE' }))).toBe(
      false,
    );
    expect(isSmtpUnreachable(new Error('no code'))).toBe(false);
  });
});

describe('templates', () => {
  it('escape values in HTML', () => {
    const mail = welcomeMail({ firstName: '<script>x</script>', loginUrl: 'http://a/?t="1"' });
    expect(mail.html).not.toContain('<script>x');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});
