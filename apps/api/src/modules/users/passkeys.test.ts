import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../auth/guards';
import { MFA_ENROLMENT_REQUIRED_CODE, MFA_MESSAGES } from '@trustlinks/contract/mfa';
import {
  mfaEvents,
  mfaSignIns,
  passkeys,
  sessions,
  users,
  webauthnChallenges,
} from '../../db/schema';
import { mailsTo, signUpAndLogin } from '../../../test/factories';
import { useTestApp } from '../../../test/helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { PASSKEY_CHALLENGE_TTL_MS, relyingParty, verifyPasskeyAssertion } from './passkeys.service';
import { USERS_MESSAGES } from './users.messages';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS } from './users.throttle';
import { readCounter } from '../../lib/counters.repository';
import { HOUR_MS } from '../../lib/time';

const ctx = useTestApp();
const { db } = ctx;

// testConfig's APP_URL is http://localhost:3000: RP ID "localhost", that origin.
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';

/** A signed-in person; `email_code` is the mailed code an enrolment-only session must give. */
type Person = Awaited<ReturnType<typeof signUpAndLogin>> & { email_code?: string };
type Options = { challenge_id: string; options: { challenge: string; user: { id: string } } };

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

const emailCodeOf = (person: Person) =>
  person.email_code ? { email_code: person.email_code } : {};

async function registrationOptions(person: Person): Promise<Options> {
  const res = await post(
    '/api/users/passkeys/options',
    { current_password: person.password, ...emailCodeOf(person) },
    person.headers,
  );
  expect(res.statusCode).toBe(200);
  return res.json() as Options;
}

/** Registers a passkey of the person on a (new) software authenticator. */
async function registerPasskey(
  person: Person,
  name = 'My laptop',
  authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID),
) {
  const { challenge_id, options } = await registrationOptions(person);
  const res = await post(
    '/api/users/passkeys',
    { challenge_id, name, response: authenticator.register(options), ...emailCodeOf(person) },
    person.headers,
  );
  expect(res.statusCode).toBe(201);
  return { authenticator, passkey: res.json().passkey as { id: string; name: string } };
}

/** POST /api/users/passkeys as `person`: the authenticator's answer to registration `options`. */
function addPasskey(
  person: Person,
  authenticator: SoftwareAuthenticator,
  { challenge_id, options }: Options,
  tweak?: Parameters<SoftwareAuthenticator['register']>[1],
) {
  return post(
    '/api/users/passkeys',
    { challenge_id, name: 'x', response: authenticator.register(options, tweak) },
    person.headers,
  );
}

async function loginOptions(): Promise<Options> {
  const res = await post('/api/users/login/passkey/options', {});
  expect(res.statusCode).toBe(200);
  return res.json() as Options;
}

/** Signs in with the authenticator's passkey on fresh login options (`tweak`: what it does wrong). */
async function passkeyLogin(
  authenticator: SoftwareAuthenticator,
  tweak?: Parameters<SoftwareAuthenticator['assert']>[1],
) {
  const { challenge_id, options } = await loginOptions();
  return post('/api/users/login/passkey', {
    challenge_id,
    response: authenticator.assert(options, tweak),
  });
}

