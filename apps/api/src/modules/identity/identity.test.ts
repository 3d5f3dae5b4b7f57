import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  IDENTITY_CLAIM_MESSAGES,
  IDENTITY_CODE,
  IDENTITY_MESSAGES,
  checkBusinessEmail,
  checkLinkedinProfile,
} from '@trustlinks/contract/identity';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  authHeader,
  buildEntityAccount,
  buildUser,
  mailsTo,
} from '../../../test/factories';
import { entities, identityClaims, users } from '../../db/schema';
import { MESSAGES } from '../../auth/guards';
import { MailWorker } from '../../mail/worker';
import { IDENTITY_SERVER_MESSAGES } from './identity.messages';
import { hasVerifiedAccess, type IdentityFacts } from './identity.policy';
import { CODE_MAILS_PER_ADDRESS_PER_HOUR, VERIFY_ATTEMPTS_PER_HOUR } from './identity.service';

const ctx = useTestApp();
const { db } = ctx;

const status = (headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/verification-status', headers });
const verify = (headers: Record<string, string> | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/verify-identity', headers, payload });
const confirm = (headers: Record<string, string> | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/verify-identity/confirm', headers, payload });
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const claimsOf = (userId: string) =>
  db().select().from(identityClaims).where(eq(identityClaims.userId, userId));

/** The code of the newest identity-code mail sent to a business address. */
async function latestCode(address: string): Promise<string> {
  const [mail] = (await mailsTo(db(), address)).filter((m) => m.template === 'identity_code');
  const match = mail && /^(\d{6})$/m.exec(mail.textBody);
  if (!match) throw new Error(`no identity code mailed to ${address}`);
  return match[1]!;
}

/** Asks for a code to a business address; returns the code read from the mail. */
async function requestCode(headers: Record<string, string>, address: string): Promise<string> {
  const res = await verify(headers, {
    verification_method: 'business_email',
    business_email: address,
  });
  expect(res.statusCode, res.body).toBe(200);
  return latestCode(address.toLowerCase());
}

/** The whole business-email path: code by mail, then confirm. */
async function verifyByBusinessEmail(headers: Record<string, string>, address: string) {
  const code = await requestCode(headers, address);
  const res = await confirm(headers, { code });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const wrongCode = (code: string) =>
  String((Number(code) + 1) % 10 ** IDENTITY_CODE.length).padStart(6, '0');

let addressCounter = 0;
const businessAddress = () => `jane${++addressCounter}@acme-${Date.now().toString(36)}.example`;

describe('hasVerifiedAccess (the one rule)', () => {
  const facts = (over: Partial<IdentityFacts>): IdentityFacts => ({
    identityVerified: false,
    entityId: null,
    entityStatus: null,
    ...over,
  });

  it('is identity_verified, or an entity the user acts for (approved: auth/policies.ts)', () => {
    expect(hasVerifiedAccess(facts({}))).toBe(false);
    expect(hasVerifiedAccess(facts({ identityVerified: true }))).toBe(true);
    expect(hasVerifiedAccess(facts({ entityId: 'e1', entityStatus: 'approved' }))).toBe(true);
  });

  it('regression: a pending or rejected entity grants nothing, whatever the role column says', () => {
    // The old rule read the role column: an 'advertiser' with a rejected entity kept access.
    for (const entityStatus of ['pending', 'rejected'] as const) {
      expect(hasVerifiedAccess(facts({ entityId: 'e1', entityStatus })), entityStatus).toBe(false);
    }
    // A deleted entity leaves no status behind.
    expect(hasVerifiedAccess(facts({ entityId: 'e1', entityStatus: null }))).toBe(false);
  });
});

describe('LinkedIn and business-email rules', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['https://linkedin.com/in/jane_doe-42/', 'https://www.linkedin.com/in/jane_doe-42'],
    ['https://uk.linkedin.com/in/janedoe?trk=public', 'https://www.linkedin.com/in/janedoe'],
    [
      '  https://www.LinkedIn.com/in/J%C3%A9r%C3%B4me  ',
      'https://www.linkedin.com/in/j%c3%a9r%c3%b4me',
    ],
  ])('accepts %s', (input, canonical) => {
    expect(checkLinkedinProfile(input)).toEqual({ ok: true, value: canonical });
  });

  it.each([
    ['', IDENTITY_MESSAGES.linkedinRequired],
    ['http://www.linkedin.com/in/jane-doe', IDENTITY_MESSAGES.linkedinInvalid],
    ['www.linkedin.com/in/jane-doe', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://www.linkedin.com/company/acme', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://www.linkedin.com/in/', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://www.linkedin.com/in/ab', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://www.linkedin.com/in/jane/details', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://linkedin.com.evil.example/in/jane-doe', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://notlinkedin.com/in/jane-doe', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://user:pw@www.linkedin.com/in/jane-doe', IDENTITY_MESSAGES.linkedinInvalid],
    ['https://www.linkedin.com:8443/in/jane-doe', IDENTITY_MESSAGES.linkedinInvalid],
    ['javascript:alert(1)//linkedin.com/in/jane', IDENTITY_MESSAGES.linkedinInvalid],
    [`https://www.linkedin.com/in/${'a'.repeat(300)}`, IDENTITY_MESSAGES.linkedinInvalid],
  ])('refuses %j', (input, message) => {
    expect(checkLinkedinProfile(input)).toEqual({ ok: false, message });
  });

  it('accepts well-formed addresses (the server checks their provider) and refuses bad ones', () => {
    expect(checkBusinessEmail(' Jane.Doe@Acme-Corp.example ')).toEqual({
      ok: true,
      value: 'jane.doe@acme-corp.example',
    });
    for (const bad of [
      'not-an-email',
      'a@b',
      '@acme.example',
      'a@@acme.example',
      'a b@acme.example',
    ]) {
      expect(checkBusinessEmail(bad), bad).toEqual({
        ok: false,
        message: IDENTITY_MESSAGES.businessEmailInvalid,
      });
    }
    expect(checkBusinessEmail('')).toEqual({
      ok: false,
      message: IDENTITY_MESSAGES.businessEmailRequired,
    });
  });
});

describe('GET /api/users/verification-status', () => {
  it('refuses visitors and expired sessions with 401', async () => {
    const res = await status();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.loginRequired });
    const bad = await status({ authorization: `Bearer ${'x'.repeat(43)}` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: MESSAGES.sessionExpired });
  });

  it('answers { data: { identity_verified, entity_id } } for a plain user', async () => {
    const user = await buildUser(db());
    const res = await status(await authHeader(db(), user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { identity_verified: false, entity_id: null, state: 'none', claim_value: null },
    });
  });

  it('shows the entity id while the entity is approved, and hides it once it is not', async () => {
    const { entity, headers } = await buildEntityAccount(db(), 'network');
    expect((await status(headers)).json()).toEqual({
      data: { identity_verified: false, entity_id: entity.id, state: 'none', claim_value: null },
    });
    // Regression (docs/decisions/011): the entity's status decides, not the role column (still 'network').
    for (const verificationStatus of ['rejected', 'pending'] as const) {
      await db().update(entities).set({ verificationStatus }).where(eq(entities.id, entity.id));
      expect((await status(headers)).json(), verificationStatus).toEqual({
        data: { identity_verified: false, entity_id: null, state: 'none', claim_value: null },
      });
    }
  });
});

