import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext, buildInstance } from '../../test/helpers';
import { buildEntityAccount, offerPayload } from '../../test/factories';

/**
 * Two instances on one database behind nginx (Debian's package) with the documented
 * configuration, deploy/nginx/trustlinks.conf (docs/deployment.md, "Behind nginx";
 * docs/decisions/029-long-lived-read-cache.md): requests spread over both; a visitor's public
 * answer is kept by the proxy no longer than its Cache-Control says and revalidated by its ETag;
 * a member's answers never come from the proxy, and a member reads their own write at once
 * through either instance.
 */
const REPO = path.resolve(__dirname, '../../../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const CACHE = {
  READ_CACHE_MS: '1000',
  READ_CACHE_MAX_AGE_MS: '600000',
  READ_CACHE_PUBLIC_MAX_AGE_S: '1',
  READ_CACHE_PUBLIC_STALE_S: '0',
  TRUST_PROXY: '127.0.0.1',
};

describe('two instances behind nginx', () => {
  let ctx: TestContext;
  let b: FastifyInstance;
  let prefix: string;
  let proxy: string;
  const served = { a: 0, b: 0 };

  beforeAll(async () => {
    if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run does)');
    ctx = await buildTestApp({ config: CACHE });
    b = await buildInstance(ctx.database, CACHE);
    const upstreams: string[] = [];
    for (const [name, app] of [
      ['a', ctx.app],
      ['b', b],
    ] as const) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      app.server.on('request', () => served[name]++);
      upstreams.push(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    await vi.waitFor(() =>
      expect(ctx.app.readCache.hearsWrites && b.readCache.hearsWrites).toBe(true),
    );

    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-nginx-test-'));
    const port = await freePort();
    const conf = execFileSync(
      process.execPath,
      [
        path.join(REPO, 'scripts/nginx-config.mjs'),
        prefix,
        `127.0.0.1:${port}`,
        upstreams.join(','),
      ],
      { encoding: 'utf8' },
    );
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    execFileSync(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')]);
    proxy = `http://127.0.0.1:${port}`;
    await vi.waitFor(async () => expect((await fetch(`${proxy}/api/health`)).status).toBe(200), {
      timeout: 10_000,
    });
  }, 180_000);

  afterAll(async () => {
    const pidFile = prefix && path.join(prefix, 'nginx.pid');
    if (pidFile && fs.existsSync(pidFile)) {
      process.kill(Number(fs.readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
      await vi.waitFor(() => expect(fs.existsSync(pidFile)).toBe(false), { timeout: 10_000 });
    }
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
    await b?.close();
    await ctx?.close();
  });

  const listTitles = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${proxy}/api/offers/fetch_all?limit=50`, { headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { offers: { title: string }[] };
    return { res, titles: body.offers.map((o) => o.title) };
  };

  it('spreads requests over both instances', async () => {
    const before = { ...served };
    for (let i = 0; i < 10; i++) expect((await fetch(`${proxy}/api/health`)).status).toBe(200);
    expect(served.a - before.a).toBeGreaterThan(0);
    expect(served.b - before.b).toBeGreaterThan(0);
  });

  it("keeps a visitor's public answer as long as its Cache-Control says, and revalidates it by its ETag", async () => {
    const first = await listTitles();
    const cacheControl = first.res.headers.get('cache-control') ?? '';
    expect(cacheControl).toContain('public');
    expect(cacheControl).toContain('max-age=1');
    const etag = first.res.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await fetch(`${proxy}/api/offers/fetch_all?limit=50`);
    expect(second.headers.get('x-proxy-cache')).toBe('HIT');
    expect(second.headers.get('etag')).toBe(etag);
    await second.arrayBuffer();
    const conditional = await fetch(`${proxy}/api/offers/fetch_all?limit=50`, {
      headers: { 'if-none-match': etag! },
    });
    expect(conditional.status).toBe(304);
  });

  it('never answers a member from the proxy, and a member reads their own write at once through either instance; visitors see it once max-age has passed', async () => {
    const owner = await buildEntityAccount(ctx.database.db, 'network');
    const title = `Behind the proxy ${Date.now()}`;
    // A visitor's answer is in the proxy before the write.
    expect((await listTitles()).titles).not.toContain(title);

    const created = await fetch(`${proxy}/api/offers/create`, {
      method: 'POST',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify(offerPayload({ title })),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const before = { ...served };
    for (let i = 0; i < 4; i++) {
      const mine = await listTitles(owner.headers);
      expect(mine.res.headers.get('x-proxy-cache')).toBe('BYPASS');
      expect(mine.titles).toContain(title);
    }
    // Both instances answered the member (the one that did not take the write heard it).
    expect(served.a - before.a).toBeGreaterThan(0);
    expect(served.b - before.b).toBeGreaterThan(0);

    // Visitors: once max-age (1 s here) has passed and the other instance has heard the write
    // (its NOTIFY; on a loaded PostgreSQL that took longer than the 0.2 s beyond max-age once).
    await new Promise((r) => setTimeout(r, 1_200));
    await vi.waitFor(async () => expect((await listTitles()).titles).toContain(title), {
      timeout: 5_000,
      interval: 250,
    });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
