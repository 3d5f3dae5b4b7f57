// A real TrustLinks process (`node <the start script's flags> --import tsx src/server.ts`), as a
// deployment runs it, on a loopback port; stopped by its PID.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { START_NODE_FLAGS } from '../src/start-command';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface AppOptions {
  name: string;
  port: number;
  databaseUrl: string;
  smtpUrl: string;
  logDir: string;
  mailFrom?: string;
}

export class AppProcess {
  readonly pid: number;
  readonly startedAt = Date.now();
  /** Set when the process ends, for whatever reason. */
  exit: { code: number | null; signal: NodeJS.Signals | null; at: number } | null = null;
  private readonly exited: Promise<void>;

  private constructor(
    readonly options: AppOptions,
    private readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    if (child.pid === undefined) throw new Error(`${options.name}: the process did not start`);
    this.pid = child.pid;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal, at: Date.now() };
        resolve();
      });
    });
  }

  /** Spawns the process; it is not ready until `waitReady()`. */
  static spawn(options: AppOptions): AppProcess {
    const logFile = path.join(options.logDir, `${options.name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(
      process.execPath,
      [...START_NODE_FLAGS, '--import', 'tsx', 'src/server.ts'],
      {
        cwd: API_DIR,
        // A clean environment: only what a deployment would set (docs/deployment.md).
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/tmp',
          NODE_ENV: 'production',
          // Production needs the authenticator apps' key; this run's database is thrown away.
          MFA_SECRET_KEY: 'fa17'.repeat(16),
          HOST: '127.0.0.1',
          PORT: String(options.port),
          DATABASE_URL: options.databaseUrl,
          SMTP_URL: options.smtpUrl,
          MAIL_FROM: options.mailFrom ?? 'TrustLinks <no-reply@trustlinks.test>',
          APP_URL: 'http://trustlinks.test',
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'false',
          RATE_LIMIT_PER_MINUTE: '10000000',
          // The checks sign dozens of people up from 127.0.0.1 (10 an hour per address by default).
          SIGNUP_LIMIT_PER_HOUR: '100000',
          WEB_DIST_DIR: path.join(options.logDir, 'no-web-build'),
        },
        stdio: ['ignore', out, out],
      },
    );
    fs.closeSync(out);
    return new AppProcess(options, child, logFile);
  }

  url(p: string): string {
    return `http://127.0.0.1:${this.options.port}${p}`;
  }

  get alive(): boolean {
    if (this.exit) return false;
    try {
      process.kill(this.pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** Waits for GET /api/health to answer 200. */
  async waitReady(timeoutMs = 60_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exit) {
        throw new Error(
          `${this.options.name} exited during start (code ${this.exit.code}):\n${this.logTail()}`,
        );
      }
      try {
        const res = await fetch(this.url('/api/health'), { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return Date.now() - this.startedAt;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.options.name} not ready after ${timeoutMs} ms:\n${this.logTail()}`);
  }

  /** SIGTERM (graceful), then SIGKILL after `graceMs`. */
  async stop(graceMs = 12_000): Promise<void> {
    if (this.exit) return;
    try {
      process.kill(this.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
    if ((await Promise.race([this.exited.then(() => 'exited' as const), timer])) === 'timeout') {
      try {
        process.kill(this.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await this.exited;
    }
  }

  logText(): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  logTail(lines = 15): string {
    return this.logText()
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((l) => `      | ${l.length > 300 ? `${l.slice(0, 300)}…` : l}`)
      .join('\n');
  }

  /** Parsed pino lines (JSON) of the log. */
  logRecords(): { time: number; level: number; msg: string }[] {
    return this.logText()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as { time: number; level: number; msg: string }];
        } catch {
          return [];
        }
      });
  }
}
