import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, testConfig, useTestApp } from '../../../test/helpers';
import {
  countRows,
  latestVerificationToken,
  mailsTo,
  signUpAndLogin,
} from '../../../test/factories';
import { emailTokens, mailOutbox, sessions, users } from '../../db/schema';
import { hashToken } from '../../auth/tokens';
import { MESSAGES } from '../../auth/guards';
import { hashPassword } from '../../auth/passwords';
import { bootstrapAdmin } from '../../seed/admin';
import { loadConfig } from '../../config';
import { USERS_MESSAGES } from './users.messages';
import { RESEND_MAX_PER_EMAIL } from './users.service';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS } from './users.throttle';

const ctx = useTestApp();
const { db } = ctx;

let n = 0;
const uniqueEmail = (prefix = 'person') => `${prefix}${++n}-${Date.now()}@example.com`;
const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/register', payload });
const login = (email: string, password: string, ip = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: ip,
  });
const userByEmail = async (email: string) =>
  (await db().select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/users/register', () => {
  it('creates an unverified user and queues the verification mail', async () => {
    const email = uniqueEmail();
    const res = await register({
      first_name: 'Ana',
      last_name: 'Silva',
      email,
      password: 'secret1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: USERS_MESSAGES.registered });
    const row = await userByEmail(email);
    expect(row).toMatchObject({ role: 'user', firstName: 'Ana', emailVerifiedAt: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await mailsTo(db(), email);
    expect(mail!.template).toBe('verify_email');
    expect(mail!.textBody).toMatch(
      /http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}/,
    );
    expect(res.body).not.toContain('token');
  });

  it('ignores role, entity_id and verification flags in the body', async () => {
    const email = uniqueEmail();
    const res = await register({
      first_name: 'Eve',
      last_name: 'Hacker',
      email,
      password: 'secret1',
      role: 'admin',
      entity_id: '00000000-0000-0000-0000-000000000001',
      email_verified: true,
      emailVerifiedAt: new Date().toISOString(),
      status: 'active',
    });
    expect(res.statusCode).toBe(201);
    const row = await userByEmail(email);
    expect(row).toMatchObject({ role: 'user', entityId: null, emailVerifiedAt: null });
  });

  it('stores the email lower-cased; a duplicate in any case creates nothing', async () => {
    const email = uniqueEmail('MiXeD');
    expect(
      (await register({ first_name: 'A', last_name: 'B', email, password: 'secret1' })).statusCode,
    ).toBe(201);
    const first = await userByEmail(email.toLowerCase());
    expect(first).toBeDefined();
    const dup = await register({
      first_name: 'A',
      last_name: 'B',
      email: email.toUpperCase(),
      password: 'other12',
    });
    // Decision 010: the same answer as a new sign-up (no enumeration), not 409.
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toEqual({ message: USERS_MESSAGES.registered });
    expect(await userByEmail(email.toLowerCase())).toEqual(first);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await countRows(db(), users);
    const cases = [
      {},
      { first_name: 'A', last_name: 'B', email: 'not-an-email', password: 'secret1' },
      { first_name: 'A', last_name: 'B', email: uniqueEmail(), password: '123' },
      { first_name: '  ', last_name: 'B', email: uniqueEmail(), password: 'secret1' },
      { first_name: 'A'.repeat(101), last_name: 'B', email: uniqueEmail(), password: 'secret1' },
      { first_name: 'A', last_name: 'B', email: uniqueEmail(), password: 'x'.repeat(201) },
      { first_name: 7, last_name: 'B', email: uniqueEmail(), password: 'secret1' },
    ];
    for (const payload of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect(await countRows(db(), users)).toBe(before);
  });
});

describe('email verification', () => {
  it('verifies once with the mailed token, queues a welcome mail, then refuses reuse', async () => {
    const email = uniqueEmail();
    await register({ first_name: 'Kim', last_name: 'Lee', email, password: 'secret1' });
    const token = await latestVerificationToken(db(), email);
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: USERS_MESSAGES.verified });
    expect((await userByEmail(email))!.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await mailsTo(db(), email)).map((m) => m.template)).toContain('welcome');
    const again = await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: USERS_MESSAGES.badVerificationToken });
  });

  it('refuses an expired token and a made-up one', async () => {
    const email = uniqueEmail();
    await register({ first_name: 'Kim', last_name: 'Lee', email, password: 'secret1' });
    const token = await latestVerificationToken(db(), email);
    const user = await userByEmail(email);
    await db()
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user!.id));
    const expired = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/verify-email/${token}`,
    });
    expect(expired.statusCode).toBe(400);
    expect((await userByEmail(email))!.emailVerifiedAt).toBeNull();
    const fake = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/verify-email/${'a'.repeat(43)}`,
    });
    expect(fake.statusCode).toBe(400);
    const weird = await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/%00%27%22` });
    expect(weird.statusCode).toBe(400);
  });

  it('answers resend identically for unknown, verified and unverified emails', async () => {
    const unverified = uniqueEmail();
    await register({ first_name: 'U', last_name: 'V', email: unverified, password: 'secret1' });
    const verified = await signUpAndLogin(ctx.app, db());
    const answers = [];
    for (const email of [unverified, verified.email, uniqueEmail('nobody')]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/resend-verification',
        payload: { email },
      });
      answers.push([res.statusCode, res.body]);
    }
    expect(answers[0]).toEqual([200, JSON.stringify({ message: USERS_MESSAGES.resendAnswer })]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const verifyMails = (await mailsTo(db(), verified.email)).filter(
      (m) => m.template === 'verify_email',
    );
    expect(verifyMails).toHaveLength(1); // only the original sign-up mail
  });

  it('resend invalidates the older link and the new one works', async () => {
    const email = uniqueEmail();
    await register({ first_name: 'R', last_name: 'S', email, password: 'secret1' });
    const first = await latestVerificationToken(db(), email);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/resend-verification',
      payload: { email },
    });
    const second = await latestVerificationToken(db(), email);
    expect(second).not.toBe(first);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/${first}` })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/${second}` }))
        .statusCode,
    ).toBe(200);
  });

  it('stops mailing after a few resends but keeps the same answer', async () => {
    const email = uniqueEmail();
    await register({ first_name: 'R', last_name: 'S', email, password: 'secret1' });
    for (let i = 0; i < RESEND_MAX_PER_EMAIL + 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/resend-verification',
        payload: { email },
      });
      expect(res.json()).toEqual({ message: USERS_MESSAGES.resendAnswer });
    }
    const count = (await mailsTo(db(), email)).filter((m) => m.template === 'verify_email').length;
    expect(count).toBe(1 + RESEND_MAX_PER_EMAIL);
  });
});

describe('POST /api/users/login', () => {
  it('refuses an unverified email with the right password with 403 "verify your email"', async () => {
    const email = uniqueEmail();
    await register({ first_name: 'N', last_name: 'V', email, password: 'secret1' });
    const res = await login(email, 'secret1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain('verify your email');
  });

  it('answers unknown email and wrong password with the same 401', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    const wrong = await login(user.email, 'not the password', '10.0.0.1');
    const unknown = await login(uniqueEmail('ghost'), 'whatever', '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: USERS_MESSAGES.invalidCredentials });
  });

  it('returns a token, the user (without secrets) and the reset flag; the token works', async () => {
    const user = await signUpAndLogin(ctx.app, db(), { email: uniqueEmail('Cased').toUpperCase() });
    const res = await login(user.email.toLowerCase(), user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.password_reset_required).toBe(false);
    expect(body.user).toEqual({
      user_id: user.userId,
      entity_id: null,
      role: 'user',
      first_name: 'Jamie',
      last_name: user.last_name,
      name: `Jamie ${user.last_name}`,
      email: user.email.toLowerCase(),
      phone: null,
      bio: null,
      created_at: expect.any(String),
    });
    // When the account was made, for the dashboard's first greeting (docs/decisions/047).
    expect(Date.now() - Date.parse(body.user.created_at)).toBeLessThan(60_000);
    expect(res.body).not.toMatch(/argon2|password_hash/);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.user_id).toBe(user.userId);
  });

  it('refuses a banned account', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    await db().update(users).set({ status: 'banned' }).where(eq(users.id, user.userId));
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.banned });
  });

  it('answers 429 to the address that failed 10 times, even with the right password', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await login(user.email, 'wrong-guess', '10.1.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(user.email, user.password, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: USERS_MESSAGES.tooManyLoginAttempts });
    // The lock is a 15-minute window: once it has passed, the owner gets in from there too.
    await db().execute(
      sql`UPDATE rate_limit_counters SET window_start = window_start - interval '1 hour'`,
    );
    expect((await login(user.email, user.password, '10.1.0.1')).statusCode).toBe(200);
  });

  it('10 failures from address A leave the right password from address B working (decision 010)', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS + 2; i++) {
      await login(owner.email, 'stranger-guess', '10.3.0.1');
    }
    expect((await login(owner.email, owner.password, '10.3.0.1')).statusCode).toBe(429);
    const fromB = await login(owner.email, owner.password, '10.3.0.2');
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().token).toBeTruthy();
  });

  it('answers 429 to one address guessing many accounts', async () => {
    let last = 0;
    for (let i = 0; i < 51; i++) {
      last = (await login(uniqueEmail('spray'), 'guess', '10.9.9.9')).statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    const other = await signUpAndLogin(ctx.app, db());
    expect((await login(other.email, other.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('rejects malformed bodies with 400', async () => {
    for (const payload of [
      {},
      { email: 'x' },
      { email: 'a@b.co', password: '' },
      { email: ['a'], password: 1 },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('sessions: logout and password reset', () => {
  it('logout revokes the token server-side', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: user.headers,
    });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: user.headers,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: MESSAGES.sessionExpired });
  });

  it('logout without a session is 401', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(
      401,
    );
  });

  it('reset-password validates length, sets the password and revokes the other sessions', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    const other = (await login(user.email, user.password)).json().token as string;
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('New password must be at least 6 characters long');

    // Decision 010: a logged-in change needs the current password.
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(USERS_MESSAGES.passwordChanged);
    // This session lives on; the other one is gone.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${other}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('a temporary password only opens reset, logout and profile until it is replaced', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    await db()
      .update(users)
      .set({
        passwordHash: await hashPassword('TEMP-one-time'),
        passwordResetRequired: true,
        temporaryPasswordExpiresAt: new Date(Date.now() + 86400_000),
      })
      .where(eq(users.id, user.userId));
    const res = await login(user.email, 'TEMP-one-time');
    expect(res.statusCode).toBe(200);
    expect(res.json().password_reset_required).toBe(true);
    const headers = { authorization: `Bearer ${res.json().token}` };
    const blocked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers,
      payload: { bio: 'hi' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: MESSAGES.mustResetPassword });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers })).statusCode,
    ).toBe(200);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      headers,
      payload: { new_password: 'my-own-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await userByEmail(user.email))!.passwordResetRequired).toBe(false);
    const open = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers,
      payload: { bio: 'hi' },
    });
    expect(open.statusCode).toBe(200);
  });

  it('an expired temporary password no longer logs in', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    await db()
      .update(users)
      .set({
        passwordHash: await hashPassword('TEMP-expired'),
        passwordResetRequired: true,
        temporaryPasswordExpiresAt: new Date(Date.now() - 1000),
      })
      .where(eq(users.id, user.userId));
    const res = await login(user.email, 'TEMP-expired');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.temporaryPasswordExpired });
  });

  it('sessions are stored hashed, never as the token', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.tokenHash).not.toBe(user.token);
  });
});

describe('profile', () => {
  it('GET needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(res.statusCode).toBe(401);
  });

  it('PUT updates your own fields and keeps the email', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: user.headers,
      payload: {
        first_name: '  Jo ',
        last_name: 'Doe',
        email: user.email,
        phone: '+1 (555) 010-2000',
        bio: 'Media buyer.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Jo',
      last_name: 'Doe',
      name: 'Jo Doe',
      email: user.email,
      phone: '+1 (555) 010-2000',
      bio: 'Media buyer.',
    });
    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: user.headers,
      payload: { phone: '', bio: null },
    });
    expect(cleared.json().user).toMatchObject({ phone: null, bio: null, first_name: 'Jo' });
  });

  it('PUT of someone else is 403 and changes nothing', async () => {
    const me = await signUpAndLogin(ctx.app, db());
    const other = await signUpAndLogin(ctx.app, db());
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${other.userId}`,
      headers: me.headers,
      payload: { first_name: 'Hijacked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.notYourProfile });
    expect((await userByEmail(other.email))!.firstName).toBe('Jamie');
  });

  it('PUT refuses an email change and out-of-bounds fields', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/users/profile/${user.userId}`,
        headers: user.headers,
        payload,
      });
    const email = await put({ email: 'new@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({ error: USERS_MESSAGES.emailNotChangeable });
    expect((await put({ bio: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await put({ phone: 'call me maybe' })).statusCode).toBe(400);
    expect((await put({ first_name: '' })).statusCode).toBe(400);
    expect((await userByEmail(user.email))!.email).toBe(user.email);
  });

  it('PUT without a session is 401', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile/00000000-0000-0000-0000-000000000000',
      payload: { first_name: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('admin bootstrap', () => {
  it('creates a verified admin once and never overwrites an existing account', async () => {
    const email = uniqueEmail('boss');
    const config = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'admin-pass-1' });
    expect(await bootstrapAdmin(db(), config)).toBe('created');
    const res = await login(email, 'admin-pass-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
    const again = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'different-pass' });
    expect(await bootstrapAdmin(db(), again)).toBe('exists');
    expect((await login(email, 'admin-pass-1')).statusCode).toBe(200);
  });
});

// ---- accounts belong to whoever holds the mailbox (docs/decisions/010) ----

const forgot = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
const confirmReset = (token: string, newPassword: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/reset-password/confirm',
    payload: { token, new_password: newPassword },
  });
const changePassword = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/reset-password', headers, payload });
const profileStatus = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers })).statusCode;

/** The token of the newest reset link mailed to an address. */
async function latestResetToken(email: string): Promise<string> {
  const [mail] = (await mailsTo(db(), email)).filter((m) => m.template === 'password_reset');
  const match = mail && /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!match) throw new Error(`no reset mail for ${email}`);
  return match[1]!;
}

/** Makes an unverified sign-up look `days` old. */
const ageAccount = (email: string, days: number) =>
  db()
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * 86400_000) })
    .where(eq(users.email, email));

describe('sign-up never tells whether an address is taken', () => {
  it('answers a verified address, an unverified one and the admin’s like a new one (regression)', async () => {
    const verified = await signUpAndLogin(ctx.app, db());
    const unverified = uniqueEmail('pending');
    await register({ first_name: 'P', last_name: 'Q', email: unverified, password: 'secret1' });
    const adminEmail = uniqueEmail('boss');
    await bootstrapAdmin(
      db(),
      testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'admin-pass-1' }),
    );
    const fresh = await register({
      first_name: 'New',
      last_name: 'Person',
      email: uniqueEmail('fresh'),
      password: 'secret1',
    });
    for (const email of [verified.email, unverified, adminEmail]) {
      const before = await userByEmail(email);
      const res = await register({
        first_name: 'Eve',
        last_name: 'Attacker',
        email,
        password: 'attacker-pass',
      });
      expect(res.statusCode, email).toBe(fresh.statusCode);
      expect(res.body, email).toBe(fresh.body);
      // Nothing about the account changed: not the password, not the names.
      expect(await userByEmail(email)).toEqual(before);
    }
    expect((await login(adminEmail, 'admin-pass-1')).statusCode).toBe(200);
    expect((await login(verified.email, 'attacker-pass', '10.4.0.1')).statusCode).toBe(401);
  });

  it('tells the owner of the address, without the signer’s text, at most once a day', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    for (let i = 0; i < 3; i++) {
      await register({
        first_name: 'WIN $500 at https://spam.example',
        last_name: 'Now',
        email: owner.email,
        password: 'attacker-pass',
      });
    }
    const notices = (await mailsTo(db(), owner.email)).filter(
      (m) => m.template === 'signup_attempt',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain('log in, or reset your password');
    expect(notices[0]!.textBody).toContain('/login?forgot=true');
    expect(notices[0]!.textBody + notices[0]!.htmlBody).not.toMatch(/WIN|spam\.example/);
    // A day later the owner hears of the next attempt.
    await db()
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(mailOutbox.id, notices[0]!.id));
    await register({ first_name: 'E', last_name: 'V', email: owner.email, password: 'secret1' });
    expect(
      (await mailsTo(db(), owner.email)).filter((m) => m.template === 'signup_attempt'),
    ).toHaveLength(2);
  });

  it('mails a new address its link with no name or other text from the form (regression)', async () => {
    const email = uniqueEmail('victim');
    await register({
      first_name: 'WIN $500 at https://spam.example',
      last_name: 'Claim now',
      email,
      password: 'secret1',
    });
    const [mail] = await mailsTo(db(), email);
    expect(mail!.template).toBe('verify_email');
    expect(mail!.textBody.startsWith('Hello,')).toBe(true);
    expect(mail!.textBody + mail!.htmlBody + mail!.subject).not.toMatch(/WIN|spam\.example|Claim/);
    expect(mail!.containsSecret).toBe(true);
  });
});

describe('unverified sign-ups expire after 7 days', () => {
  it('an expired sign-up cannot log in, gets no mail, and a new sign-up replaces it', async () => {
    const email = uniqueEmail('squatted');
    await register({ first_name: 'Old', last_name: 'Squatter', email, password: 'squat-pass' });
    const oldToken = await latestVerificationToken(db(), email);
    const old = await userByEmail(email);
    await ageAccount(email, 8);

    // Like an address without an account.
    const res = await login(email, 'squat-pass', '10.6.0.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.invalidCredentials });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/resend-verification',
      payload: { email },
    });
    await forgot(email);
    expect(await mailsTo(db(), email)).toHaveLength(1);

    // The address is free again.
    const again = await register({
      first_name: 'Real',
      last_name: 'Owner',
      email,
      password: 'owner-pass',
    });
    expect(again.statusCode).toBe(201);
    const fresh = await userByEmail(email);
    expect(fresh!.id).not.toBe(old!.id);
    expect(fresh).toMatchObject({ firstName: 'Real', emailVerifiedAt: null });
    const newToken = await latestVerificationToken(db(), email);
    expect(newToken).not.toBe(oldToken);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/${oldToken}` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/${newToken}` }))
        .statusCode,
    ).toBe(200);
    expect((await login(email, 'owner-pass')).statusCode).toBe(200);
    expect((await login(email, 'squat-pass', '10.6.0.2')).statusCode).toBe(401);
  });

  it('a sign-up younger than 7 days keeps its address and still hears "verify your email"', async () => {
    const email = uniqueEmail('recent');
    await register({ first_name: 'R', last_name: 'S', email, password: 'recent-pass' });
    const before = await userByEmail(email);
    await ageAccount(email, 6);
    await register({ first_name: 'X', last_name: 'Y', email, password: 'other-pass' });
    expect((await userByEmail(email))!.id).toBe(before!.id);
    const res = await login(email, 'recent-pass');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain('verify your email');
  });
});

/** Sign-ups on `app` from a given client address, each with a new `prefix…` email. */
const signUpOn = (app: typeof ctx.app, prefix: string) => (ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/register',
    remoteAddress: ip,
    payload: {
      first_name: 'Bulk',
      last_name: 'Maker',
      email: uniqueEmail(prefix),
      password: 'secret1',
    },
  });

describe('sign-up limit per client address', () => {
  it('defaults to 10 an hour', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).SIGNUP_LIMIT_PER_HOUR).toBe(10);
    expect(loadConfig({ NODE_ENV: 'test' }).LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR).toBe(100);
  });

  it('answers 429 with a clear message past the limit, for that address only', async () => {
    const tight = await buildTestApp({ config: { SIGNUP_LIMIT_PER_HOUR: '3' } });
    try {
      const signUp = signUpOn(tight.app, 'bulk');
      for (let i = 0; i < 3; i++) expect((await signUp('10.7.0.1')).statusCode).toBe(201);
      const refused = await signUp('10.7.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: USERS_MESSAGES.tooManySignups });
      expect((await signUp('10.7.0.2')).statusCode).toBe(201);
    } finally {
      await tight.close();
    }
  });
});

describe('login: the per-account ceiling is no lock-out lever (decision 024)', () => {
  it('refuses the addresses that failed; the right password from one that did not still signs in (regression)', async () => {
    const tight = await buildTestApp({ config: { LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '5' } });
    try {
      const owner = await signUpAndLogin(tight.app, tight.database.db);
      const attempt = (password: string, ip: string) =>
        tight.app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: ip,
          payload: { email: owner.email, password },
        });
      for (let i = 0; i < 5; i++)
        expect((await attempt('guess', `10.8.0.${i}`)).statusCode).toBe(401);
      // Under attack: every address that has failed on the account is refused, right password or not.
      const again = await attempt('guess', '10.8.0.1');
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({ error: USERS_MESSAGES.tooManyLoginAttempts });
      expect((await attempt(owner.password, '10.8.0.2')).statusCode).toBe(429);
      // A new address gets its password checked once: a wrong guess fails, then it is refused too.
      expect((await attempt('guess', '10.8.0.9')).statusCode).toBe(401);
      expect((await attempt('guess', '10.8.0.9')).statusCode).toBe(429);
      // The owner, from an address that has not failed, signs in.
      const owners = await attempt(owner.password, '10.8.1.1');
      expect(owners.statusCode).toBe(200);
      expect(owners.json().token).toBeTruthy();
    } finally {
      await tight.close();
    }
  });
});

describe('limits count people, not addresses: IPv6 clients by their /64 (decision 024)', () => {
  it('100 wrong passwords from 10 addresses in one /64 lock no one else (regression)', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    const bystander = await signUpAndLogin(ctx.app, db());
    const statuses: number[] = [];
    for (let host = 1; host <= 10; host++) {
      for (let i = 0; i < 10; i++) {
        statuses.push(
          (await login(owner.email, `guess-${i}`, `2001:db8:23:64::${host}`)).statusCode,
        );
      }
    }
    // The /64 is one client: ten failures, then refused, from whichever of its addresses.
    expect(statuses.filter((s) => s === 401)).toHaveLength(
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    );
    expect(statuses.slice(LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS).every((s) => s === 429)).toBe(
      true,
    );
    expect((await login(owner.email, owner.password, '2001:db8:23:64:ffff::1')).statusCode).toBe(
      429,
    );
    // The owner, from another network (IPv6 or IPv4), and everyone else still sign in.
    expect((await login(owner.email, owner.password, '2001:db8:23:65::1')).statusCode).toBe(200);
    expect((await login(owner.email, owner.password, '198.51.100.23')).statusCode).toBe(200);
    expect((await login(bystander.email, bystander.password, '2001:db8:23:66::1')).statusCode).toBe(
      200,
    );
  });

  it('15 sign-ups rotating through one /64 past a limit of 10 are refused (regression)', async () => {
    const tight = await buildTestApp({ config: { SIGNUP_LIMIT_PER_HOUR: '10' } });
    try {
      const signUp = signUpOn(tight.app, 'rotate');
      const statuses: number[] = [];
      for (let i = 1; i <= 15; i++) {
        statuses.push((await signUp(`2001:db8:23:1:${i.toString(16)}::${i}`)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(201), ...Array<number>(5).fill(429)]);
      expect(
        (
          await tight.database.db
            .select()
            .from(users)
            .where(sql`${users.email} like 'rotate%'`)
        ).length,
      ).toBe(10);
      // Another /64 has its own count.
      expect((await signUp('2001:db8:23:2::1')).statusCode).toBe(201);
    } finally {
      await tight.close();
    }
  });
});

describe('the temporary password works once', () => {
  it('the first login spends it; a second login with it is invalid credentials (regression)', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    await db()
      .update(users)
      .set({
        passwordHash: await hashPassword('TEMP-once-only'),
        passwordResetRequired: true,
        temporaryPasswordExpiresAt: new Date(Date.now() + 86400_000),
      })
      .where(eq(users.id, user.userId));
    const first = await login(user.email, 'TEMP-once-only', '10.10.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().password_reset_required).toBe(true);
    const second = await login(user.email, 'TEMP-once-only', '10.10.0.1');
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ error: USERS_MESSAGES.invalidCredentials });
    // The first session sets a password without knowing any (that is its whole purpose).
    const headers = { authorization: `Bearer ${first.json().token}` };
    const reset = await changePassword(headers, { new_password: 'chosen-by-owner' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(USERS_MESSAGES.passwordReset);
    expect((await login(user.email, 'chosen-by-owner')).statusCode).toBe(200);
  });
});

describe('changing a password needs the current one', () => {
  it('a stolen session token alone cannot change the password (regression)', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    const stolen = (await login(owner.email, owner.password)).json().token as string;
    const thief = { authorization: `Bearer ${stolen}` };

    const none = await changePassword(thief, { new_password: 'thief-pass-1' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: USERS_MESSAGES.currentPasswordRequired });
    const wrong = await changePassword(thief, {
      current_password: 'a guess',
      new_password: 'thief-pass-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: USERS_MESSAGES.wrongCurrentPassword });

    // The owner is still in, everywhere, with the old password.
    expect(await profileStatus(owner.headers)).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(owner.email, 'thief-pass-1')).statusCode).toBe(401);
  });

  it('a wrong current password counts as a failed login', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    const headers = owner.headers;
    const remote = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        headers,
        payload,
        remoteAddress: '10.11.0.1',
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect(
        (await remote({ current_password: `guess-${i}`, new_password: 'x-new-pass' })).statusCode,
      ).toBe(400);
    }
    const blocked = await remote({ current_password: owner.password, new_password: 'x-new-pass' });
    expect(blocked.statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '10.11.0.1')).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '10.11.0.2')).statusCode).toBe(200);
  });
});

describe('forgot password', () => {
  it('answers the same for every address and mails only accounts that can use it', async () => {
    const verified = await signUpAndLogin(ctx.app, db());
    const banned = await signUpAndLogin(ctx.app, db());
    await db().update(users).set({ status: 'banned' }).where(eq(users.id, banned.userId));
    const answers = new Set<string>();
    for (const email of [verified.email, banned.email, uniqueEmail('nobody')]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    expect([...answers]).toEqual([
      JSON.stringify({ message: USERS_MESSAGES.forgotPasswordAnswer }),
    ]);
    expect((await mailsTo(db(), verified.email)).map((m) => m.template)).toContain(
      'password_reset',
    );
    expect((await mailsTo(db(), banned.email)).map((m) => m.template)).not.toContain(
      'password_reset',
    );
  });

  it('the mailed link sets a new password once, ends every session and keeps no plain token', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    await forgot(owner.email);
    const [mail] = (await mailsTo(db(), owner.email)).filter(
      (m) => m.template === 'password_reset',
    );
    expect(mail!.textBody).toMatch(
      /http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}\b/,
    );
    expect(mail!.containsSecret).toBe(true);
    const token = await latestResetToken(owner.email);
    const stored = await db()
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, owner.userId));
    expect(JSON.stringify(stored)).not.toContain(token);

    const short = await confirmReset(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('New password must be at least 6 characters long');

    const ok = await confirmReset(token, 'recovered-pass');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: USERS_MESSAGES.passwordReset });
    expect(await profileStatus(owner.headers)).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);
    expect((await login(owner.email, 'recovered-pass')).statusCode).toBe(200);

    const again = await confirmReset(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: USERS_MESSAGES.badResetToken });
  });

  it('refuses an expired, replaced or made-up link', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    await forgot(owner.email);
    const first = await latestResetToken(owner.email);
    await forgot(owner.email);
    const second = await latestResetToken(owner.email);
    expect((await confirmReset(first, 'new-pass-1')).statusCode).toBe(400);
    await db()
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(second)));
    expect((await confirmReset(second, 'new-pass-1')).statusCode).toBe(400);
    for (const token of ['a'.repeat(43), '<script>', '']) {
      const res = await confirmReset(token, 'new-pass-1');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('sends at most 5 links an hour to one address, with the same answer', async () => {
    const owner = await signUpAndLogin(ctx.app, db());
    for (let i = 0; i < 7; i++) {
      expect((await forgot(owner.email)).json()).toEqual({
        message: USERS_MESSAGES.forgotPasswordAnswer,
      });
    }
    expect(
      (await mailsTo(db(), owner.email)).filter((m) => m.template === 'password_reset'),
    ).toHaveLength(5);
  });

  it('proves the mailbox: an unverified account is verified by the reset', async () => {
    const email = uniqueEmail('late');
    await register({ first_name: 'L', last_name: 'V', email, password: 'forgotten' });
    await forgot(email);
    expect((await confirmReset(await latestResetToken(email), 'remembered')).statusCode).toBe(200);
    expect((await userByEmail(email))!.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await login(email, 'remembered')).statusCode).toBe(200);
  });

  it('validates the bodies with 400', async () => {
    for (const payload of [{}, { email: 'nope' }, { email: ['a@b.co'] }]) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload }))
          .statusCode,
      ).toBe(400);
    }
    for (const payload of [
      {},
      { token: 'x' },
      { new_password: 'abcdef' },
      { token: 1, new_password: 2 },
    ]) {
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/users/reset-password/confirm',
            payload,
          })
        ).statusCode,
      ).toBe(400);
    }
  });
});
