import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { buildUser, mailsTo } from '../../../test/factories';
import { buildWeb } from '../../../test/web-build';
import { hashPassword } from '../../auth/passwords';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../users/users.throttle';
import { USERS_MESSAGES } from '../users/users.messages';
import { PAGES_MESSAGES } from './pages.messages';

/**
 * The sign-in a browser posts itself — with JavaScript off, or before the page has hydrated —
 * answered by the server with the login page as it now is (form-posts.ts,
 * docs/decisions/015-form-binding.md, "Note (2026-11-29): sign-in without JavaScript"), from a
 * build of the web app's current sources.
 */
let web: string;
let ctx: TestContext;
const APP_URL = 'https://trustlinks.example';
const PASSWORD = 'Right-Pass-1234';
const SAME_SITE = { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL };

beforeAll(async () => {
  web = process.env.TEST_WEB_DIST_REUSE ?? (await buildWeb());
  ctx = await buildTestApp({ webDistDir: web, config: { APP_URL } });
}, 240_000);

afterAll(async () => {
  await ctx?.close();
  if (web && !process.env.TEST_WEB_DIST_REUSE) fs.rmSync(web, { recursive: true, force: true });
});

async function account() {
  return buildUser(ctx.database.db, { passwordHash: await hashPassword(PASSWORD) });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function post(
  fields: Record<string, string>,
  headers: Record<string, string> = SAME_SITE,
  url = '/login',
) {
  return ctx.app.inject({ method: 'POST', url, headers, payload: form(fields) });
}

/** The postback script the page carries (lib/postback.ts in the web app), parsed. */
function postbackOf(html: string): Record<string, unknown> | null {
  const found = /<script type="application\/json" id="form-postback">([\s\S]*?)<\/script>/.exec(
    html,
  );
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
}

/** The value the page's e-mail field is rendered with. */
function emailValue(html: string): string | undefined {
  const input = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0];
  return input ? /value="([^"]*)"/.exec(input)?.[1] : undefined;
}

