import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MFA_ENROLMENT_REQUIRED_CODE, MFA_MESSAGES } from '@trustlinks/contract/mfa';
import { useTestApp } from '../../../../test/helpers';
import { authHeader, buildUser, countRows, mailsTo } from '../../../../test/factories';
import { hashPassword } from '../../../auth/passwords';
import { generateToken, hashToken } from '../../../auth/tokens';
import {
  emailTokens,
  mfaEvents,
  mfaRecoveryCodes,
  mfaSignIns,
  sessions,
  users,
  userTotp,
} from '../../../db/schema';
import { USERS_MESSAGES } from '../users.messages';
import { MFA_TOKEN_MAX_FAILURES, RECOVERY_CODE_COUNT, TOTP_PERIOD_S } from './mfa.service';

// Wrong codes per account and hour: low here, so the throttle test exceeds it quickly.
const MFA_FAILURES = 5;
const ctx = useTestApp({ config: { MFA_FAILURES_PER_ACCOUNT_PER_HOUR: String(MFA_FAILURES) } });
const { db } = ctx;

const PASSWORD = 'correct horse 1';
const STEP_MS = TOTP_PERIOD_S * 1000;

/** The code of `secret` at `steps` 30 s steps from now (as the user's authenticator shows it). */
function codeAt(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * STEP_MS,
  });
}

/** Codes are checked against the clock: start a test well inside a step, not at its edge. */
async function awayFromStepEdge() {
  const into = Date.now() % STEP_MS;
  if (into > STEP_MS - 3000) await new Promise((r) => setTimeout(r, STEP_MS - into + 100));
}

async function person(overrides: Parameters<typeof buildUser>[1] = {}) {
  return buildUser(db(), { passwordHash: await hashPassword(PASSWORD), ...overrides });
}

const login = (email: string, password = PASSWORD, ip = '127.0.0.1') =>
  ctx.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    remoteAddress: ip,
  });
const loginMfa = (mfa_token: string, code: string, ip = '127.0.0.1') =>
  ctx.inject({
    method: 'POST',
    url: '/api/users/login/mfa',
    payload: { mfa_token, code },
    remoteAddress: ip,
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string) {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; mfa_enrolment_required: boolean };
}

/** The code of the newest enrolment-code mail to an address (as the person reads it). */
async function mailedEnrolmentCode(email: string): Promise<string> {
  const [mail] = (await mailsTo(db(), email)).filter((m) => m.template === 'mfa_enrolment_code');
  const code = mail && /^\d{6}$/m.exec(mail.textBody)?.[0];
  if (!code) throw new Error(`no enrolment code mailed to ${email}`);
  return code;
}

/** Asks for the mailed code of an enrolment-only session and reads it from the mail. */
async function emailCodeFor(headers: { authorization: string }, email: string) {
  const sent = await ctx.inject({ method: 'POST', url: '/api/users/mfa/enrolment-code', headers });
  expect(sent.statusCode).toBe(200);
  return mailedEnrolmentCode(email);
}

/**
 * Enrols the authenticator app through the API; its first code is of the previous step. An
 * enrolment-only session proves the mailbox too (the code mailed to `email`).
 */
