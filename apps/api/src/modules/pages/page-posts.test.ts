import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { ERROR_MESSAGES } from '../../lib/http-errors';

/**
 * A form the browser submits itself (before the page hydrates, or with JavaScript off) posts to its
 * page's address (apps/web/src/components/ui/form.tsx): the server sends the person back to the page
 * with a 303, never reading, echoing or logging what was posted
 * (docs/decisions/015-form-binding.md, "Note (2026-11-29)").
 */
let ctx: TestContext;
let dist: string;
/** What each request's body was once answered: undefined when it was never read. */
const bodies: unknown[] = [];

const EMAIL = 'nora.noscript@example.com';
const PASSWORD = 'Sup3r-Secret-Pass!';
const FORM = new URLSearchParams({ email: EMAIL, password: PASSWORD, remember: 'on' }).toString();
const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>TrustLinks</title><div id="root"></div>',
  );
  ctx = await buildTestApp({
    webDistDir: dist,
    extend: (app) => {
      app.addHook('onResponse', async (request) => {
        bodies.push(request.body);
      });
    },
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});
beforeEach(() => {
  bodies.length = 0;
});

/** Nothing of the posted fields in what was answered. */
function expectNothingEchoed(res: { body: string; headers: Record<string, unknown> }) {
  const answered = res.body + JSON.stringify(res.headers);
  for (const secret of [EMAIL, encodeURIComponent(EMAIL), PASSWORD, 'Sup3r']) {
    expect(answered).not.toContain(secret);
  }
}

describe('a native form POST to a page', () => {
  it('answers 303 See Other back to the page, with no credential anywhere and the body unread', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: URLENCODED,
      payload: FORM,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('');
    expectNothingEchoed(res);
    expect(bodies).toEqual([undefined]);

    // Where the browser lands: the page itself, by GET.
    const page = await ctx.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('answers the same for the other encodings a form can use, and with no body', async () => {
    const multipart = [
      '--b',
      'Content-Disposition: form-data; name="email"',
      '',
      EMAIL,
      '--b',
      'Content-Disposition: form-data; name="password"',
      '',
      PASSWORD,
      '--b--',
      '',
    ].join('\r\n');
    const sent = [
      {
        url: '/signup',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: multipart,
      },
      {
        url: '/contact',
        headers: { 'content-type': 'text/plain' },
        payload: `email=${EMAIL}\r\npassword=${PASSWORD}`,
      },
      { url: '/profile', headers: {}, payload: undefined },
    ];
    for (const { url, headers, payload } of sent) {
      const res = await ctx.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe(url);
      expectNothingEchoed(res);
    }
    expect(bodies).toEqual([undefined, undefined, undefined]);
  });

  it('keeps the page’s own query (a reset link’s token) and never points at another site', async () => {
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/reset-password?token=abc123',
      headers: URLENCODED,
      payload: new URLSearchParams({ password: PASSWORD, confirm: PASSWORD }).toString(),
    });
    expect(reset.statusCode).toBe(303);
    expect(reset.headers.location).toBe('/reset-password?token=abc123');
    expectNothingEchoed(reset);

    for (const url of ['//evil.example/login', '/\\evil.example/login', '/\\/evil.example']) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: URLENCODED, payload: FORM });
      expect(res.statusCode, url).toBe(303);
      const location = res.headers.location as string;
      expect(location, url).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, 'https://trustlinks.example').host).toBe('trustlinks.example');
    }
  });

  it('answers a body larger than the API accepts the same way (it is never read)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/register-entity',
      headers: URLENCODED,
      payload: `about=${'x'.repeat(3 * 1024 * 1024)}&${FORM}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/register-entity');
  });

  it('leaves the API as it was: no form bodies on its routes, JSON 404s for unknown ones', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: URLENCODED,
      payload: FORM,
    });
    expect(login.statusCode).toBe(415);
    expect(login.json()).toEqual({ error: ERROR_MESSAGES.unsupportedMediaType });
    expectNothingEchoed(login);

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/no-such-route',
      headers: URLENCODED,
      payload: FORM,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: ERROR_MESSAGES.notFound });

    // Only a form's own method is sent back: anything else a page's address does not take.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/login',
      headers: URLENCODED,
      payload: FORM,
    });
    expect(put.statusCode).toBe(404);
    expectNothingEchoed(put);
  });
});
