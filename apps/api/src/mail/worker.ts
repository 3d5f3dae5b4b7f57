import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { pruneCounters, SLIDING_WINDOW_MAX_MS } from '../lib/counters.repository';
import { claimDueMails, markMailFailed, markMailSent, releaseMails } from './outbox.repository';
import { isSmtpUnreachable, type MailTransport } from './transport';
import { MINUTE_MS } from '../lib/time';

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
const MAX_RETRY_MS = 15 * MINUTE_MS;
const MAX_PROBE_MS = MINUTE_MS;
const HOUSEKEEPING_EVERY_MS = 10 * MINUTE_MS;

/**
 * Backoff for a mail the SMTP server refused: 5 s, 10 s, 20 s … 15 min, then every 15 min until
 * sent.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * While the SMTP server cannot be reached at all: probe with one mail after 5 s, 10 s, 20 s,
 * 40 s, then every minute. The cap is short on purpose: it bounds how long mail waits once the
 * server is back (a person waiting for a verification link), and a probe costs one connection.
 */
export function probeDelayMs(failedProbes: number): number {
  return Math.min(MAX_PROBE_MS, BASE_RETRY_MS * 2 ** Math.max(0, failedProbes - 1));
}

/**
 * Delivers the outbox. Polls, and can be woken at once after a commit (`wake()`), so a mail
 * goes out within a moment without a busy loop. Safe to run in several instances.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** stop() was called: finish the mail being sent, hand the rest of the batch back. */
  private stopping = false;
  private again = false;
  private lastHousekeeping = 0;
  /** Consecutive passes that could not reach the SMTP server (0: reachable as far as we know). */
  private failedProbes = 0;
  /** The last pass claimed as many mails as it asked for: more may be due. */
  private lastPassFull = false;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(private readonly options: MailWorkerOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? MINUTE_MS;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** True while the SMTP server could not be reached on the last try. */
  get smtpUnreachable(): boolean {
    return this.failedProbes > 0;
  }

  /** Run a pass now (e.g. right after a mail was queued). */
  wake(): void {
    // While SMTP is unreachable the next probe is already scheduled; new mail waits for it.
    if (this.stopped || this.failedProbes > 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Runs passes until nothing is due or the SMTP server cannot be reached; for tests. */
  async drain(): Promise<void> {
    if (this.running) await this.running;
    while ((await this.runOnce()) > 0 && this.failedProbes === 0) {
      /* keep going */
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
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
        do {
          this.again = false;
          await this.runOnce();
        } while (!this.stopped && this.failedProbes === 0 && (this.lastPassFull || this.again));
        await this.housekeeping();
      } catch (err) {
        // Database away: try again at the next poll.
        this.options.log.warn({ err }, 'mail worker pass failed');
      }
    })();
    await this.running;
    this.running = null;
    if (!this.stopped) {
      this.schedule(this.failedProbes > 0 ? probeDelayMs(this.failedProbes) : this.pollMs);
    }
  }

  /**
   * One claim-and-send pass; returns how many mails it tried. While the SMTP server is
   * unreachable a pass claims a single mail as the probe; the first connection failure ends the
   * pass and hands the rest of the batch back untouched.
   */
  async runOnce(): Promise<number> {
    const { db, transport, from, log } = this.options;
    const limit = this.failedProbes > 0 ? 1 : this.batchSize;
    const mails = await claimDueMails(db, limit, this.leaseMs);
    const claimedAt = Date.now();
    this.lastPassFull = mails.length >= limit;
    let tried = 0;
    for (const [index, mail] of mails.entries()) {
      // Shutting down, or past half the lease (another instance may soon claim these again and
      // send them twice): hand the rest back for the next pass, here or elsewhere.
      if (this.stopping || Date.now() - claimedAt > this.leaseMs / 2) {
        await releaseMails(
          db,
          mails.slice(index).map((m) => m.id),
        );
        this.lastPassFull = true;
        break;
      }
      tried++;
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
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (!isSmtpUnreachable(err)) {
          // The server refused this mail: back off this mail only.
          const delay = retryDelayMs(mail.attempts);
          log.warn(
            { mailId: mail.id, template: mail.template, attempts: mail.attempts, retryInMs: delay },
            `mail delivery failed: ${message}`,
          );
          await markMailFailed(db, mail.id, message, delay);
          continue;
        }
        // The server cannot be reached: nothing else would get through either.
        this.failedProbes++;
        const delay = probeDelayMs(this.failedProbes);
        log.warn(
          { mailId: mail.id, attempts: mail.attempts, retryInMs: delay },
          `SMTP server unreachable, mail delivery paused: ${message}`,
        );
        await markMailFailed(db, mail.id, message, delay);
        await releaseMails(
          db,
          mails.slice(index + 1).map((m) => m.id),
        );
        this.lastPassFull = false;
        break;
      }
      if (this.failedProbes > 0) {
        log.info({ failedProbes: this.failedProbes }, 'SMTP server reachable again');
        this.failedProbes = 0;
        // The probe was the only mail claimed; the rest are due now.
        this.lastPassFull = true;
      }
      await markMailSent(db, mail.id);
    }
    return tried;
  }

  private async housekeeping(): Promise<void> {
    if (Date.now() - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = Date.now();
    await pruneCounters(this.options.db, new Date(Date.now() - SLIDING_WINDOW_MAX_MS));
  }
}
