import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passkeys, sessions, users, userTotp } from '../db/schema';
import { adminHeader, authHeader, buildUser, mailsTo, signUpAndLogin } from '../../test/factories';
import { buildTestApp, type TestContext, buildInstance } from '../../test/helpers';
import { SessionCache } from './session-cache';
import { hashToken } from './tokens';
import { MESSAGES } from './guards';
import type { AuthContext } from './sessions.service';

const context = (userId: string, entityId: string | null = null): AuthContext => ({
  sessionId: `s-${userId}`,
  user: {
    id: userId,
    email: `${userId}@example.com`,
    role: 'user',
    entityId,
    entityStatus: null,
    firstName: 'A',
    lastName: 'B',
    passwordResetRequired: false,
  },
});
const liveSession = { expiresAt: new Date(Date.now() + 86_400_000), lastSeenAt: new Date() };

describe('SessionCache', () => {
  it('keeps nothing until its listener listens, and empties when it stops', () => {
    const cache = new SessionCache(5000);
    cache.set('h', context('u1'), liveSession, cache.mark());
    expect(cache.get('h')).toBeUndefined();
    cache.setListening(true);
    cache.set('h', context('u1'), liveSession, cache.mark());
    expect(cache.get('h')?.user.id).toBe('u1');
    cache.setListening(false);
    expect(cache.get('h')).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('h')).toBeUndefined();
  });

  it('keeps a session for its time, never past the session’s own expiry', () => {
    let now = 1_000_000;
    const cache = new SessionCache(5000, 100, () => now);
    cache.setListening(true);
    cache.set('a', context('u1'), liveSession, cache.mark());
    const soon = { expiresAt: new Date(now + 1000), lastSeenAt: new Date(now) };
    cache.set('b', context('u2'), soon, cache.mark());
    now += 1500;
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    now += 4000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the user’s or the entity’s sessions on a notification, anything else empties it', () => {
    const cache = new SessionCache(5000);
    cache.setListening(true);
    cache.set('a', context('u1', 'e1'), liveSession, cache.mark());
    cache.set('b', context('u2', 'e2'), liveSession, cache.mark());
    cache.set('c', context('u3', 'e1'), liveSession, cache.mark());
    cache.invalidate('u:u2');
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    cache.invalidate('e:e1');
    expect(cache.size).toBe(0);
    cache.set('d', context('u4'), liveSession, cache.mark());
    cache.invalidate('garbage');
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that started before a change was heard', () => {
    const cache = new SessionCache(5000);
    cache.setListening(true);
    const mark = cache.mark();
    cache.invalidate('u:someone-else');
    cache.set('a', context('u1'), liveSession, mark);
    expect(cache.get('a')).toBeUndefined();
  });
});

/**
 * Two app instances on one database (PGlite here, PostgreSQL when DATABASE_URL is set: there each
 * instance listens on its own connection). A session instance B has cached must be refused by B on
 * the very next request after instance A ends it.
 */
