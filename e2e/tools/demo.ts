// What the tools that measure the built app against the demo data (lighthouse-budget.ts,
// dashboard-bench.ts) share: a free loopback port for the API, waiting for it, and signing a demo
// account in through the API as the login page does.
import net from 'node:net';

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

/** A loopback port nothing listens on (the API is started on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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
