import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  MFA_ENROLMENT_CODE,
  MFA_ENROLMENT_REQUIRED_CODE,
  MFA_MESSAGES,
} from '@trustlinks/contract/mfa';
import { useTestApp, buildInstance } from '../../../../test/helpers';
import {
  authHeader,
  buildEntity,
  buildUser,
  countRows,
  mailsTo,
  offerPayload,
} from '../../../../test/factories';
import { hashPassword } from '../../../auth/passwords';
import { mfaEnrolmentCodes, users, userTotp } from '../../../db/schema';
import { TOTP_PERIOD_S } from './mfa.service';

// Second factors required of admins and owners, as in production (docs/decisions/033).
const ctx = useTestApp({ config: { MFA_REQUIRED_FOR: 'admin,owner' } });
const { db } = ctx;

const PASSWORD = 'correct horse 1';
const STEP_MS = TOTP_PERIOD_S * 1000;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });

async function awayFromStepEdge() {
  const into = Date.now() % STEP_MS;
  if (into > STEP_MS - 3000) await new Promise((r) => setTimeout(r, STEP_MS - into + 100));
}

async function person(overrides: Parameters<typeof buildUser>[1] = {}) {
  return buildUser(db(), {
    passwordHash: await hashPassword(PASSWORD),
    emailVerifiedAt: new Date(),
    ...overrides,
  });
}

async function signIn(email: string, app = ctx.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; mfa_enrolment_required: boolean };
}

/** An account with an authenticator app already on (secret known to the test). */
async function withFactor(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await person(overrides);
  const secret = new Secret({ size: 20 }).base32;
  await db().insert(userTotp).values({ userId: user.id, secret, enabledAt: new Date() });
  return { user, secret, headers: await authHeader(db(), user) };
}

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  ctx.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.inject({ method: 'GET', url, headers });

async function mailedCode(email: string): Promise<string> {
  const [mail] = (await mailsTo(db(), email)).filter((m) => m.template === 'mfa_enrolment_code');
  return /^\d{6}$/m.exec(mail!.textBody)![0];
}

/** An admin who has not enrolled yet, signed in with the password alone. */
async function halfSignedInAdmin() {
  const admin = await person({ role: 'admin' });
  const session = await signIn(admin.email);
  expect(session.mfa_enrolment_required).toBe(true);
  return { admin, headers: bearer(session.token) };
}