describe('the session cache across two instances', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { SESSION_CACHE_MS: '30000' } });
    other = await buildInstance(ctx.database, { SESSION_CACHE_MS: '30000' });
    await vi.waitFor(() => {
      expect(ctx.app.sessionCache.enabled && other.sessionCache.enabled).toBe(true);
    });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const profile = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/users/profile', headers });

  const keptOnB = (headers: Record<string, string>) =>
    other.sessionCache.get(hashToken(headers.authorization!.replace('Bearer ', ''))) !== undefined;

  /** B has the session in memory (and answers from it). */
  async function cachedOnB(headers: Record<string, string>) {
    expect((await profile(other, headers)).statusCode).toBe(200);
    expect(keptOnB(headers)).toBe(true);
  }

  async function refusedOnB(headers: Record<string, string>) {
    const res = await profile(other, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.sessionExpired });
  }

  it('serves a repeated request from memory', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    await cachedOnB(headers);
    expect((await profile(other, headers)).statusCode).toBe(200);
    expect(keptOnB(headers)).toBe(true);
  });

  it('a logout on A is refused by B at once', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    await cachedOnB(user.headers);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: user.headers,
    });
    expect(out.statusCode).toBe(200);
    await refusedOnB(user.headers);
  });

  it('a ban on A is refused by B at once', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    const admin = await adminHeader(db());
    await cachedOnB(headers);
    const ban = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/status`,
      headers: admin,
      payload: { status: 'banned', reason: 'Spam reviews' },
    });
    expect(ban.statusCode).toBe(200);
    await refusedOnB(headers);
  });

  it('a password change on A ends the other sessions on B at once', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    });
    const otherHeaders = { authorization: `Bearer ${login.json().token as string}` };
    await cachedOnB(otherHeaders);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'a-brand-new-pass' },
    });
    expect(change.statusCode).toBe(200);
    await refusedOnB(otherHeaders);
    expect((await profile(other, user.headers)).statusCode).toBe(200);
  });

  it('a password reset through the mailed link on A ends every session on B at once', async () => {
    const user = await signUpAndLogin(ctx.app, db());
    await cachedOnB(user.headers);
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const [mail] = (await mailsTo(db(), user.email.toLowerCase())).filter(
      (m) => m.template === 'password_reset',
    );
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/reset-password/confirm',
      payload: { token, new_password: 'reset-by-mail' },
    });
    expect(confirm.statusCode).toBe(200);
    await refusedOnB(user.headers);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'with its listener cut off, B goes to the database until it listens again (PostgreSQL)',
    async () => {
      const user = await buildUser(db());
      const headers = await authHeader(db(), user);
      await cachedOnB(headers);
      const listeners = await ctx.database.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'trustlinks-listen-trustlinks_sessions' AND datname = current_database()`,
      );
      expect(listeners.rows.length).toBe(2);
      await vi.waitFor(() => expect(other.sessionCache.enabled).toBe(false), { timeout: 5000 });
      // Not listening: nothing kept, every request looks (and sees the revocation).
      await db()
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, user.id));
      await refusedOnB(headers);
      await vi.waitFor(() => expect(other.sessionCache.enabled).toBe(true), { timeout: 10_000 });
      const again = await authHeader(db(), user);
      await cachedOnB(again);
    },
  );

  it('whether a session may only enrol follows its factors and mfa_required on every instance (triggers)', async () => {
    const notifications = (headers: Record<string, string>) =>
      other.inject({ method: 'GET', url: '/api/notifications', headers });
    const user = await buildUser(db(), { mfaRequired: true });
    const headers = await authHeader(db(), user);
    expect((await notifications(headers)).statusCode).toBe(403);
    expect(keptOnB(headers)).toBe(true);
    // An authenticator app turned on (docs/decisions/033): free at the next request.
    await db()
      .insert(userTotp)
      .values({ userId: user.id, secret: 'A'.repeat(32), enabledAt: new Date() });
    await vi.waitFor(() => expect(keptOnB(headers)).toBe(false), { timeout: 2000 });
    expect((await notifications(headers)).statusCode).toBe(200);
    await db().delete(userTotp).where(eq(userTotp.userId, user.id));
    await vi.waitFor(() => expect(keptOnB(headers)).toBe(false), { timeout: 2000 });
    expect((await notifications(headers)).statusCode).toBe(403);
    // A passkey counts too.
    const [passkey] = await db()
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: `cred-${user.id}`,
        publicKey: 'pk',
        name: 'Key',
        deviceType: 'singleDevice',
      })
      .returning();
    await vi.waitFor(() => expect(keptOnB(headers)).toBe(false), { timeout: 2000 });
    expect((await notifications(headers)).statusCode).toBe(200);
    await db().delete(passkeys).where(eq(passkeys.id, passkey!.id));
    await vi.waitFor(() => expect(keptOnB(headers)).toBe(false), { timeout: 2000 });
    // An admin no longer requiring it frees the session; requiring it again holds it back.
    expect((await notifications(headers)).statusCode).toBe(403);
    await db().update(users).set({ mfaRequired: false }).where(eq(users.id, user.id));
    await vi.waitFor(() => expect(keptOnB(headers)).toBe(false), { timeout: 2000 });
    expect((await notifications(headers)).statusCode).toBe(200);
    await db().update(users).set({ mfaRequired: true }).where(eq(users.id, user.id));
    await vi.waitFor(() => expect(keptOnB(headers)).toBe(false), { timeout: 2000 });
    expect((await notifications(headers)).statusCode).toBe(403);
  });

  it('a change written straight to the database reaches both instances (triggers)', async () => {
    const user = await buildUser(db());
    const headers = await authHeader(db(), user);
    await cachedOnB(headers);
    expect((await profile(ctx.app, headers)).statusCode).toBe(200);
    await db().update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    // Written outside a request: no instance waits for it, so the test waits for the delivery.
    await vi.waitFor(() => expect(keptOnB(headers)).toBe(false), { timeout: 2000 });
    await refusedOnB(headers);
    const revoked = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect(revoked.statusCode).toBe(401);
    // A deleted session row is gone from memory too.
    const second = await buildUser(db());
    const secondHeaders = await authHeader(db(), second);
    await cachedOnB(secondHeaders);
    await db().delete(sessions).where(eq(sessions.userId, second.id));
    await vi.waitFor(() => expect(keptOnB(secondHeaders)).toBe(false), { timeout: 2000 });
    await refusedOnB(secondHeaders);
  });
});
