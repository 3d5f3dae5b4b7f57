// What the tools that measure the built app against the demo data (lighthouse-budget.ts,
// dashboard-bench.ts) share: the API serving the built SPA on a loopback port with a temporary
// embedded database and the demo data, and signing a demo account in through it as the login page
// does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The password every demo login shares (apps/api/src/seed/demo-accounts.ts). */
const DEMO_PASSWORD = 'demo1234';

/** What the login page stores (apps/web/src/lib/session.ts): the token and the user. */
export interface StoredSession {
  token: string;
  user: Record<string, unknown>;
}

/**
 * Signs the demo account of the role (`advertiser`, `affiliate`, `network`: `<role>@demo.trustlinks.test`)
 * in through the API, as the login page does.
 */
export async function signInDemo(baseUrl: string, role: string): Promise<StoredSession> {
  const email = `${role}@demo.trustlinks.test`;
  const res = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in ${email} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as StoredSession;
  return { token: body.token, user: body.user };
}

/** A loopback port nothing listens on (the API is started on it): the fault runner's. */
export { freePort } from '../../apps/api/faults/ports';

/** Polls `url` until `isReady` says so (by default: it answers 2xx), or fails after `timeoutMs`. */
export async function waitFor(
  url: string,
  timeoutMs: number,
  isReady: (res: Response) => Promise<boolean> = async (res) => res.ok,
) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (await isReady(res)) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url} (${last})`);
}

/**
 * Starts the API (the server process itself, no npm/tsx wrapper, so its PID is the one to stop)
 * serving the built SPA (`WEB_DIST_DIR`, else apps/web/dist) on `port` with a temporary embedded
 * database seeded with the demo data, its log in that folder. `ready()` waits for it (failing if
 * it exits first); `stop(failed)` stops it, prints the log's last lines when the run failed, and
 * removes the folder.
 */
export function startDemoApi(port: number, tmpPrefix: string) {
  const webDist = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`no built SPA in ${webDist}: run npm run build first`);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(repoRoot, 'apps/api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production needs the authenticator apps' key; this run's database is thrown away.
      MFA_SECRET_KEY: '11e5'.repeat(16),
      // The dashboards are measured as an owner sees them with a second factor set up; the demo
      // owners have none, and production would send them to set one up first (docs/decisions/033).
      MFA_REQUIRED_FOR: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: path.join(dataDir, 'db'),
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // A tool loads each page many times; keep the per-client limit out of its way.
      RATE_LIMIT_PER_MINUTE: '100000',
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  return {
    baseUrl,
    dataDir,
    pid: server.pid,
    ready: () =>
      Promise.race([
        waitFor(`${baseUrl}/api/health`, 300_000),
        exited.then((code) => {
          throw new Error(`the API exited with ${code} before it was ready`);
        }),
      ]),
    async stop(failed: boolean) {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.closeSync(log);
      if (failed) {
        const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
        if (tail.trim()) console.error(`\nAPI log (last lines):\n${tail}`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
