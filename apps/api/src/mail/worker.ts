import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { pruneCounters } from '../lib/counters.repository';
import { claimDueMails, markMailFailed, markMailSent } from './outbox.repository';
import type { MailTransport } from './transport';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
}

const BASE_RETRY_MS = 5_000;
const MAX_RETRY_MS = 15 * 60_000;
const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

/** Exponential backoff with a cap: 5 s, 10 s, 20 s … 15 min, then every 15 min until sent. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox. Polls, and can be woken at once after a commit (`wake()`), so a mail
 * goes out within a moment without a busy loop. Safe to run in several instances.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private again = false;
  private lastHousekeeping = 0;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(private readonly options: MailWorkerOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Run a pass now (e.g. right after a mail was queued). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Runs passes until nothing is due; for tests and shutdown. */
  async drain(): Promise<void> {
    if (this.running) await this.running;
    while ((await this.runOnce()) > 0) {
      /* keep going */
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) await this.running;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped || this.running) return;
    this.running = (async () => {
      try {
        let sent: number;
        do {
          this.again = false;
          sent = await this.runOnce();
        } while (!this.stopped && (sent >= this.batchSize || this.again));
        await this.housekeeping();
      } catch (err) {
        // Database away: try again at the next poll.
        this.options.log.warn({ err }, 'mail worker pass failed');
      }
    })();
    await this.running;
    this.running = null;
    if (!this.stopped) this.schedule(this.pollMs);
  }

  /** One claim-and-send pass; returns how many mails it handled. */
  async runOnce(): Promise<number> {
    const { db, transport, from, log } = this.options;
    const mails = await claimDueMails(db, this.batchSize, this.leaseMs);
    for (const mail of mails) {
      try {
        await transport.send({
          id: mail.id,
          to: mail.toAddress,
          from,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody,
        });
        await markMailSent(db, mail.id);
      } catch (err) {
        const delay = retryDelayMs(mail.attempts);
        log.warn(
          { mailId: mail.id, template: mail.template, attempts: mail.attempts, retryInMs: delay },
          `mail delivery failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        await markMailFailed(db, mail.id, err instanceof Error ? err.message : String(err), delay);
      }
    }
    return mails.length;
  }

  private async housekeeping(): Promise<void> {
    if (Date.now() - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = Date.now();
    await pruneCounters(this.options.db, new Date(Date.now() - 24 * 3600_000));
  }
}