async function enrol(headers: { authorization: string }, email?: string) {
  await awayFromStepEdge();
  const email_code = email ? await emailCodeFor(headers, email) : undefined;
  const start = await ctx.inject({
    method: 'POST',
    url: '/api/users/mfa/totp',
    headers,
    ...(email_code ? { payload: { email_code } } : {}),
  });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json() as { secret: string };
  const confirm = await ctx.inject({
    method: 'POST',
    url: '/api/users/mfa/totp/confirm',
    headers,
    payload: { code: codeAt(secret, -1), ...(email_code ? { email_code } : {}) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
}

/** A user with a password and an enrolled authenticator app. */
async function enrolledPerson(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await person(overrides);
  const session = await signIn(user.email);
  const factor = await enrol(
    bearer(session.token),
    session.mfa_enrolment_required ? user.email : undefined,
  );
  return { user, ...factor };
}

async function challenge(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  // The factors the account has come with the challenge: here the app alone.
  expect(body).toEqual({
    mfa_required: true,
    mfa_token: expect.any(String),
    factors: { totp: true, passkey: false },
  });
  return body.mfa_token as string;
}

describe('enrolling an authenticator app', () => {
  it('starts with a secret, otpauth URI and QR code; a code confirms it and ten recovery codes come once', async () => {
    const user = await person();
    const { token } = await signIn(user.email);
    await awayFromStepEdge();
    const start = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp',
      headers: bearer(token),
    });
    expect(start.statusCode).toBe(200);
    const body = start.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toBe(
      `otpauth://totp/TrustLinks:${encodeURIComponent(user.email)}?issuer=TrustLinks&secret=${body.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(body.qr_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_data_url.split(',')[1], 'base64').toString()).toContain('<svg');

    const status = await ctx.inject({
      method: 'GET',
      url: '/api/users/mfa',
      headers: bearer(token),
    });
    expect(status.json()).toEqual({
      totp_enabled: false,
      passkeys: 0,
      recovery_codes_left: 0,
      required: false,
      enrolment_code_required: false,
    });

    const wrong = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/confirm',
      headers: bearer(token),
      payload: { code: codeAt(body.secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MFA_MESSAGES.invalidCode);

    const ok = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/confirm',
      headers: bearer(token),
      payload: { code: codeAt(body.secret) },
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    // Stored hashed only.
    const stored = await db()
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);

    const after = await ctx.inject({
      method: 'GET',
      url: '/api/users/mfa',
      headers: bearer(token),
    });
    expect(after.json()).toEqual({
      totp_enabled: true,
      passkeys: 0,
      recovery_codes_left: 10,
      required: false,
      enrolment_code_required: false,
    });
    // The secret is never answered again: starting over is refused.
    const again = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MFA_MESSAGES.alreadyEnabled);
    expect(again.body).not.toContain(body.secret);
    expect(await countRows(db(), mfaEvents, eq(mfaEvents.userId, user.id))).toBe(1);
  });

  it('refuses a confirmation without a started enrolment, and callers without a session', async () => {
    const user = await person();
    const { token } = await signIn(user.email);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/confirm',
      headers: bearer(token),
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MFA_MESSAGES.noPendingEnrolment);
    const empty = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/confirm',
      headers: bearer(token),
      payload: { code: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const anonymous = await ctx.inject({ method: 'POST', url: '/api/users/mfa/totp' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('the password alone opens no session; a TOTP code completes the sign-in', async () => {
    const { user, secret } = await enrolledPerson();
    const before = await countRows(db(), sessions, eq(sessions.userId, user.id));
    const mfaToken = await challenge(user.email);
    expect(await countRows(db(), sessions, eq(sessions.userId, user.id))).toBe(before);
    const stored = await db().select().from(mfaSignIns).where(eq(mfaSignIns.userId, user.id));
    expect(stored.map((r) => r.tokenHash)).toContain(hashToken(mfaToken));

    const res = await loginMfa(mfaToken, codeAt(secret));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token: expect.any(String),
      user: { user_id: user.id, email: user.email },
      password_reset_required: false,
      mfa_enrolment_required: false,
    });
    const profile = await ctx.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(body.token),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a TOTP code used once already (replay), even with a new sign-in', async () => {
    const { user, secret } = await enrolledPerson();
    const code = codeAt(secret);
    expect((await loginMfa(await challenge(user.email), code)).statusCode).toBe(200);
    const replay = await loginMfa(await challenge(user.email), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(MFA_MESSAGES.invalidCode);
    // The next step's code still works.
    expect((await loginMfa(await challenge(user.email), codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('a recovery code signs in once, and is spent', async () => {
    const { user, recoveryCodes } = await enrolledPerson();
    const code = recoveryCodes[3]!;
    // Typed in capitals with spaces: the same code.
    const res = await loginMfa(
      await challenge(user.email),
      ` ${code.toUpperCase().replace(/-/g, ' ')} `,
    );
    expect(res.statusCode).toBe(200);
    const again = await loginMfa(await challenge(user.email), code);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(MFA_MESSAGES.invalidCode);
    const status = await ctx.inject({
      method: 'GET',
      url: '/api/users/mfa',
      headers: bearer(res.json().token),
    });
    expect(status.json().recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
    const events = await db().select().from(mfaEvents).where(eq(mfaEvents.userId, user.id));
    expect(events.map((e) => e.action)).toContain('recovery_code_used');
  });

  it('an mfa_token works once', async () => {
    const { user, secret } = await enrolledPerson();
    const mfaToken = await challenge(user.email);
    expect((await loginMfa(mfaToken, codeAt(secret))).statusCode).toBe(200);
    const second = await loginMfa(mfaToken, codeAt(secret, 1));
    expect(second.statusCode).toBe(401);
    expect(second.json().error).toBe(MFA_MESSAGES.signInExpired);
  });

  it('an mfa_token expires', async () => {
    const { user, secret } = await enrolledPerson();
    const mfaToken = await challenge(user.email);
    // Five minutes later, as the database sees it.
    await db()
      .update(mfaSignIns)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mfaSignIns.tokenHash, hashToken(mfaToken)));
    const res = await loginMfa(mfaToken, codeAt(secret));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MFA_MESSAGES.signInExpired);
    // The next password step sweeps expired sign-ins: only the new one is kept.
    await challenge(user.email);
    expect(await countRows(db(), mfaSignIns, eq(mfaSignIns.userId, user.id))).toBe(1);
  });

  it('unknown or malformed tokens are refused with a human message', async () => {
    expect((await loginMfa(generateToken(), '123456')).json().error).toBe(
      MFA_MESSAGES.signInExpired,
    );
    const bad = await loginMfa('not a token', '123456');
    expect(bad.statusCode).toBe(401);
    const missing = await ctx.inject({ method: 'POST', url: '/api/users/login/mfa', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it(`a few wrong codes burn the mfa_token (${MFA_TOKEN_MAX_FAILURES})`, async () => {
    const { user, secret } = await enrolledPerson();
    const mfaToken = await challenge(user.email);
    for (let i = 0; i < MFA_TOKEN_MAX_FAILURES; i++) {
      const res = await loginMfa(mfaToken, '000000' === codeAt(secret) ? '111111' : '000000');
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(MFA_MESSAGES.invalidCode);
    }
    const right = await loginMfa(mfaToken, codeAt(secret));
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe(MFA_MESSAGES.signInExpired);
  });

  it('wrong codes are throttled per account, from every address (MFA_FAILURES_PER_ACCOUNT_PER_HOUR)', async () => {
    const { user, secret } = await enrolledPerson();
    const wrong = (s: string) => (codeAt(s) === '000000' ? '111111' : '000000');
    for (let i = 0; i < MFA_FAILURES; i++) {
      // From a new address each time: the account's count is what stops it.
      const ip = `10.9.${i}.1`;
      const res = await loginMfa(await challenge(user.email), wrong(secret), ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginMfa(await challenge(user.email), codeAt(secret), '10.9.200.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(MFA_MESSAGES.tooManyCodeAttempts);
  });

  it('a password reset by mail leaves the second factor', async () => {
    const { user, secret } = await enrolledPerson();
    const token = generateToken();
    await db()
      .insert(emailTokens)
      .values({
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 60_000),
      });
    const reset = await ctx.inject({
      method: 'POST',
      url: '/api/users/reset-password/confirm',
      payload: { token, new_password: 'brand new pass 2' },
    });
    expect(reset.statusCode).toBe(200);
    const res = await login(user.email, 'brand new pass 2');
    expect(res.json()).toMatchObject({ mfa_required: true });
    expect(await countRows(db(), userTotp, eq(userTotp.userId, user.id))).toBe(1);
    expect((await loginMfa(res.json().mfa_token, codeAt(secret))).statusCode).toBe(200);
  });

  it('a ban between the password and the code opens no session', async () => {
    const { user, secret } = await enrolledPerson();
    const mfaToken = await challenge(user.email);
    await db().update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    const res = await loginMfa(mfaToken, codeAt(secret));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(USERS_MESSAGES.banned);
  });
});

describe('turning off and renewing (recent authentication)', () => {
  it('disabling asks for the current password; a wrong one changes nothing', async () => {
    const { user } = await enrolledPerson();
    const headers = await authHeader(db(), user);
    const missing = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/disable',
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const wrong = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/disable',
      headers,
      payload: { current_password: 'not it at all' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(USERS_MESSAGES.wrongCurrentPassword);
    expect(await countRows(db(), userTotp, eq(userTotp.userId, user.id))).toBe(1);
    const ok = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/disable',
      headers,
      payload: { current_password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MFA_MESSAGES.disabled);
    expect(await countRows(db(), userTotp, eq(userTotp.userId, user.id))).toBe(0);
    expect(await countRows(db(), mfaRecoveryCodes, eq(mfaRecoveryCodes.userId, user.id))).toBe(0);
    // The password alone signs in again.
    expect((await login(user.email)).json().token).toEqual(expect.any(String));
    // The owner heard of both changes (an attacker's session turning it off does not go unseen).
    const told = (await mailsTo(db(), user.email))
      .filter((m) => m.template === 'second_factor_changed')
      .map((m) => m.textBody.split('\n').find((l) => l.startsWith('Two-factor')));
    expect(told.sort()).toEqual([
      'Two-factor authentication with an authenticator app was turned off.',
      'Two-factor authentication with an authenticator app was turned on.',
    ]);
  });

  it('new recovery codes need the password; the old ones stop working', async () => {
    const { user, recoveryCodes } = await enrolledPerson();
    const headers = await authHeader(db(), user);
    const wrong = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/recovery-codes',
      headers,
      payload: { current_password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/recovery-codes',
      headers,
      payload: { current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recovery_codes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await loginMfa(await challenge(user.email), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await loginMfa(await challenge(user.email), fresh[0]!)).statusCode).toBe(200);
  });

  it('an account that must have a second factor cannot turn it off', async () => {
    const { user } = await enrolledPerson({ mfaRequired: true });
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/disable',
      headers: await authHeader(db(), user),
      payload: { current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MFA_MESSAGES.cannotDisableRequired);
  });
});

describe('an account an admin asks for a second factor', () => {
  async function adminSession() {
    const admin = await person({ role: 'admin' });
    const { token } = await signIn(admin.email);
    return { admin, headers: bearer(token) };
  }

  it('signs in to a session that may only enrol (403 with a code elsewhere), free once enrolled', async () => {
    const { headers: adminHeaders } = await adminSession();
    const user = await person();
    const required = await ctx.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/mfa-required`,
      headers: adminHeaders,
      payload: { required: true },
    });
    expect(required.statusCode).toBe(200);
    expect(required.json().message).toBe(MFA_MESSAGES.adminRequired);

    const session = await signIn(user.email);
    expect(session.mfa_enrolment_required).toBe(true);
    const headers = bearer(session.token);
    const blocked = await ctx.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      error: MFA_MESSAGES.enrolmentRequired,
      code: MFA_ENROLMENT_REQUIRED_CODE,
    });
    const put = await ctx.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.id}`,
      headers,
      payload: { first_name: 'X' },
    });
    expect(put.statusCode).toBe(403);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/users/profile', headers })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/users/mfa', headers })).json().required,
    ).toBe(true);

    await enrol(headers, user.email);
    const free = await ctx.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(free.statusCode).toBe(200);
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/users/logout', headers })).statusCode,
    ).toBe(200);
  });

  it('flags the live sessions of an account without a factor at once', async () => {
    const { headers: adminHeaders } = await adminSession();
    const user = await person();
    const { token } = await signIn(user.email);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    await ctx.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/mfa-required`,
      headers: adminHeaders,
      payload: { required: true },
    });
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
    await ctx.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/mfa-required`,
      headers: adminHeaders,
      payload: { required: false },
    });
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
  });

  it('only admins may require or reset; never their own', async () => {
    const { admin, headers: adminHeaders } = await adminSession();
    const user = await person();
    const { token } = await signIn(user.email);
    for (const [method, url, payload] of [
      ['PUT', `/api/admin/users/${admin.id}/mfa-required`, { required: true }],
      ['POST', `/api/admin/users/${admin.id}/mfa/reset`, { current_password: PASSWORD }],
      ['GET', `/api/admin/users/${admin.id}/mfa/events`, undefined],
    ] as const) {
      const res = await ctx.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(403);
    }
    const self = await ctx.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/mfa-required`,
      headers: adminHeaders,
      payload: { required: true },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(MFA_MESSAGES.adminNotSelf);
    const unknown = await ctx.inject({
      method: 'PUT',
      url: `/api/admin/users/00000000-0000-4000-8000-000000000000/mfa-required`,
      headers: adminHeaders,
      payload: { required: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('an admin resets a lost factor with their own password: logged, sessions ended, the owner mailed', async () => {
    const { admin, headers: adminHeaders } = await adminSession();
    const { user } = await enrolledPerson();
    const userHeaders = await authHeader(db(), user);
    const wrong = await ctx.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/mfa/reset`,
      headers: adminHeaders,
      payload: { current_password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await countRows(db(), userTotp, eq(userTotp.userId, user.id))).toBe(1);

    const res = await ctx.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/mfa/reset`,
      headers: adminHeaders,
      payload: { current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MFA_MESSAGES.adminReset);
    expect(await countRows(db(), userTotp, eq(userTotp.userId, user.id))).toBe(0);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: userHeaders }))
        .statusCode,
    ).toBe(401);
    const [mail] = await mailsTo(db(), user.email);
    expect(mail!.template).toBe('mfa_reset_by_admin');
    const events = await ctx.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}/mfa/events`,
      headers: adminHeaders,
    });
    expect(events.json().events[0]).toMatchObject({ action: 'admin_reset', actor_id: admin.id });
    // The password alone signs in again; a second reset has nothing to remove.
    expect((await login(user.email)).json().token).toEqual(expect.any(String));
    const again = await ctx.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/mfa/reset`,
      headers: adminHeaders,
      payload: { current_password: PASSWORD },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(MFA_MESSAGES.adminNoFactor);
  });

  it('the admin list shows who has a second factor and who must have one', async () => {
    const { headers: adminHeaders } = await adminSession();
    const { user } = await enrolledPerson({ firstName: 'Listed', lastName: 'Twofactor' });
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(user.email)}`,
      headers: adminHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().users[0]).toMatchObject({
      id: user.id,
      mfa_enabled: true,
      mfa_required: false,
    });
  });
});
