// What every fault check gets: the private PostgreSQL, a way to start app processes and SMTP
// sinks that are stopped at the end whatever happens, and a place to print and fail.
import { startSmtpSink } from '../test/smtp-sink';
import { AppProcess, type AppOptions } from './app-process';
import type { PrivatePostgres } from './postgres';
import { freePort } from './ports';

export type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

export class FaultContext {
  readonly apps: AppProcess[] = [];
  private readonly sinks: Sink[] = [];

  constructor(
    readonly pg: PrivatePostgres,
    readonly logDir: string,
  ) {}

  async spawnApp(options: Omit<AppOptions, 'port' | 'logDir'>): Promise<AppProcess> {
    const app = AppProcess.spawn({ ...options, port: await freePort(), logDir: this.logDir });
    this.apps.push(app);
    return app;
  }

  async sink(port = 0): Promise<Sink> {
    const sink = await startSmtpSink(port);
    this.sinks.push(sink);
    return sink;
  }

  /** Stops every process and sink this context started (by PID / handle). */
  async cleanup(): Promise<void> {
    await Promise.all(this.apps.map((a) => a.stop()));
    await Promise.all(this.sinks.splice(0).map((s) => s.close().catch(() => {})));
  }
}

/** Collects the failed expectations of one check. */
export class Verdict {
  readonly failures: string[] = [];
  expect(ok: boolean, message: string): boolean {
    if (!ok) this.failures.push(message);
    return ok;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  stepMs = 25,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(stepMs);
  }
}

/** How often each key occurs (mails per recipient, per recipient and subject…). */
export function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
