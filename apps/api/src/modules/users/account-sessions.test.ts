import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../auth/guards';
import { SESSION_TOUCH_INTERVAL_MS } from '../../auth/session-policy';
import { hashToken } from '../../auth/tokens';
import { sessions, userDevices } from '../../db/schema';
import { mailsTo, signUpAndLogin } from '../../../test/factories';
import { buildTestApp, useTestApp, type TestContext, buildInstance } from '../../../test/helpers';
import { USERS_MESSAGES } from './users.messages';
import { MAX_LISTED_SESSIONS } from './account-sessions.service';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

// No session cache here: every request reads (and may touch) the session row; the two-instance
// test at the end turns it on.
const ctx = useTestApp({ config: { SESSION_CACHE_MS: '0' } });
const { db } = ctx;

type Person = Awaited<ReturnType<typeof signUpAndLogin>>;

const login = async (
  person: Person,
  opts: { ua?: string; ip?: string } = {},
  app: FastifyInstance = ctx.app,
) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: person.email, password: person.password },
    headers: opts.ua ? { 'user-agent': opts.ua } : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
};
const list = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/sessions', headers });
const newDeviceMails = async (person: Person) =>
  (await mailsTo(db(), person.email.toLowerCase())).filter(
    (m) => m.template === 'new_device_sign_in',
  );