describe('POST /api/users/verify-identity', () => {
  it('regression: a business email alone verifies nothing; it mails a code to that address', async () => {
    // Before decision 013 this one request set identity_verified and opened every contact.
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const res = await verify(headers, {
      verification_method: 'business_email',
      business_email: 'Jane@Acme-Corp.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: IDENTITY_MESSAGES.codeSent('jane@acme-corp.example'),
      data: {
        identity_verified: false,
        entity_id: null,
        state: 'code_sent',
        claim_value: 'jane@acme-corp.example',
      },
    });
    expect(await userRow(user.id)).toMatchObject({ identityVerified: false, identityValue: null });
    expect((await status(headers)).json().data).toMatchObject({
      identity_verified: false,
      state: 'code_sent',
    });
    // The code goes to the business address, flagged secret, with no name of the requester's.
    const [mail] = await mailsTo(db(), 'jane@acme-corp.example');
    expect(mail).toMatchObject({ template: 'identity_code', containsSecret: true });
    expect(mail!.textBody).toMatch(/^\d{6}$/m);
    expect(mail!.textBody).not.toContain(user.firstName);
    expect(await mailsTo(db(), user.email)).toHaveLength(0);
    // The code is stored hashed only.
    const [claim] = await claimsOf(user.id);
    expect(claim).toMatchObject({ status: 'code_sent', method: 'business_email' });
    expect(claim!.codeHash).not.toContain(await latestCode('jane@acme-corp.example'));
  });

  it('regression: a LinkedIn URL alone verifies nothing; it waits for review', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const res = await verify(headers, {
      verification_method: 'linkedin',
      linkedin_profile: 'https://www.linkedin.com/in/test-user/?trk=x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: IDENTITY_MESSAGES.linkedinSubmitted,
      data: {
        identity_verified: false,
        entity_id: null,
        state: 'pending_review',
        claim_value: 'https://www.linkedin.com/in/test-user',
      },
    });
    expect((await userRow(user.id)).identityVerified).toBe(false);
    expect(await claimsOf(user.id)).toMatchObject([
      { status: 'pending_review', value: 'https://www.linkedin.com/in/test-user' },
    ]);
    // The same profile again keeps its place; another one replaces the claim.
    const again = await verify(headers, {
      verification_method: 'linkedin',
      linkedin_profile: 'https://www.linkedin.com/in/test-user',
    });
    expect(again.json().message).toBe(IDENTITY_MESSAGES.linkedinPending);
    expect(await claimsOf(user.id)).toHaveLength(1);
    await verify(headers, {
      verification_method: 'linkedin',
      linkedin_profile: 'https://www.linkedin.com/in/other-profile',
    });
    const claims = await claimsOf(user.id);
    expect(claims.map((c) => c.status).sort()).toEqual(['pending_review', 'withdrawn']);
  });

  it('answers a verified user without changing anything or mailing again', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    await verifyByBusinessEmail(headers, 'a@acme.example');
    const again = await verify(headers, {
      verification_method: 'linkedin',
      linkedin_profile: 'https://www.linkedin.com/in/someone-else',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(IDENTITY_MESSAGES.alreadyVerified);
    expect((await userRow(user.id)).identityValue).toBe('a@acme.example');
    expect((await claimsOf(user.id)).map((c) => c.status)).toEqual(['approved']);
    const mails = (await mailsTo(db(), user.email)).filter(
      (m) => m.template === 'identity_verified',
    );
    expect(mails).toHaveLength(1);
  });

  it.each([
    [
      { verification_method: 'linkedin', linkedin_profile: 'https://example.com/in/x' },
      IDENTITY_MESSAGES.linkedinInvalid,
    ],
    [{ verification_method: 'linkedin' }, IDENTITY_MESSAGES.linkedinRequired],
    [
      { verification_method: 'linkedin', business_email: 'a@acme.example' },
      IDENTITY_MESSAGES.linkedinRequired,
    ],
    [
      { verification_method: 'business_email', business_email: 'me@gmail.com' },
      IDENTITY_MESSAGES.freeEmailProvider,
    ],
    [
      { verification_method: 'business_email', business_email: 'nope' },
      IDENTITY_MESSAGES.businessEmailInvalid,
    ],
    [
      { verification_method: 'business_email', business_email: '' },
      IDENTITY_MESSAGES.businessEmailRequired,
    ],
  ])('refuses %j with 400 and a clear message, changing nothing', async (payload, message) => {
    const user = await buildUser(db());
    const res = await verify(await authHeader(db(), user), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect((await userRow(user.id)).identityVerified).toBe(false);
    expect(await mailsTo(db(), user.email)).toHaveLength(0);
  });

  it('refuses a missing or unknown method and malformed bodies with 400', async () => {
    const headers = await authHeader(db(), await buildUser(db()));
    for (const payload of [
      {},
      { verification_method: 'passport' },
      { verification_method: 7 },
      { verification_method: 'linkedin', linkedin_profile: 42 },
    ]) {
      const res = await verify(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    const missing = await verify(headers, {});
    expect(missing.json().error).toContain(IDENTITY_MESSAGES.chooseMethod);
  });

  it('refuses visitors with 401', async () => {
    const res = await verify(undefined, {
      verification_method: 'business_email',
      business_email: 'a@acme.example',
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits attempts per user with a clear 429', async () => {
    const headers = await authHeader(db(), await buildUser(db()));
    for (let i = 0; i < VERIFY_ATTEMPTS_PER_HOUR; i++) {
      const res = await verify(headers, {
        verification_method: 'business_email',
        business_email: 'x@gmail.com',
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await verify(headers, {
      verification_method: 'business_email',
      business_email: 'x@acme.example',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.tooManyAttempts });
  });
});

describe('admin: see and revoke identity verification', () => {
  it('shows the method and value to admins and revokes it', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const adminHeaders = await authHeader(db(), admin);
    const user = await buildUser(db());
    const userHeaders = await authHeader(db(), user);
    await verifyByBusinessEmail(userHeaders, 'revoke-me@acme.example');

    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users/${user.id}/identity-verification`,
      headers: adminHeaders,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      user_id: user.id,
      identity_verified: true,
      identity_method: 'business_email',
      identity_value: 'revoke-me@acme.example',
      has_verified_access: true,
    });

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/identity-verification`,
      headers: adminHeaders,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      message: IDENTITY_SERVER_MESSAGES.revoked,
      data: { identity_verified: false, identity_method: null, has_verified_access: false },
    });
    expect((await status(userHeaders)).json().data.identity_verified).toBe(false);

    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/identity-verification`,
      headers: adminHeaders,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.notVerified });
  });

  it('answers 404 for unknown or malformed user ids', async () => {
    const headers = await adminHeader(db());
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/admin/users/${id}/identity-verification`,
          headers,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.userNotFound });
      }
    }
  });

  it('refuses non-admins with 403 and visitors with 401', async () => {
    const target = await buildUser(db(), { identityVerified: true });
    for (const role of ['user', 'advertiser', 'affiliate', 'network'] as const) {
      const headers = await authHeader(db(), await buildUser(db(), { role }));
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/admin/users/${target.id}/identity-verification`,
          headers,
        });
        expect(res.statusCode).toBe(403);
      }
    }
    const visitor = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target.id}/identity-verification`,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await userRow(target.id)).identityVerified).toBe(true);
  });
});