describe('registering a passkey', () => {
  it('asks for the current password, then stores the named passkey (listed with its dates)', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { challenge_id, options } = await registrationOptions(person);
    expect(options).toMatchObject({
      rp: { id: RP_ID, name: 'TrustLinks' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
    const res = await post(
      '/api/users/passkeys',
      { challenge_id, name: '  Work laptop ', response: authenticator.register(options) },
      person.headers,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: USERS_MESSAGES.passkeyAdded,
      passkey: { name: 'Work laptop', last_used_at: null },
    });
    await registerPasskey(person, 'Phone');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/passkeys',
      headers: person.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().passkeys.map((p: { name: string }) => p.name)).toEqual([
      'Work laptop',
      'Phone',
    ]);
    expect(Date.parse(listed.json().passkeys[0].created_at)).not.toBeNaN();
  });

  it('refuses a missing or wrong current password (and counts it as a failed login)', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const missing = await post('/api/users/passkeys/options', {}, person.headers);
    expect(missing.statusCode).toBe(400);
    const wrong = await post(
      '/api/users/passkeys/options',
      { current_password: 'not my password' },
      person.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: USERS_MESSAGES.wrongCurrentPassword });
  });

  it('needs a session', async () => {
    const res = await post('/api/users/passkeys/options', { current_password: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an answer for another origin, a spent challenge, or another account’s challenge', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const other = await signUpAndLogin(ctx.app, db());
    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);

    const phishing = await registrationOptions(person);
    const wrongOrigin = await addPasskey(person, authenticator, phishing, {
      origin: 'https://evil.example',
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toEqual({ error: USERS_MESSAGES.passkeyNotVerified });
    // The failed attempt spent the challenge.
    const again = await addPasskey(person, authenticator, phishing);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: USERS_MESSAGES.passkeyChallengeExpired });

    const theirs = await registrationOptions(other);
    const stolen = await addPasskey(person, authenticator, theirs);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ error: USERS_MESSAGES.passkeyChallengeExpired });
  });

  it('refuses a passkey without user verification', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { challenge_id, options } = await registrationOptions(person);
    const res = await post(
      '/api/users/passkeys',
      {
        challenge_id,
        name: 'x',
        response: new SoftwareAuthenticator(ORIGIN, RP_ID).register(options, {
          userVerified: false,
        }),
      },
      person.headers,
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuses a bad body with a 400 and a message, never a 500', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { challenge_id } = await registrationOptions(person);
    for (const payload of [
      { challenge_id, name: '', response: {} },
      { challenge_id, name: 'x', response: { id: 'a', rawId: 'a', type: 'public-key' } },
      { challenge_id: 'nope', name: 'x', response: null },
    ]) {
      const res = await post('/api/users/passkeys', payload, person.headers);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('signing in with a passkey', () => {
  it('opens a session exactly as the password login does', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const { challenge_id, options } = await loginOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    const res = await post('/api/users/login/passkey', {
      challenge_id,
      response: authenticator.assert(options),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.user_id).toBe(person.userId);
    expect(body.password_reset_required).toBe(false);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${body.token as string}` },
    });
    expect(profile.statusCode).toBe(200);
    const [stored] = await db().select().from(passkeys).where(eq(passkeys.userId, person.userId));
    expect(stored!.counter).toBe(1);
    expect(stored!.lastUsedAt).not.toBeNull();
  });

  it('a challenge works once', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const { challenge_id, options } = await loginOptions();
    const assertion = authenticator.assert(options);
    expect(
      (await post('/api/users/login/passkey', { challenge_id, response: assertion })).statusCode,
    ).toBe(200);
    const replay = await post('/api/users/login/passkey', { challenge_id, response: assertion });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: USERS_MESSAGES.passkeyChallengeExpired });
  });

  it('an expired challenge is refused', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const { challenge_id, options } = await loginOptions();
    await db()
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, challenge_id));
    const res = await post('/api/users/login/passkey', {
      challenge_id,
      response: authenticator.assert(options),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.passkeyChallengeExpired });
    expect(PASSKEY_CHALLENGE_TTL_MS).toBeLessThanOrEqual(10 * 60_000);
  });

  it('a registration challenge cannot sign in', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const reg = await registrationOptions(person);
    const res = await post('/api/users/login/passkey', {
      challenge_id: reg.challenge_id,
      response: authenticator.assert(reg.options),
    });
    expect(res.statusCode).toBe(401);
  });

  it('a removed passkey cannot sign in; another account’s passkey id is a 404', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const other = await signUpAndLogin(ctx.app, db());
    const { authenticator, passkey } = await registerPasskey(person);
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/passkeys/${passkey.id}`,
      headers: other.headers,
      payload: { current_password: other.password },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: USERS_MESSAGES.passkeyNotFound });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/passkeys/${passkey.id}`,
      headers: person.headers,
      payload: { current_password: person.password },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: USERS_MESSAGES.passkeyRemoved });
    const res = await passkeyLogin(authenticator);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.passkeyUnknown });
  });

  it('refuses a signature counter that went backwards (a cloned authenticator)', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    expect((await passkeyLogin(authenticator, { counter: 5 })).statusCode).toBe(200);
    const res = await passkeyLogin(authenticator, { counter: 3 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.passkeyNotVerified });
  });

  it('refuses an assertion without user verification, or signed for another origin', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const noUv = await passkeyLogin(authenticator, { userVerified: false });
    expect(noUv.statusCode).toBe(401);
    const phished = await passkeyLogin(authenticator, { origin: 'https://evil.example' });
    expect(phished.statusCode).toBe(401);
  });

  it('a suspended account cannot sign in with its passkey', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    await db().update(users).set({ status: 'banned' }).where(eq(users.id, person.userId));
    const res = await passkeyLogin(authenticator);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.banned });
  });

  it('a passkey sign-in from a new device mails the owner like a password sign-in', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const { challenge_id, options } = await loginOptions();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/passkey',
      payload: { challenge_id, response: authenticator.assert(options) },
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
      },
    });
    expect(res.statusCode).toBe(200);
    const mails = (await mailsTo(db(), person.email.toLowerCase())).filter(
      (m) => m.template === 'new_device_sign_in',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Device: Firefox on Linux');
  });
});

describe('a passkey as the second factor of a password sign-in', () => {
  const passwordLogin = async (person: Person) => {
    const res = await post('/api/users/login', { email: person.email, password: person.password });
    expect(res.statusCode).toBe(200);
    return res.json() as { mfa_required?: true; mfa_token?: string; token?: string };
  };
  /** A passkey assertion for the second step: a fresh login challenge, signed. */
  const passkeyProof = async (authenticator: SoftwareAuthenticator) => {
    const { challenge_id, options } = await loginOptions();
    return { challenge_id, response: authenticator.assert(options) };
  };

  it('an account with a passkey is asked for it after the password; the passkey completes the sign-in once', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const step = await passwordLogin(person);
    // The challenge says what the account has, so the sign-in offers the passkey alone.
    expect(step).toEqual({
      mfa_required: true,
      mfa_token: expect.any(String),
      factors: { totp: false, passkey: true },
    });

    const proof = await passkeyProof(authenticator);
    const res = await post('/api/users/login/mfa', { mfa_token: step.mfa_token, passkey: proof });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.user_id).toBe(person.userId);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${res.json().token as string}` },
    });
    expect(profile.statusCode).toBe(200);

    // The mfa_token is spent, whatever comes with it next.
    const again = await post('/api/users/login/mfa', {
      mfa_token: step.mfa_token,
      passkey: await passkeyProof(authenticator),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(MFA_MESSAGES.signInExpired);
  });

  it('a wrong password reveals nothing about the factors: the same 401 as an unknown address', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    await registerPasskey(person);
    const wrong = await post('/api/users/login', { email: person.email, password: 'Wrong-pass1!' });
    const unknown = await post('/api/users/login', {
      email: `nobody-${person.userId}@example.com`,
      password: 'Wrong-pass1!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.body).not.toMatch(/factors|passkey|totp|mfa/i);
  });

  it("the profile's status counts the account's passkeys", async () => {
    const person = await signUpAndLogin(ctx.app, db());
    await registerPasskey(person);
    await registerPasskey(person);
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/mfa',
      headers: person.headers,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ totp_enabled: false, passkeys: 2 });
  });

  it("another account's passkey, or a replayed challenge, is a wrong factor: refused and counted", async () => {
    const person = await signUpAndLogin(ctx.app, db());
    await registerPasskey(person);
    const other = await signUpAndLogin(ctx.app, db());
    const { authenticator: othersKey } = await registerPasskey(other);
    const step = await passwordLogin(person);

    const wrong = await post('/api/users/login/mfa', {
      mfa_token: step.mfa_token,
      passkey: await passkeyProof(othersKey),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(MFA_MESSAGES.invalidCode);
    const [pending] = await db()
      .select()
      .from(mfaSignIns)
      .where(eq(mfaSignIns.userId, person.userId));
    expect(pending!.failures).toBe(1);
    expect(pending!.usedAt).toBeNull();
  });

  it('takes a code or a passkey, never both or neither (400 with a message)', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const step = await passwordLogin(person);
    for (const extra of [{}, { code: '123456', passkey: await passkeyProof(authenticator) }]) {
      const res = await post('/api/users/login/mfa', { mfa_token: step.mfa_token, ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid input: code: Please enter a code');
    }
  });

  it('an account that must have a second factor may register a passkey with the mailed code, and is then free', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    await db().update(users).set({ mfaRequired: true }).where(eq(users.id, person.userId));
    const session = await passwordLogin(person);
    const headers = { authorization: `Bearer ${session.token as string}` };
    const blocked = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe(MFA_ENROLMENT_REQUIRED_CODE);

    // The password alone does not enrol a passkey: the mailbox must be proven too.
    const passwordOnly = await post(
      '/api/users/passkeys/options',
      { current_password: person.password },
      headers,
    );
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().error).toBe(MFA_MESSAGES.enrolmentCodeRequired);
    const wrong = await post(
      '/api/users/passkeys/options',
      { current_password: person.password, email_code: '000000' },
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MFA_MESSAGES.enrolmentCodeExpired);
    expect((await post('/api/users/mfa/enrolment-code', undefined, headers)).statusCode).toBe(200);
    const [mail] = (await mailsTo(db(), person.email.toLowerCase())).filter(
      (m) => m.template === 'mfa_enrolment_code',
    );
    const email_code = /^\d{6}$/m.exec(mail!.textBody)![0];
    // Options with the right code, then a registration without it: refused.
    const { challenge_id, options } = await registrationOptions({ ...person, headers, email_code });
    const noCode = await post(
      '/api/users/passkeys',
      {
        challenge_id,
        name: 'Sneaky',
        response: new SoftwareAuthenticator(ORIGIN, RP_ID).register(options),
      },
      headers,
    );
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toBe(MFA_MESSAGES.enrolmentCodeRequired);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, person.userId))).toEqual(
      [],
    );

    const { passkey } = await registerPasskey({ ...person, headers, email_code });
    const free = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(free.statusCode).toBe(200);
    const mfa = await ctx.app.inject({ method: 'GET', url: '/api/users/mfa', headers });
    expect(mfa.json()).toMatchObject({ totp_enabled: false, required: true });

    // Its last factor stays; with a second passkey, one can go.
    const remove = (id: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/passkeys/${id}`,
        headers,
        payload: { current_password: person.password },
      });
    const refused = await remove(passkey.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(USERS_MESSAGES.passkeyLastRequiredFactor);
    await registerPasskey({ ...person, headers }, 'Phone');
    expect((await remove(passkey.id)).statusCode).toBe(200);
  });

  it("an admin's reset of a lost factor removes the passkeys too (logged, sessions ended)", async () => {
    const person = await signUpAndLogin(ctx.app, db());
    await registerPasskey(person);
    const admin = await signUpAndLogin(ctx.app, db());
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const adminLogin = await passwordLogin(admin);
    const reset = await post(
      `/api/admin/users/${person.userId}/mfa/reset`,
      { current_password: admin.password },
      { authorization: `Bearer ${adminLogin.token as string}` },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MFA_MESSAGES.adminReset);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, person.userId))).toEqual(
      [],
    );
    const [event] = await db().select().from(mfaEvents).where(eq(mfaEvents.userId, person.userId));
    expect(event!.action).toBe('admin_reset');
    const live = await db().select().from(sessions).where(eq(sessions.userId, person.userId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    // The password alone signs in again.
    expect((await passwordLogin(person)).token).toEqual(expect.any(String));
  });
});

describe('removing a passkey asks for the current password (recent authentication)', () => {
  const remove = (person: Person, id: string, payload?: object) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/passkeys/${id}`,
      headers: person.headers,
      ...(payload ? { payload } : {}),
    });

  it('refuses a missing or wrong password (counted as a failed login); the passkey stays, no mail', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { passkey, authenticator } = await registerPasskey(person);
    const missing = await remove(person, passkey.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(expect.any(String));
    const empty = await remove(person, passkey.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(USERS_MESSAGES.currentPasswordRequired);
    const wrong = await remove(person, passkey.id, { current_password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: USERS_MESSAGES.wrongCurrentPassword });
    expect(
      await readCounter(db(), `login-fail:account:${person.email.toLowerCase()}`, HOUR_MS),
    ).toBe(1);
    // The passkey is still there and still signs in; the owner was not told of a removal.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/passkeys',
      headers: person.headers,
    });
    expect(list.json().passkeys.map((p: { id: string }) => p.id)).toEqual([passkey.id]);
    const login = await passkeyLogin(authenticator);
    expect(login.statusCode).toBe(200);
    const mails = await mailsTo(db(), person.email.toLowerCase());
    expect(mails.some((m) => m.textBody.includes('A passkey was removed.'))).toBe(false);
  });

  it('wrong passwords run into the login throttle (429), then even the right one waits', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { passkey } = await registerPasskey(person);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await remove(person, passkey.id, { current_password: 'guess' })).statusCode).toBe(
        400,
      );
    }
    const blocked = await remove(person, passkey.id, { current_password: person.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: USERS_MESSAGES.tooManyLoginAttempts });
  });

  it('with the right password removes it and mails the owner', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { passkey } = await registerPasskey(person, 'Old phone');
    const res = await remove(person, passkey.id, { current_password: person.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USERS_MESSAGES.passkeyRemoved });
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, person.userId))).toEqual(
      [],
    );
    const mails = await mailsTo(db(), person.email.toLowerCase());
    expect(mails.some((m) => m.textBody.includes('A passkey was removed.'))).toBe(true);
  });

  it('needs a session', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { passkey } = await registerPasskey(person);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/passkeys/${passkey.id}`,
      payload: { current_password: person.password },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the owner hears of every change to their factors', () => {
  it('adding and removing a passkey each mail the owner, with the passkey name', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { passkey } = await registerPasskey(person, 'Desk key');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/passkeys/${passkey.id}`,
      headers: person.headers,
      payload: { current_password: person.password },
    });
    expect(removed.statusCode).toBe(200);
    const mails = (await mailsTo(db(), person.email.toLowerCase())).filter(
      (m) => m.template === 'second_factor_changed',
    );
    const said = mails.map((m) => m.textBody.split('\n').find((l) => l.startsWith('A passkey')));
    expect(said.sort()).toEqual(['A passkey was added.', 'A passkey was removed.']);
    expect(mails.every((m) => m.textBody.includes('Passkey: Desk key'))).toBe(true);
    expect(mails[0]!.subject).toBe('The sign-in settings of your TrustLinks account changed');
  });
});

