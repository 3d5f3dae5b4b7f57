import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, type RouteAuth } from '@trustlinks/contract/route';
import { buildTestApp, testRoute, type TestContext } from '../../test/helpers';
import { authHeader, buildUser } from '../../test/factories';
import { sessions, users } from '../db/schema';
import { MESSAGES, requireRole, requireUser } from './guards';
import { revokeSession } from './sessions.repository';
import { resolveSession, startSession } from './sessions.service';
import { hashToken } from './tokens';

let ctx: TestContext;

const probe = (path: `/${string}`, auth: RouteAuth) =>
  defineRoute({ method: 'GET', path, auth, tag: 'test', summary: 'A probe', responses: {} });

beforeAll(async () => {
  ctx = await buildTestApp({
    routes: [
      testRoute(probe('/_test/public', 'public'), {}, async (req) => ({
        user: req.auth?.user.id ?? null,
      })),
      testRoute(probe('/_test/user', 'user'), {}, async (req) => ({
        user: requireUser(req).id,
      })),
      testRoute(probe('/_test/admin', ['admin']), {}, async (req) => ({
        role: requireRole(req, ['admin']).role,
      })),
      testRoute(
        defineRoute({
          method: 'POST',
          path: '/_test/admin-body',
          auth: ['admin'],
          tag: 'test',
          summary: 'A probe with a body',
          body: z.object({ name: z.string().min(1) }),
          responses: {},
        }),
        { clearsReadCache: [] },
        async () => ({ ok: true }),
      ),
      testRoute(probe('/_test/in-handler', 'user'), {}, async (req) => ({
        role: requireRole(
          req,
          ['advertiser', 'network'],
          'Access denied. Advertiser role required.',
        ).role,
      })),
    ],
  });
});
afterAll(() => ctx.close());

describe('route auth declarations (default deny)', () => {
  it('refuses to register an /api route outside the table (which states every route’s auth rule)', async () => {
    let thrown: unknown;
    const { close } = await buildTestApp({
      extend: (app) => {
        try {
          app.get('/api/_test/undeclared', async () => ({}));
        } catch (err) {
          thrown = err;
        }
      },
    });
    await close();
    expect(String(thrown)).toMatch(/GET \/api\/_test\/undeclared is not in the route table/);
  });
});

describe('requireUser', () => {
  it('answers 401 with the login message when no token comes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/_test/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.loginRequired });
  });

  it('answers 401 with the expiry message for an unknown token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/user',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.sessionExpired });
  });

  it('ignores malformed Authorization headers', async () => {
    for (const value of ['Basic abc', 'Bearer', 'Bearer a b', 'token', 'Bearer <script>']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/_test/user',
        headers: { authorization: value },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lets a live session through and identifies the user from it', async () => {
    const user = await buildUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/user',
      headers: await authHeader(ctx.database.db, user),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: user.id });
  });

  it('stores only the hash of the token', async () => {
    const user = await buildUser(ctx.database.db);
    const { token, sessionId } = await startSession(ctx.database.db, user.id);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
  });

  it('rejects a revoked session', async () => {
    const user = await buildUser(ctx.database.db);
    const { token, sessionId } = await startSession(ctx.database.db, user.id);
    await revokeSession(ctx.database.db, sessionId);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MESSAGES.sessionExpired);
  });

  it('rejects a session past its absolute expiry', async () => {
    const user = await buildUser(ctx.database.db);
    const { token, sessionId } = await startSession(ctx.database.db, user.id);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId));
    expect(await resolveSession(ctx.database.db, token)).toBeNull();
  });

  it('rejects a session idle for longer than the idle limit', async () => {
    const user = await buildUser(ctx.database.db);
    const { token, sessionId } = await startSession(ctx.database.db, user.id);
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(sessions.id, sessionId));
    expect(await resolveSession(ctx.database.db, token)).toBeNull();
  });

  it('rejects every session of a banned user', async () => {
    const user = await buildUser(ctx.database.db);
    const headers = await authHeader(ctx.database.db, user);
    await ctx.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/_test/user', headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('requireRole', () => {
  it('answers 403 to a logged-in user without the role', async () => {
    const user = await buildUser(ctx.database.db, { role: 'advertiser' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/admin',
      headers: await authHeader(ctx.database.db, user),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.forbidden });
  });

  it('answers 401 (not 403) to a visitor', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/_test/admin' });
    expect(res.statusCode).toBe(401);
  });

  it('lets the role through', async () => {
    const admin = await buildUser(ctx.database.db, { role: 'admin' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/admin',
      headers: await authHeader(ctx.database.db, admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'admin' });
  });

  it('checks the role before validating the body', async () => {
    const user = await buildUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/_test/admin-body',
      headers: await authHeader(ctx.database.db, user),
      payload: { name: 42 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('carries a spec message when a handler asks for one', async () => {
    const user = await buildUser(ctx.database.db, { role: 'affiliate' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/in-handler',
      headers: await authHeader(ctx.database.db, user),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Access denied. Advertiser role required.' });
  });

  it('public routes still see who is calling', async () => {
    const user = await buildUser(ctx.database.db);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/_test/public' });
    expect(anonymous.json()).toEqual({ user: null });
    const known = await ctx.app.inject({
      method: 'GET',
      url: '/api/_test/public',
      headers: await authHeader(ctx.database.db, user),
    });
    expect(known.json()).toEqual({ user: user.id });
  });
});