describe('POST /api/users/verify-identity/confirm (the business-email code)', () => {
  it('verifies with the mailed code: identity_verified, state verified, a confirmation mail', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const address = businessAddress();
    const code = await requestCode(headers, address);
    const res = await confirm(headers, { code: ` ${code} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: IDENTITY_MESSAGES.verified,
      data: { identity_verified: true, entity_id: null, state: 'verified', claim_value: null },
    });
    expect(await userRow(user.id)).toMatchObject({
      identityVerified: true,
      identityMethod: 'business_email',
      identityValue: address,
    });
    expect((await claimsOf(user.id)).map((c) => c.status)).toEqual(['approved']);
    const [mail] = (await mailsTo(db(), user.email)).filter(
      (m) => m.template === 'identity_verified',
    );
    expect(mail!.textBody).toContain('http://localhost:3000/affliate-industry');
  });

  it('is single-use: the same code cannot verify again after a revocation', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const code = await requestCode(headers, businessAddress());
    expect((await confirm(headers, { code })).statusCode).toBe(200);
    const admin = await adminHeader(db());
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/identity-verification`,
      headers: admin,
    });
    const reuse = await confirm(headers, { code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.noCodePending });
    expect((await userRow(user.id)).identityVerified).toBe(false);
  });

  it('expires after 15 minutes: refused, and a new code is needed', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const code = await requestCode(headers, businessAddress());
    const [claim] = await claimsOf(user.id);
    expect(claim!.codeExpiresAt!.getTime() - claim!.createdAt.getTime()).toBeGreaterThan(
      (IDENTITY_CODE.ttlMinutes - 1) * 60_000,
    );
    expect(claim!.codeExpiresAt!.getTime() - claim!.createdAt.getTime()).toBeLessThanOrEqual(
      IDENTITY_CODE.ttlMinutes * 60_000 + 5_000,
    );
    await db()
      .update(identityClaims)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(identityClaims.id, claim!.id));
    expect((await status(headers)).json().data.state).toBe('none');
    const late = await confirm(headers, { code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.codeExpired });
    const again = await confirm(headers, { code });
    expect(again.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.noCodePending });
    expect((await userRow(user.id)).identityVerified).toBe(false);
    // A new code works.
    await verifyByBusinessEmail(headers, businessAddress());
  });

  it('allows 5 wrong tries, then even the right code needs a new one', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const code = await requestCode(headers, businessAddress());
    for (let i = 1; i < IDENTITY_CODE.maxAttempts; i++) {
      const res = await confirm(headers, { code: wrongCode(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: IDENTITY_SERVER_MESSAGES.codeWrong(IDENTITY_CODE.maxAttempts - i),
      });
    }
    const last = await confirm(headers, { code: wrongCode(code) });
    expect(last.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.codeUsedUp });
    const right = await confirm(headers, { code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.noCodePending });
    expect((await userRow(user.id)).identityVerified).toBe(false);
    expect((await claimsOf(user.id))[0]).toMatchObject({ status: 'failed', failedAttempts: 5 });
    expect((await status(headers)).json().data.state).toBe('none');
  });

  it("never accepts another user's code", async () => {
    const owner = await buildUser(db());
    const ownerHeaders = await authHeader(db(), owner);
    const code = await requestCode(ownerHeaders, businessAddress());

    // Without a code of their own: nothing to confirm.
    const stranger = await authHeader(db(), await buildUser(db()));
    const none = await confirm(stranger, { code });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.noCodePending });

    // With a code of their own: the owner's code is just a wrong code for them.
    const other = await buildUser(db());
    const otherHeaders = await authHeader(db(), other);
    const otherCode = await requestCode(otherHeaders, businessAddress());
    if (otherCode !== code) {
      const wrong = await confirm(otherHeaders, { code });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toBe(
        IDENTITY_SERVER_MESSAGES.codeWrong(IDENTITY_CODE.maxAttempts - 1),
      );
    }
    expect((await userRow(other.id)).identityVerified).toBe(false);
    // The owner's code still works for the owner.
    expect((await confirm(ownerHeaders, { code })).statusCode).toBe(200);
  });

  it('a new request replaces the previous code', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const first = await requestCode(headers, businessAddress());
    const address = businessAddress();
    const second = await requestCode(headers, address);
    if (first !== second) {
      expect((await confirm(headers, { code: first })).statusCode).toBe(400);
    }
    expect((await confirm(headers, { code: second })).statusCode).toBe(200);
    expect((await userRow(user.id)).identityValue).toBe(address);
  });

  it('parallel requests leave one open attempt, never a 500', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const results = await Promise.all(
      [businessAddress(), businessAddress(), businessAddress()].map((address) =>
        verify(headers, { verification_method: 'business_email', business_email: address }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const open = (await claimsOf(user.id)).filter((c) => c.status === 'code_sent');
    expect(open).toHaveLength(1);
  });

  it('one business address verifies one account: a second account gets 409', async () => {
    const address = businessAddress();
    const first = await authHeader(db(), await buildUser(db()));
    await verifyByBusinessEmail(first, address);

    const second = await buildUser(db());
    const secondHeaders = await authHeader(db(), second);
    const code = await requestCode(secondHeaders, address.toUpperCase());
    const res = await confirm(secondHeaders, { code });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.businessEmailTaken });
    expect((await userRow(second.id)).identityVerified).toBe(false);
    expect((await claimsOf(second.id))[0]!.status).toBe('failed');
  });

  it('refuses a malformed code with 400 and visitors with 401', async () => {
    const headers = await authHeader(db(), await buildUser(db()));
    for (const payload of [{}, { code: '' }, { code: '12345' }, { code: '12a456' }, { code: 7 }]) {
      const res = await confirm(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toContain(IDENTITY_MESSAGES.codeRequired);
    }
    expect((await confirm(undefined, { code: '123456' })).statusCode).toBe(401);
  });

  it('keeps no copy of the code in the outbox once the mail is delivered', async () => {
    const user = await buildUser(db());
    const address = businessAddress();
    const code = await requestCode(await authHeader(db(), user), address);
    const delivered: string[] = [];
    const worker = new MailWorker({
      db: db(),
      transport: {
        kind: 'smtp',
        send: async (mail) => {
          delivered.push(mail.text);
        },
        close: () => {},
      },
      from: 'x@trustlinks.local',
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    await worker.drain();
    expect(delivered.some((text) => text.includes(code))).toBe(true);
    const [row] = (await mailsTo(db(), address)).filter((m) => m.template === 'identity_code');
    expect(row!.status).toBe('sent');
    expect(`${row!.subject} ${row!.textBody} ${row!.htmlBody}`).not.toContain(code);
  });

  it('limits code mails per address, whoever asks', async () => {
    const address = businessAddress();
    for (let i = 0; i < CODE_MAILS_PER_ADDRESS_PER_HOUR; i++) {
      const headers = await authHeader(db(), await buildUser(db()));
      await requestCode(headers, address);
    }
    const headers = await authHeader(db(), await buildUser(db()));
    const res = await verify(headers, {
      verification_method: 'business_email',
      business_email: address,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.tooManyCodesToAddress });
    const mails = (await mailsTo(db(), address)).filter((m) => m.template === 'identity_code');
    expect(mails).toHaveLength(CODE_MAILS_PER_ADDRESS_PER_HOUR);
  });
});

describe('admin: LinkedIn identity claims', () => {
  const claims = (headers: Record<string, string> | undefined, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/admin/identity-claims${query}`, headers });
  const decide = (headers: Record<string, string> | undefined, id: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/identity-claims/${id}`, headers, payload });

  let profileCounter = 0;
  async function claimant() {
    const user = await buildUser(db(), { firstName: 'Lena', lastName: `Claim${++profileCounter}` });
    const headers = await authHeader(db(), user);
    const profile = `https://www.linkedin.com/in/lena-claim-${profileCounter}-${Date.now()}`;
    const res = await verify(headers, {
      verification_method: 'linkedin',
      linkedin_profile: profile,
    });
    expect(res.statusCode).toBe(200);
    const [claim] = await claimsOf(user.id);
    return { user, headers, profile, claimId: claim!.id };
  }

  it('lists pending claims with user, profile URL and account age, paged', async () => {
    const admin = await adminHeader(db());
    const a = await claimant();
    const b = await claimant();
    const res = await claims(admin, '?limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const row = body.claims.find((c: { claim_id: string }) => c.claim_id === a.claimId);
    expect(row).toEqual({
      claim_id: a.claimId,
      user_id: a.user.id,
      user_name: `Lena ${a.user.lastName}`,
      user_email: a.user.email,
      profile_url: a.profile,
      account_created_at: a.user.createdAt.toISOString(),
      submitted_at: expect.any(String),
      status: 'pending_review',
      decision_note: null,
      decided_at: null,
    });
    // Oldest first; one per page when asked.
    const ids = body.claims.map((c: { claim_id: string }) => c.claim_id);
    expect(ids.indexOf(a.claimId)).toBeLessThan(ids.indexOf(b.claimId));
    const paged = (await claims(admin, '?limit=1&page=2')).json();
    expect(paged.claims).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ page: 2, limit: 1, hasPreviousPage: true });
    expect(paged.pagination.total).toBeGreaterThanOrEqual(2);
    expect((await claims(admin, '?limit=101')).statusCode).toBe(400);
    expect((await claims(admin, '?status=code_sent')).statusCode).toBe(400);
    // Business-email codes are not claims to review.
    const emailUser = await buildUser(db());
    await requestCode(await authHeader(db(), emailUser), businessAddress());
    const all = (await claims(admin, '?limit=100')).json().claims;
    expect(all.some((c: { user_id: string }) => c.user_id === emailUser.id)).toBe(false);
  });

  it('approve: the user is verified, mailed, and the claim leaves the queue', async () => {
    const admin = await adminHeader(db());
    const c = await claimant();
    // Until approved, access stays limited.
    expect((await status(c.headers)).json().data).toMatchObject({
      identity_verified: false,
      state: 'pending_review',
      claim_value: c.profile,
    });
    const res = await decide(admin, c.claimId, { decision: 'approved', note: 'Profile matches.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: IDENTITY_CLAIM_MESSAGES.approved,
      claim: { claim_id: c.claimId, status: 'approved', decision_note: 'Profile matches.' },
    });
    expect(await userRow(c.user.id)).toMatchObject({
      identityVerified: true,
      identityMethod: 'linkedin',
      identityValue: c.profile,
    });
    expect((await status(c.headers)).json().data).toMatchObject({
      identity_verified: true,
      state: 'verified',
    });
    const [mail] = (await mailsTo(db(), c.user.email)).filter(
      (m) => m.template === 'identity_verified',
    );
    expect(mail!.textBody).toContain('LinkedIn profile');
    expect(mail!.textBody).toContain('Profile matches.');
    const pending = (await claims(admin, '?limit=100')).json().claims;
    expect(pending.some((x: { claim_id: string }) => x.claim_id === c.claimId)).toBe(false);
    const approved = (await claims(admin, '?status=approved&limit=100')).json().claims;
    expect(approved.some((x: { claim_id: string }) => x.claim_id === c.claimId)).toBe(true);

    const twice = await decide(admin, c.claimId, { decision: 'rejected', note: 'Oops' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.claimDecided });
  });

  it('reject: needs a note, mails it, leaves the user unverified (state none)', async () => {
    const admin = await adminHeader(db());
    const c = await claimant();
    const bare = await decide(admin, c.claimId, { decision: 'rejected' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ error: IDENTITY_CLAIM_MESSAGES.rejectNoteRequired });
    const blank = await decide(admin, c.claimId, { decision: 'rejected', note: '   ' });
    expect(blank.statusCode).toBe(400);
    const tooLong = await decide(admin, c.claimId, { decision: 'rejected', note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toContain(IDENTITY_CLAIM_MESSAGES.noteTooLong);
    expect((await decide(admin, c.claimId, { decision: 'maybe' })).statusCode).toBe(400);

    const res = await decide(admin, c.claimId, {
      decision: 'rejected',
      note: 'The profile does not show your name.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: IDENTITY_CLAIM_MESSAGES.rejected,
      claim: { status: 'rejected', decision_note: 'The profile does not show your name.' },
    });
    expect((await userRow(c.user.id)).identityVerified).toBe(false);
    expect((await status(c.headers)).json().data).toMatchObject({
      identity_verified: false,
      state: 'none',
      claim_value: null,
    });
    const [mail] = (await mailsTo(db(), c.user.email)).filter(
      (m) => m.template === 'identity_claim_rejected',
    );
    expect(mail!.textBody).toContain('The profile does not show your name.');
    expect(mail!.textBody).toContain(c.profile);
  });

  it('refuses a profile that already verifies another account (409, claim stays pending)', async () => {
    const admin = await adminHeader(db());
    const first = await claimant();
    expect((await decide(admin, first.claimId, { decision: 'approved' })).statusCode).toBe(200);
    const copycat = await buildUser(db());
    const copycatHeaders = await authHeader(db(), copycat);
    await verify(copycatHeaders, {
      verification_method: 'linkedin',
      linkedin_profile: first.profile,
    });
    const [claim] = await claimsOf(copycat.id);
    const res = await decide(admin, claim!.id, { decision: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.linkedinTaken });
    expect((await claimsOf(copycat.id))[0]!.status).toBe('pending_review');
    expect((await userRow(copycat.id)).identityVerified).toBe(false);
  });

  it('answers 404 for unknown claims and 403 for an admin deciding their own', async () => {
    const adminUser = await buildUser(db(), { role: 'admin' });
    const admin = await authHeader(db(), adminUser);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await decide(admin, id, { decision: 'approved' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.claimNotFound });
    }
    await verify(admin, {
      verification_method: 'linkedin',
      linkedin_profile: 'https://www.linkedin.com/in/the-admin-herself',
    });
    const [own] = await claimsOf(adminUser.id);
    const res = await decide(admin, own!.id, { decision: 'approved' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: IDENTITY_SERVER_MESSAGES.ownClaim });
    expect((await userRow(adminUser.id)).identityVerified).toBe(false);
  });

  it('refuses non-admins with 403 and visitors with 401', async () => {
    const c = await claimant();
    for (const role of ['user', 'advertiser', 'affiliate', 'network'] as const) {
      const headers = await authHeader(db(), await buildUser(db(), { role }));
      expect((await claims(headers)).statusCode).toBe(403);
      expect((await decide(headers, c.claimId, { decision: 'approved' })).statusCode).toBe(403);
    }
    // Not even the claimant.
    expect((await decide(c.headers, c.claimId, { decision: 'approved' })).statusCode).toBe(403);
    expect((await claims(undefined)).statusCode).toBe(401);
    expect((await decide(undefined, c.claimId, { decision: 'approved' })).statusCode).toBe(401);
    expect((await userRow(c.user.id)).identityVerified).toBe(false);
    expect((await claimsOf(c.user.id))[0]!.status).toBe('pending_review');
  });
});