describe('verifyPasskeyAssertion (the seam for a passkey as second factor)', () => {
  it('answers the account id of a good assertion and nothing else', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const { challenge_id, options } = await loginOptions();
    const deps = ctx.app.deps;
    await expect(
      verifyPasskeyAssertion(deps, {
        challengeId: challenge_id,
        response: authenticator.assert(options),
      }),
    ).resolves.toBe(person.userId);
    await expect(
      verifyPasskeyAssertion(deps, { challengeId: 'x', response: authenticator.assert(options) }),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it('takes RP ID and origin from APP_URL unless set', () => {
    expect(
      relyingParty({
        APP_URL: 'https://trustlinks.example/app',
        PASSKEY_RP_ID: undefined,
        PASSKEY_ORIGIN: undefined,
      }),
    ).toEqual({ id: 'trustlinks.example', origin: 'https://trustlinks.example' });
    expect(
      relyingParty({
        APP_URL: 'http://127.0.0.1:4000',
        PASSKEY_RP_ID: 'localhost',
        PASSKEY_ORIGIN: 'http://localhost:4000',
      }),
    ).toEqual({ id: 'localhost', origin: 'http://localhost:4000' });
  });
});

describe('the session it opens', () => {
  it('is an ordinary session: logout ends it', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const { authenticator } = await registerPasskey(person);
    const token = (await passkeyLogin(authenticator)).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    expect((await post('/api/users/logout', {}, headers)).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: MESSAGES.sessionExpired });
  });
});