describe('GET /api/users/sessions', () => {
  it('lists the account’s active sessions with device, address and times, this one marked', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const mac = await login(person, { ua: CHROME_MAC, ip: '203.0.113.7' });
    await login(person, { ua: FIREFOX_WINDOWS, ip: '2001:db8:1:2:3:4:5:6' });
    const res = await list(mac);
    expect(res.statusCode).toBe(200);
    const listed = res.json().sessions as {
      id: string;
      device: string | null;
      address: string | null;
      created_at: string;
      last_seen_at: string;
      current: boolean;
    }[];
    expect(listed).toHaveLength(3);
    const current = listed.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome on macOS', address: '203.0.113.7' });
    expect(listed.find((s) => s.device === 'Firefox on Windows')?.address).toBe(
      '2001:db8:1:2::/64',
    );
    for (const s of listed) {
      expect(Date.parse(s.created_at)).not.toBeNaN();
      expect(Date.parse(s.last_seen_at)).not.toBeNaN();
    }
  });

  it('leaves out revoked and expired sessions and other accounts’ sessions', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const other = await signUpAndLogin(ctx.app, db());
    const second = await login(person, { ua: SAFARI_IPHONE });
    await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: second });
    const third = await login(person, { ua: FIREFOX_WINDOWS });
    const thirdId = (await list(third)).json().sessions.find((s: { current: boolean }) => s.current)
      .id as string;
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, thirdId));
    const listed = (await list(person.headers)).json().sessions as { id: string }[];
    expect(listed).toHaveLength(1);
    const otherIds = (await list(other.headers)).json().sessions.map((s: { id: string }) => s.id);
    expect(otherIds).not.toContain(listed[0]!.id);
  });

  it('is bounded', async () => {
    expect(MAX_LISTED_SESSIONS).toBeLessThanOrEqual(100);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing sessions out', () => {
  it('DELETE signs one session out: it gets 401 at once, the others keep working', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const phone = await login(person, { ua: SAFARI_IPHONE });
    const phoneId = (await list(phone)).json().sessions.find((s: { current: boolean }) => s.current)
      .id as string;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${phoneId}`,
      headers: person.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USERS_MESSAGES.sessionSignedOut });
    const refused = await list(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: MESSAGES.sessionExpired });
    expect((await list(person.headers)).statusCode).toBe(200);
    // Twice: it is gone.
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${phoneId}`,
      headers: person.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('another account’s session id is a 404 and that session keeps working', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const victim = await signUpAndLogin(ctx.app, db());
    const victimId = (await list(victim.headers)).json().sessions[0].id as string;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${victimId}`,
      headers: person.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: USERS_MESSAGES.sessionNotFound });
    expect((await list(victim.headers)).statusCode).toBe(200);
    const notAnId = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/sessions/not-a-uuid',
      headers: person.headers,
    });
    expect(notAnId.statusCode).toBe(404);
  });

  it('revoke-others signs out every other session and keeps this one', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const a = await login(person, { ua: SAFARI_IPHONE });
    const b = await login(person, { ua: FIREFOX_WINDOWS });
    const other = await signUpAndLogin(ctx.app, db());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/sessions/revoke-others',
      headers: person.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USERS_MESSAGES.otherSessionsSignedOut });
    expect((await list(a)).statusCode).toBe(401);
    expect((await list(b)).statusCode).toBe(401);
    const left = (await list(person.headers)).json().sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await list(other.headers)).statusCode).toBe(200);
  });
});

describe('last seen', () => {
  it('is written at most once a minute, not on every request', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const id = (await list(person.headers)).json().sessions[0].id as string;
    const past = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS / 2);
    await db().update(sessions).set({ lastSeenAt: past }).where(eq(sessions.id, id));
    await list(person.headers);
    await list(person.headers);
    const [kept] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(kept!.lastSeenAt.getTime()).toBe(past.getTime());
    const older = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS * 2);
    await db().update(sessions).set({ lastSeenAt: older }).where(eq(sessions.id, id));
    await list(person.headers);
    const [touched] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('the new-device mail', () => {
  it('is not sent for the first sign-in after registration', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    expect(await newDeviceMails(person)).toHaveLength(0);
    expect(
      await db().select().from(userDevices).where(eq(userDevices.userId, person.userId)),
    ).toHaveLength(1);
  });

  it('is sent once per new device, with time, device, address and what to do', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    await login(person, { ua: FIREFOX_WINDOWS, ip: '198.51.100.20' });
    const [mail, ...more] = await newDeviceMails(person);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('New sign-in to your TrustLinks account');
    expect(mail!.recipientUserId).toBe(person.userId);
    expect(mail!.textBody).toContain('Device: Firefox on Windows');
    expect(mail!.textBody).toContain('Address: 198.51.100.20');
    expect(mail!.textBody).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(mail!.textBody).toContain('http://localhost:3000/profile#sessions');
    expect(mail!.textBody).toContain('If it was not you');
    // The same device again: no second mail.
    await login(person, { ua: FIREFOX_WINDOWS, ip: '198.51.100.20' });
    expect(await newDeviceMails(person)).toHaveLength(1);
    // The same browser from another address is another device; so is another browser.
    await login(person, { ua: FIREFOX_WINDOWS, ip: '198.51.100.99' });
    await login(person, { ua: SAFARI_IPHONE, ip: '198.51.100.20' });
    expect(await newDeviceMails(person)).toHaveLength(3);
  });

  it('is not sent for the device the account registered from', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    // signUpAndLogin signs in with no User-Agent from 127.0.0.1: the same device.
    await login(person);
    expect(await newDeviceMails(person)).toHaveLength(0);
  });
});

/**
 * Two app instances on one database, as in auth/session-cache.test.ts: a session instance B has
 * cached is refused by B on the very next request after A signs it out from the list.
 */
describe('signing a session out across two instances', () => {
  let a: TestContext;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await buildTestApp({ config: { SESSION_CACHE_MS: '30000' } });
    b = await buildInstance(a.database, { SESSION_CACHE_MS: '30000' });
    await vi.waitFor(() => {
      expect(a.app.sessionCache.enabled && b.sessionCache.enabled).toBe(true);
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const profile = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/users/profile', headers });

  it('DELETE on A and revoke-others on A are refused by B at once', async () => {
    const person = await signUpAndLogin(a.app, a.database.db);
    const phone = await login(person, { ua: SAFARI_IPHONE }, a.app);
    const laptop = await login(person, { ua: CHROME_MAC }, a.app);
    for (const headers of [phone, laptop]) {
      expect((await profile(b, headers)).statusCode).toBe(200);
      expect(b.sessionCache.get(hashToken(headers.authorization.slice(7)))).toBeDefined();
    }
    const phoneId = (
      await a.app.inject({ method: 'GET', url: '/api/users/sessions', headers: phone })
    )
      .json()
      .sessions.find((s: { current: boolean }) => s.current).id as string;
    const out = await a.app.inject({
      method: 'DELETE',
      url: `/api/users/sessions/${phoneId}`,
      headers: person.headers,
    });
    expect(out.statusCode).toBe(200);
    const refused = await profile(b, phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: MESSAGES.sessionExpired });
    expect((await profile(b, laptop)).statusCode).toBe(200);

    const others = await a.app.inject({
      method: 'POST',
      url: '/api/users/sessions/revoke-others',
      headers: person.headers,
    });
    expect(others.statusCode).toBe(200);
    expect((await profile(b, laptop)).statusCode).toBe(401);
    expect((await profile(b, person.headers)).statusCode).toBe(200);
  });
});