describe('POST /login, the form the browser posts itself', () => {
  it('signs in with the right password: the page carries a session the API accepts', async () => {
    const user = await account();
    const res = await post({ email: user.email, password: PASSWORD, remember: 'on' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Login successful!');
    expect(res.body).not.toContain(PASSWORD);

    const postback = postbackOf(res.body) as {
      form: string;
      signedIn: { token: string; user: { email: string } };
    };
    expect(postback.form).toBe('login');
    expect(postback.signedIn.user.email).toBe(user.email);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${postback.signedIn.token}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('answers a wrong password with the form, its message and the e-mail kept, never the password', async () => {
    const user = await account();
    const wrong = 'Wrong-Pass-9876';
    const res = await post({ email: user.email, password: wrong });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(USERS_MESSAGES.invalidCredentials);
    expect(emailValue(res.body)).toBe(user.email);
    expect(res.body).not.toContain(wrong);
    expect(postbackOf(res.body)).toEqual({
      form: 'login',
      values: { email: user.email },
      error: USERS_MESSAGES.invalidCredentials,
    });
  });

  it('answers a form with a field missing with the contract’s message', async () => {
    const res = await post({ email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(postbackOf(res.body)?.error).toMatch(/Password is required/);
    expect(postbackOf(res.body)).not.toHaveProperty('signedIn');
  });

  it('locks out as the JSON login does: past the failures, even the right password is refused', async () => {
    const user = await account();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) {
      expect((await post({ email: user.email, password: `nope-${i}` })).statusCode).toBe(401);
    }
    const res = await post({ email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain(USERS_MESSAGES.tooManyLoginAttempts);
    expect(postbackOf(res.body)).not.toHaveProperty('signedIn');
    expect(emailValue(res.body)).toBe(user.email);

    // The JSON login shares the count: one service, one rule.
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(json.statusCode).toBe(429);
  });

  it('refuses a post from another site (or with no origin at all) without trying the password', async () => {
    const user = await account();
    const fields = { email: user.email, password: PASSWORD };
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const headers of [
      // What every current browser says of a post from another site, whatever else it sends.
      { ...type, 'sec-fetch-site': 'cross-site', origin: APP_URL },
      { ...type, 'sec-fetch-site': 'same-site' },
      { ...type, origin: 'https://evil.example' },
      { ...type, origin: 'null' },
      { ...type, referer: 'https://evil.example/login' },
      type,
    ]) {
      const res = await post(fields, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain(PAGES_MESSAGES.crossSite);
      expect(postbackOf(res.body)).toEqual({
        form: 'login',
        values: {},
        error: PAGES_MESSAGES.crossSite,
      });
      expect(res.body).not.toContain(user.email);
    }
    // A page of this site: what a current browser says (with `Origin: null`, as the site's
    // `Referrer-Policy: no-referrer` has it send); without Fetch Metadata, a Referer of this site,
    // or the page's own host (behind a proxy that changed the scheme).
    expect(
      (await post(fields, { ...type, 'sec-fetch-site': 'same-origin', origin: 'null' })).statusCode,
    ).toBe(200);
    expect((await post(fields, { ...type, referer: `${APP_URL}/login` })).statusCode).toBe(200);
    expect(
      (await post(fields, { ...type, origin: 'http://127.0.0.1:9', host: '127.0.0.1:9' }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps the page’s query (where to go next) and every other page still goes back by 303', async () => {
    const user = await account();
    const res = await post(
      { email: user.email, password: 'wrong-one' },
      SAME_SITE,
      '/login?next=%2Foffers',
    );
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(USERS_MESSAGES.invalidCredentials);

    const other = await post({ email: user.email, password: PASSWORD }, SAME_SITE, '/contact');
    expect(other.statusCode).toBe(303);
    expect(other.headers.location).toBe('/contact');
  });
});

describe('POST /signup and POST /login?forgot=true, the other forms the browser posts itself', () => {
  it('signs up with the same service as the JSON route: the page says to check the mail', async () => {
    const email = `posted-${Date.now()}@example.com`;
    const res = await post(
      { first_name: 'Nora', last_name: 'Noscript', email, password: PASSWORD, confirm: PASSWORD },
      SAME_SITE,
      '/signup',
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Please check your email to verify your account');
    expect(res.body).not.toContain(PASSWORD);
    const [row] = await ctx.database.db.query.users.findMany({
      where: (u, { eq }) => eq(u.email, email),
    });
    expect(row?.firstName).toBe('Nora');
  });

  it('answers a sign-up with what is wrong, the names and e-mail kept, never the password', async () => {
    const email = `mismatch-${Date.now()}@example.com`;
    const res = await post(
      { first_name: 'Nora', last_name: 'Noscript', email, password: PASSWORD, confirm: 'other' },
      SAME_SITE,
      '/signup',
    );
    expect(res.statusCode).toBe(400);
    expect(postbackOf(res.body)).toEqual({
      form: 'signup',
      values: { first_name: 'Nora', last_name: 'Noscript', email },
      error: 'Passwords do not match.',
    });
    expect(emailValue(res.body)).toBe(email);
    expect(res.body).not.toContain(PASSWORD);

    const empty = await post(
      { first_name: '', last_name: '', email: '', password: '' },
      SAME_SITE,
      '/signup',
    );
    expect(empty.statusCode).toBe(400);
    expect(postbackOf(empty.body)?.error).toMatch(/First name/);

    const cross = await post(
      { first_name: 'Eve', last_name: 'X', email, password: PASSWORD, confirm: PASSWORD },
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      '/signup',
    );
    expect(cross.statusCode).toBe(403);
  });

  it('sends the reset link from /login?forgot=true, the same answer for every address', async () => {
    const user = await account();
    for (const email of [user.email, `nobody-${Date.now()}@example.com`]) {
      const res = await post({ email }, SAME_SITE, '/login?forgot=true');
      expect(res.statusCode).toBe(200);
      expect(postbackOf(res.body)).toMatchObject({ form: 'forgot', values: { email } });
      expect(postbackOf(res.body)?.done).toEqual(expect.any(String));
    }
    const empty = await post({ email: '' }, SAME_SITE, '/login?forgot=true');
    expect(empty.statusCode).toBe(400);
    expect(postbackOf(empty.body)?.error).toBe('Please enter your email address');
  });

  it('sets the new password from the mailed link’s page, which is rendered for that visitor alone', async () => {
    const user = await account();
    await post({ email: user.email }, SAME_SITE, '/login?forgot=true');
    const [mail] = (await mailsTo(ctx.database.db, user.email)).filter(
      (m) => m.template === 'password_reset',
    );
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const address = `/reset-password?token=${token}`;

    // The page itself, server-rendered with its form (it works without JavaScript), never kept.
    const page = await ctx.app.inject({ method: 'GET', url: address });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('data-ssr="hydrate"');
    expect(page.body).toMatch(/<input[^>]*name="new_password"/);

    const next = 'New-Pass-5678';
    const mismatch = await post(
      { new_password: next, confirm_password: 'other' },
      SAME_SITE,
      address,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(postbackOf(mismatch.body)?.error).toBe('Passwords do not match.');
    expect(mismatch.body).not.toContain(next);

    const done = await post({ new_password: next, confirm_password: next }, SAME_SITE, address);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Password reset successful!');
    expect(done.body).not.toContain(next);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: next },
    });
    expect(login.statusCode).toBe(200);

    // The link worked once.
    const again = await post({ new_password: next, confirm_password: next }, SAME_SITE, address);
    expect(again.statusCode).toBe(400);
    expect(postbackOf(again.body)?.error).toMatch(/invalid, expired or already used/);
  });
});
