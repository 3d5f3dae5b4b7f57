import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  IDENTITY_MESSAGES,
  checkBusinessEmail,
  checkLinkedinProfile,
} from '@trustlinks/contract/identity';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { authHeader, buildUser, mailsTo } from '../../../test/factories';
import { entities, users } from '../../db/schema';
import { MESSAGES } from '../../auth/guards';
import { IDENTITY_SERVER_MESSAGES } from './identity.messages';
import { hasVerifiedAccess } from './identity.policy';
import { VERIFY_ATTEMPTS_PER_HOUR } from './identity.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const status = (headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/verification-status', headers });
const verify = (headers: Record<string, string> | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/verify-identity', headers, payload });
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

async function newEntity(type: 'advertiser' | 'affiliate' | 'network' = 'advertiser') {
  const [row] = await db()
    .insert(entities)
    .values({ name: `Entity ${Math.random()}`, entityType: type, verificationStatus: 'approved' })
    .returning();
  return row!;
}

describe('hasVerifiedAccess (the one rule)', () => {
  it('is identity_verified, or an entity together with the role it grants', () => {
    expect(hasVerifiedAccess({ identityVerified: false, entityId: null, role: 'user' })).toBe(
      false,
    );
    expect(hasVerifiedAccess({ identityVerified: true, entityId: null, role: 'user' })).toBe(true);
    for (const role of ['advertiser', 'affiliate', 'network']) {
      expect(hasVerifiedAccess({ identityVerified: false, entityId: 'e1', role })).toBe(true);
    }
    // A rejected entity takes the role back: the leftover entity id grants nothing.
    expect(hasVerifiedAccess({ identityVerified: false, entityId: 'e1', role: 'user' })).toBe(
      false,
    );
    expect(hasVerifiedAccess({ identityVerified: false, entityId: 'e1', role: 'admin' })).toBe(
      false,
    );
    expect(hasVerifiedAccess({ identityVerified: false, entityId: null, role: 'admin' })).toBe(
      false,
    );
  });
});

describe('LinkedIn and business-email rules', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['https://linkedin.com/in/jane_doe-42/', 'https://www.linkedin.com/in/jane_doe-42'],
    ['https://uk.linkedin.com/in/janedoe?trk=public', 'https://www.linkedin.com/in/janedoe'],
    [
      '  https://www.LinkedIn.com/in/J%C3%A9r%C3%B4me  ',
      'https://www.linkedin.com/in/J%C3%A9r%C3%B4me',
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

  it('accepts company domains and refuses free-mail providers and bad addresses', () => {
    expect(checkBusinessEmail(' Jane.Doe@Acme-Corp.example ')).toEqual({
      ok: true,
      value: 'jane.doe@acme-corp.example',
    });
    for (const free of [
      'a@gmail.com',
      'a@GMAIL.COM',
      'a@outlook.com',
      'a@yahoo.co.uk',
      'a@mail.yahoo.com',
      'a@proton.me',
      'a@mailinator.com',
    ]) {
      expect(checkBusinessEmail(free), free).toEqual({
        ok: false,
        message: IDENTITY_MESSAGES.freeEmailProvider,
      });
    }
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
    // Not fooled by a look-alike of a free domain.
    expect(checkBusinessEmail('a@notgmail.com').ok).toBe(true);
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
    expect(res.json()).toEqual({ data: { identity_verified: false, entity_id: null } });
  });

  it('shows the entity id while the entity grants its role, and hides it after a revocation', async () => {
    const entity = await newEntity('network');
    const user = await buildUser(db(), { role: 'network', entityId: entity.id });
    const headers = await authHeader(db(), user);
    expect((await status(headers)).json()).toEqual({
      data: { identity_verified: false, entity_id: entity.id },
    });
    await db().update(users).set({ role: 'user' }).where(eq(users.id, user.id));
    expect((await status(headers)).json()).toEqual({
      data: { identity_verified: false, entity_id: null },
    });
  });
});

describe('POST /api/users/verify-identity', () => {
  it('verifies by LinkedIn: stores method and value, mails a confirmation', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const res = await verify(headers, {
      verification_method: 'linkedin',
      linkedin_profile: 'https://www.linkedin.com/in/test-user/?trk=x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: IDENTITY_MESSAGES.verified,
      data: { identity_verified: true, entity_id: null },
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      identityVerified: true,
      identityMethod: 'linkedin',
      identityValue: 'https://www.linkedin.com/in/test-user',
    });
    expect(row.identityVerifiedAt).toBeInstanceOf(Date);
    const mails = (await mailsTo(db(), user.email)).filter(
      (m) => m.template === 'identity_verified',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('http://localhost:3000/affliate-industry');
    expect((await status(headers)).json().data.identity_verified).toBe(true);
  });

  it('verifies by business email and stores it lower-cased', async () => {
    const user = await buildUser(db());
    const res = await verify(await authHeader(db(), user), {
      verification_method: 'business_email',
      business_email: 'Jane@Acme-Corp.example',
    });
    expect(res.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({
      identityVerified: true,
      identityMethod: 'business_email',
      identityValue: 'jane@acme-corp.example',
    });
  });

  it('answers a second verification without changing anything or mailing again', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    await verify(headers, {
      verification_method: 'business_email',
      business_email: 'a@acme.example',
    });
    const again = await verify(headers, {
      verification_method: 'linkedin',
      linkedin_profile: 'https://www.linkedin.com/in/someone-else',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(IDENTITY_MESSAGES.alreadyVerified);
    expect((await userRow(user.id)).identityValue).toBe('a@acme.example');
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
    await verify(userHeaders, {
      verification_method: 'business_email',
      business_email: 'a@acme.example',
    });

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
      identity_value: 'a@acme.example',
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
    const headers = await authHeader(db(), await buildUser(db(), { role: 'admin' }));
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
