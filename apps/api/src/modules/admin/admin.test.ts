import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@trustlinks/contract/admin';
import { useTestApp } from '../../../test/helpers';
import { authHeader, buildUser, signUpAndLogin } from '../../../test/factories';
import { USERS_MESSAGES } from '../users/users.messages';

const ctx = useTestApp();
const { db } = ctx;
let adminId: string;
let admin: { authorization: string };
beforeAll(async () => {
  const row = await buildUser(ctx.database.db, {
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
  });
  adminId = row.id;
  admin = await authHeader(ctx.database.db, row);
});

describe('GET /api/admin/users', () => {
  it('pages users newest first with the spec row fields and no secrets', async () => {
    for (let i = 0; i < 3; i++)
      await buildUser(db(), { firstName: 'Listed', lastName: `Person${i}` });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users?limit=2',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(2);
    expect(body.pagination).toMatchObject({
      page: 1,
      limit: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(body.users[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        role: 'user',
        status: 'active',
      }),
    );
    expect(res.body).not.toMatch(/password|argon2|token/i);
  });

  it('searches by name or email and filters by role and status', async () => {
    const target = await buildUser(db(), { firstName: 'Quentin', lastName: 'Zephyrson' });
    const byName = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=zephyr',
      headers: admin,
    });
    expect(byName.json().users.map((u: { id: string }) => u.id)).toEqual([target.id]);
    const byEmail = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/users?search=${encodeURIComponent(target.email.slice(0, 10))}`,
      headers: admin,
    });
    expect(byEmail.json().users.map((u: { id: string }) => u.id)).toContain(target.id);
    const admins = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users?role=admin',
      headers: admin,
    });
    expect(admins.json().users.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    const wildcard = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/users?search=%25',
      headers: admin,
    });
    expect(wildcard.statusCode).toBe(200);
    expect(wildcard.json().users).toHaveLength(0);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/users?limit=1000', headers: admin }))
        .statusCode,
    ).toBe(400);
  });
});

describe('PUT /api/admin/users/:id/status', () => {
  it('a ban ends every session at once and blocks login; an unban restores login', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const ban = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${person.userId}/status`,
      headers: admin,
      payload: { status: 'banned', reason: 'Spam reviews' },
    });
    expect(ban.statusCode).toBe(200);
    expect(ban.json()).toMatchObject({
      message: ADMIN_MESSAGES.userBanned,
      user: { status: 'banned' },
    });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: person.headers,
    });
    expect(profile.statusCode).toBe(401);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: person.email, password: person.password },
      });
    const blocked = await login();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ error: USERS_MESSAGES.banned });

    const unban = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${person.userId}/status`,
      headers: admin,
      payload: { status: 'active', reason: 'Appeal accepted' },
    });
    expect(unban.json().message).toBe(ADMIN_MESSAGES.userUnbanned);
    expect((await login()).statusCode).toBe(200);
    // The old session stays dead.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: person.headers }))
        .statusCode,
    ).toBe(401);
  });

  it('an admin cannot ban themself', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${adminId}/status`,
      headers: admin,
      payload: { status: 'banned', reason: 'Spam reviews' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ADMIN_MESSAGES.cannotBanSelf });
  });

  it('no account can ban an admin through the API (regression)', async () => {
    const other = await buildUser(db(), { role: 'admin', firstName: 'Other', lastName: 'Admin' });
    const otherHeaders = await authHeader(db(), other);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${other.id}/status`,
      headers: admin,
      payload: { status: 'banned', reason: 'Spam reviews' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ADMIN_MESSAGES.cannotBanAdmin });
    // Nor can any other role (the route is for admins).
    for (const role of ['user', 'advertiser', 'affiliate', 'network'] as const) {
      const caller = await authHeader(db(), await buildUser(db(), { role }));
      const denied = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${other.id}/status`,
        headers: caller,
        payload: { status: 'banned', reason: 'Spam reviews' },
      });
      expect(denied.statusCode, role).toBe(403);
    }
    // Still active, still logged in.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: otherHeaders }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for unknown users and 400 for unknown statuses', async () => {
    const put = (id: string, status: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${id}/status`,
        headers: admin,
        payload: { status, reason: 'Spam reviews' },
      });
    expect((await put('00000000-0000-0000-0000-000000000000', 'banned')).statusCode).toBe(404);
    expect((await put('nope', 'banned')).statusCode).toBe(404);
    const someone = await buildUser(db());
    expect((await put(someone.id, 'deleted')).statusCode).toBe(400);
  });
});