describe('enrolling a required second factor proves the mailbox (trust on first use)', () => {
  it('the password alone cannot enrol an authenticator: the mailed code is needed', async () => {
    const { admin, headers } = await halfSignedInAdmin();
    const status = await get('/api/users/mfa', headers);
    expect(status.json()).toMatchObject({ required: true, enrolment_code_required: true });

    const noCode = await post('/api/users/mfa/totp', headers);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toBe(MFA_MESSAGES.enrolmentCodeRequired);
    const neverSent = await post('/api/users/mfa/totp', headers, { email_code: '123456' });
    expect(neverSent.statusCode).toBe(400);
    expect(neverSent.json().error).toBe(MFA_MESSAGES.enrolmentCodeExpired);

    const sent = await post('/api/users/mfa/enrolment-code', headers);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(MFA_MESSAGES.enrolmentCodeSent(admin.email));
    const [mail] = await mailsTo(db(), admin.email);
    expect(mail).toMatchObject({ template: 'mfa_enrolment_code', containsSecret: true });
    const email_code = await mailedCode(admin.email);
    // Only its hash is kept.
    const [row] = await db()
      .select()
      .from(mfaEnrolmentCodes)
      .where(eq(mfaEnrolmentCodes.userId, admin.id));
    expect(row!.codeHash).not.toContain(email_code);

    await awayFromStepEdge();
    const start = await post('/api/users/mfa/totp', headers, { email_code });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json() as { secret: string };
    // The confirmation needs it as well: the attacker's app is not turned on without it.
    const confirmNoCode = await post('/api/users/mfa/totp/confirm', headers, {
      code: codeAt(secret, -1),
    });
    expect(confirmNoCode.statusCode).toBe(400);
    expect(confirmNoCode.json().error).toBe(MFA_MESSAGES.enrolmentCodeRequired);
    const wrongCode = String((Number(email_code) + 1) % 10 ** 6).padStart(6, '0');
    const confirmWrong = await post('/api/users/mfa/totp/confirm', headers, {
      code: codeAt(secret, -1),
      email_code: wrongCode,
    });
    expect(confirmWrong.statusCode).toBe(400);
    expect(confirmWrong.json().error).toBe(MFA_MESSAGES.enrolmentCodeInvalid);
    expect((await get('/api/admin/users', headers)).statusCode).toBe(403);

    const confirm = await post('/api/users/mfa/totp/confirm', headers, {
      code: codeAt(secret, -1),
      email_code,
    });
    expect(confirm.statusCode).toBe(200);
    // Spent: single use; and the session is free at its next request.
    expect(await countRows(db(), mfaEnrolmentCodes, eq(mfaEnrolmentCodes.userId, admin.id))).toBe(
      0,
    );
    expect((await get('/api/admin/users', headers)).statusCode).toBe(200);
    const notNeeded = await post('/api/users/mfa/enrolment-code', headers);
    expect(notNeeded.statusCode).toBe(400);
    expect(notNeeded.json().error).toBe(MFA_MESSAGES.enrolmentCodeNotNeeded);
  });

  it(`a few wrong codes burn it (${MFA_ENROLMENT_CODE.maxAttempts}); it expires; a new one replaces it`, async () => {
    const { admin, headers } = await halfSignedInAdmin();
    await post('/api/users/mfa/enrolment-code', headers);
    const email_code = await mailedCode(admin.email);
    const wrong = String((Number(email_code) + 1) % 10 ** 6).padStart(6, '0');
    for (let i = 0; i < MFA_ENROLMENT_CODE.maxAttempts; i++) {
      const res = await post('/api/users/mfa/totp', headers, { email_code: wrong });
      expect(res.json().error).toBe(MFA_MESSAGES.enrolmentCodeInvalid);
    }
    const burnt = await post('/api/users/mfa/totp', headers, { email_code });
    expect(burnt.statusCode).toBe(400);
    expect(burnt.json().error).toBe(MFA_MESSAGES.enrolmentCodeExpired);

    await post('/api/users/mfa/enrolment-code', headers);
    const fresh = await mailedCode(admin.email);
    await db()
      .update(mfaEnrolmentCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mfaEnrolmentCodes.userId, admin.id));
    const expired = await post('/api/users/mfa/totp', headers, { email_code: fresh });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(MFA_MESSAGES.enrolmentCodeExpired);
  });

  it(`parallel wrong codes: exactly ${MFA_ENROLMENT_CODE.maxAttempts} are checked, then it is burnt (one statement counts and compares)`, async () => {
    const { admin, headers } = await halfSignedInAdmin();
    await post('/api/users/mfa/enrolment-code', headers);
    const email_code = await mailedCode(admin.email);
    const wrong = String((Number(email_code) + 1) % 10 ** 6).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => post('/api/users/mfa/totp', headers, { email_code: wrong })),
    );
    const checked = answers.filter((r) => r.json().error === MFA_MESSAGES.enrolmentCodeInvalid);
    expect(checked).toHaveLength(MFA_ENROLMENT_CODE.maxAttempts);
    for (const r of answers) expect(r.statusCode).toBe(400);
    const [row] = await db()
      .select({ failures: mfaEnrolmentCodes.failures })
      .from(mfaEnrolmentCodes)
      .where(eq(mfaEnrolmentCodes.userId, admin.id));
    expect(row!.failures).toBe(MFA_ENROLMENT_CODE.maxAttempts);
    // The right code comes too late: the code is burnt.
    const burnt = await post('/api/users/mfa/totp', headers, { email_code });
    expect(burnt.json().error).toBe(MFA_MESSAGES.enrolmentCodeExpired);
  });

  it('a right code gives its try back: only wrong codes burn it', async () => {
    const { admin, headers } = await halfSignedInAdmin();
    await post('/api/users/mfa/enrolment-code', headers);
    const email_code = await mailedCode(admin.email);
    for (let i = 0; i < MFA_ENROLMENT_CODE.maxAttempts + 2; i++) {
      const res = await post('/api/users/mfa/totp', headers, { email_code });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it(`mails at most ${MFA_ENROLMENT_CODE.mailsPerHour} codes an hour per account`, async () => {
    const { headers } = await halfSignedInAdmin();
    for (let i = 0; i < MFA_ENROLMENT_CODE.mailsPerHour; i++) {
      expect((await post('/api/users/mfa/enrolment-code', headers)).statusCode).toBe(200);
    }
    const refused = await post('/api/users/mfa/enrolment-code', headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(MFA_MESSAGES.tooManyEnrolmentCodes);
  });

  it('the enrolment-only session reaches no admin or owner route', async () => {
    const { headers } = await halfSignedInAdmin();
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const owner = await person({ role: 'advertiser', entityId: entity.id });
    const ownerSession = await signIn(owner.email);
    expect(ownerSession.mfa_enrolment_required).toBe(true);
    for (const [h, method, url] of [
      [headers, 'GET', '/api/admin/users'],
      [headers, 'GET', '/api/admin/audit'],
      [bearer(ownerSession.token), 'POST', '/api/offers/create'],
      [bearer(ownerSession.token), 'GET', `/api/reviews/entity/${entity.id}/dashboard`],
    ] as const) {
      const res = await ctx.inject({
        method,
        url,
        headers: h,
        ...(method === 'POST' ? { payload: offerPayload() } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(MFA_ENROLMENT_REQUIRED_CODE);
    }
  });
});

describe('a session held back from a route is a visitor on public routes', () => {
  async function ownedOffer() {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const owner = await withFactor({ role: 'advertiser', entityId: entity.id });
    const created = await post('/api/offers/create', owner.headers, offerPayload());
    expect(created.statusCode).toBe(201);
    const offer = created.json().offer as { offer_id: string; postback_secret: string };
    expect(offer.postback_secret).toEqual(expect.any(String));
    return { entity, offer };
  }

  it('an enrolment-only admin sees an offer as a visitor (no postback_secret) and so on other public pages', async () => {
    const { entity, offer } = await ownedOffer();
    const { headers } = await halfSignedInAdmin();
    const full = await withFactor({ role: 'admin' });
    const insider = await get(`/api/offers/${offer.offer_id}`, full.headers);
    expect(insider.json().offer.postback_secret).toBe(offer.postback_secret);

    for (const url of [
      `/api/offers/${offer.offer_id}`,
      `/api/reviews/entity/${entity.id}`,
      `/api/reviews/entity/${entity.id}/trust`,
      `/api/reviews/recent`,
    ]) {
      const asVisitor = await get(url);
      const halfSignedIn = await get(url, headers);
      expect(halfSignedIn.statusCode, url).toBe(asVisitor.statusCode);
      expect(halfSignedIn.json(), url).toEqual(asVisitor.json());
    }
    const seen = await get(`/api/offers/${offer.offer_id}`, headers);
    expect(seen.json().offer).not.toHaveProperty('postback_secret');
  });

  it('so is a session that must first choose a new password', async () => {
    const { offer } = await ownedOffer();
    const admin = await withFactor({ role: 'admin', passwordResetRequired: true });
    const seen = await get(`/api/offers/${offer.offer_id}`, admin.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().offer).not.toHaveProperty('postback_secret');
  });
});

describe('becoming subject to the rule reaches live sessions', () => {
  it('a session opened while MFA_REQUIRED_FOR was none may only enrol once the app starts with admin,owner', async () => {
    const admin = await person({ role: 'admin' });
    const before = await buildInstance(ctx.database, { MFA_REQUIRED_FOR: 'none' });
    const session = await signIn(admin.email, before);
    expect(session.mfa_enrolment_required).toBe(false);
    const headers = bearer(session.token);
    expect(
      (await before.inject({ method: 'GET', url: '/api/admin/users', headers })).statusCode,
    ).toBe(200);
    await before.close();

    // The same database, the app started again with the rule on.
    const res = await get('/api/admin/users', headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: MFA_MESSAGES.enrolmentRequired,
      code: MFA_ENROLMENT_REQUIRED_CODE,
    });
    expect((await get('/api/users/mfa', headers)).json().enrolment_code_required).toBe(true);
  });

  it("a user's session may only enrol once an admin approves their company (MFA_REQUIRED_FOR has owner)", async () => {
    const user = await person();
    const session = await signIn(user.email);
    expect(session.mfa_enrolment_required).toBe(false);
    const headers = bearer(session.token);
    expect((await get('/api/notifications', headers)).statusCode).toBe(200);

    const entity = await buildEntity(db(), {
      email: user.email,
      entityType: 'advertiser',
      verificationStatus: 'pending',
    });
    const admin = await withFactor({ role: 'admin' });
    const approve = await ctx.inject({
      method: 'PUT',
      url: `/api/entities/${entity.id}/verification`,
      headers: admin.headers,
      payload: { verification_status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    const [linked] = await db().select().from(users).where(eq(users.id, user.id));
    expect(linked).toMatchObject({ entityId: entity.id, role: 'advertiser' });

    const res = await get('/api/notifications', headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(MFA_ENROLMENT_REQUIRED_CODE);
    const offer = await post('/api/offers/create', headers, offerPayload());
    expect(offer.statusCode).toBe(403);
  });
});

describe("an admin's reset of another account's factor", () => {
  it("needs the acting admin's password and a current code of their own factor; every other admin is mailed", async () => {
    const actor = await withFactor({ role: 'admin' });
    const target = await withFactor({ role: 'admin' });
    const bystander = await withFactor({ role: 'admin' });
    const url = `/api/admin/users/${target.user.id}/mfa/reset`;

    const passwordOnly = await post(url, actor.headers, { current_password: PASSWORD });
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().error).toBe(MFA_MESSAGES.adminFactorRequired);
    // A code of the target's factor (or any wrong code) is not the actor's.
    await awayFromStepEdge();
    const wrong = await post(url, actor.headers, {
      current_password: PASSWORD,
      code: codeAt(target.secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MFA_MESSAGES.adminFactorInvalid);
    const wrongPassword = await post(url, actor.headers, {
      current_password: 'not the password',
      code: codeAt(actor.secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(await countRows(db(), userTotp, eq(userTotp.userId, target.user.id))).toBe(1);

    const done = await post(url, actor.headers, {
      current_password: PASSWORD,
      code: codeAt(actor.secret),
    });
    expect(done.statusCode).toBe(200);
    expect(await countRows(db(), userTotp, eq(userTotp.userId, target.user.id))).toBe(0);
    expect((await mailsTo(db(), target.user.email)).map((m) => m.template)).toEqual([
      'mfa_reset_by_admin',
    ]);
    const [notice] = await mailsTo(db(), bystander.user.email);
    expect(notice!.template).toBe('mfa_reset_admin_notice');
    expect(notice!.textBody).toContain(actor.user.email);
    expect(notice!.textBody).toContain(target.user.email);
    expect(await mailsTo(db(), actor.user.email)).toEqual([]);

    // The same code does not serve twice.
    const other = await withFactor({ role: 'advertiser' });
    const replay = await post(`/api/admin/users/${other.user.id}/mfa/reset`, actor.headers, {
      current_password: PASSWORD,
      code: codeAt(actor.secret),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(MFA_MESSAGES.adminFactorInvalid);
  });
});
