import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@trustlinks/contract/route';
import { buildTestApp, testRoute, type TestContext } from '../test/helpers';
import { buildEntity } from '../test/factories';
import { ERROR_MESSAGES } from './lib/http-errors';
import { badRequest } from './errors';

let ctx: TestContext;
let dist: string;
const probe = (path: `/${string}`) =>
  defineRoute({
    method: 'GET',
    path,
    auth: 'public',
    tag: 'test',
    summary: 'A probe',
    responses: {},
  });
const BIG_ASSET = `export const words = ${JSON.stringify('trust links '.repeat(2000))};`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>TrustLinks</title><script>document.documentElement.dataset.x = "1";</script><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What apps/web/scripts/precompress.mjs writes beside a built file.
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js'), BIG_ASSET);
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_ASSET));
  fs.writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_ASSET));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await buildTestApp({
    webDistDir: dist,
    routes: [
      testRoute(
        defineRoute({
          method: 'POST',
          path: '/_test/validate',
          auth: 'public',
          tag: 'test',
          summary: 'Validates its body',
          body: z.object({ name: z.string().min(2), age: z.number().int().min(0) }).strict(),
          responses: {},
        }),
        { clearsReadCache: [] },
        async () => ({ ok: true }),
      ),
      testRoute(probe('/_test/boom'), {}, async () => {
        throw new Error('secret internal detail');
      }),
      testRoute(probe('/_test/bad-cast'), {}, async () => {
        await ctx.app.database.query(`SELECT 'not-a-uuid'::uuid`);
        return {};
      }),
      testRoute(probe('/_test/big'), {}, async () => ({
        items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Offer number ${i}` })),
      })),
      testRoute(probe('/_test/bad'), {}, async () => {
        throw badRequest('That is not right.');
      }),
    ],
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('is 200 when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is 503 when the database is gone', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Database unavailable' });
    await other.app.close();
  });
});

describe('errors', () => {
  it('answers unknown /api paths with JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/nope/nothing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: ERROR_MESSAGES.notFound });
    }
  });

  it('turns schema failures into 400 with field details', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/validate',
      payload: { name: 'x', age: -1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toMatch(/^Invalid input: /);
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['age', 'name']);
  });

  it('rejects unknown fields on strict schemas', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/validate',
      payload: { name: 'xx', age: 3, role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers malformed JSON with 400 and a human message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ERROR_MESSAGES.invalidJson });
  });

  it('answers an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/validate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), age: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: ERROR_MESSAGES.tooLarge });
  });

  it('refuses a compressed body that inflates past the size limit with 413', async () => {
    // 1 KB on the wire, 3 MB once inflated: the limit counts the inflated bytes.
    const bomb = gzipSync(JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), age: 1 }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/validate',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: ERROR_MESSAGES.tooLarge });
  });

  it('compresses large JSON answers for clients that ask, not small ones', async () => {
    const big = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/big',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).items).toHaveLength(200);
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/_test/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(200);
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/validate',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBeTruthy();
  });

  it('refuses NUL characters anywhere in the input with 400', async () => {
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/validate',
      payload: { name: 'a\u0000b', age: 1 },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ error: ERROR_MESSAGES.nulCharacter });
    const query = await ctx.app.inject({ method: 'GET', url: '/api/_test/bad?x=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ error: ERROR_MESSAGES.nulCharacter });
  });

  it('turns a database "bad value" error into 400, never 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/_test/bad-cast' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ERROR_MESSAGES.invalidText });
  });

  it('keeps HttpError statuses and messages', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/_test/bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'That is not right.' });
  });

  it('hides internal errors behind a generic 500 without a stack', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/_test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: ERROR_MESSAGES.internal });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('infrastructure', () => {
  it('gives every response a request id and honours a sane incoming one', async () => {
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const passed = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-req-12345678' },
    });
    expect(passed.headers['x-request-id']).toBe('lb-req-12345678');
    const hostile = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a\u0000b<script>' },
    });
    expect(hostile.headers['x-request-id']).not.toContain('<script>');
  });

  it('allows exactly the inline scripts of the built index.html by hash', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const expected = createHash('sha256')
      .update('document.documentElement.dataset.x = "1";')
      .digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${expected}'`);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  // helmet's middleware is built once (docs/decisions/016-cpu-per-request.md): the whole set, on
  // answers, errors and unknown paths alike, and no X-Powered-By.
  it('sends the same security headers on every kind of answer', async () => {
    for (const url of ['/api/health', '/api/users/me', '/api/no-such-route', '/offers']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).toContain("connect-src 'self'");
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('publishes the OpenAPI document and its UI under /api/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
    expect(Object.keys(json.json().paths)).toContain('/api/health');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('rate-limits per client with a clear 429', async () => {
    const limited = await buildTestApp({ config: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await limited.app.inject({ method: 'GET', url: '/api/nope' })).statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/api/nope' });
      expect(res.json()).toEqual({ error: ERROR_MESSAGES.rateLimited });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('the single-page app', () => {
  // A build without its server renderer (dist/ssr); the rendered pages: modules/pages/pages.test.ts.
  it('serves index.html for client routes when the build has no server renderer', async () => {
    // An entity's page is served at its slug (docs/decisions/022; the other addresses redirect or 404).
    await buildEntity(ctx.database.db, { name: '123', verificationStatus: 'approved' });
    for (const url of ['/', '/offers', '/entity/123', '/some/unknown/path?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves top-level static files', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
  });

  it('serves the precompressed file to clients that accept it, the plain one otherwise', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_ASSET);

    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(res.statusCode).toBe(404);
  });

  it('does not escape the dist folder', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/../../package.json' });
    expect(res.body).not.toContain('"workspaces"');
  });
});
