import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, useTestApp } from '../../../test/helpers';
import {
  authHeader,
  buildEntity,
  buildEntityAccount,
  buildSignedInUser,
  buildUser,
  mailsTo,
  readEntity,
  registrationPayload,
  reviewPayload,
} from '../../../test/factories';
import { entities, entityChanges, reviews, users } from '../../db/schema';
import { ENTITIES_MESSAGES } from './entities.messages';
import { ENTITY_REGISTRATIONS_PER_EMAIL_PER_DAY } from './entity-moderation.service';

const ctx = useTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '1000' } });
const { db, inject } = ctx;
let admin: { authorization: string };
let adminId: string;
beforeAll(async () => {
  const adminUser = await buildUser(ctx.database.db, { role: 'admin' });
  adminId = adminUser.id;
  admin = await authHeader(ctx.database.db, adminUser);
});

const put = (id: string, payload: Record<string, unknown>, headers: Record<string, string>) =>
  inject({ method: 'PUT', url: `/api/entities/${id}`, payload, headers });
const decide = (id: string, decision: string, headers: Record<string, string> = admin) =>
  inject({
    method: 'PUT',
    url: `/api/entities/${id}/pending-change`,
    payload: { decision },
    headers,
  });
const setStatus = (id: string, verification_status: string) =>
  inject({
    method: 'PUT',
    url: `/api/entities/${id}/verification`,
    payload: { verification_status },
    headers: admin,
  });
const publicEntity = async (id: string) =>
  (await inject({ method: 'GET', url: `/api/entities/public/${id}` })).json().entity;
const entityRow = (id: string) => readEntity(db(), id);
const changesOf = (id: string) =>
  db().select().from(entityChanges).where(eq(entityChanges.entityId, id));
let nameCounter = 0;
const uniqueName = (base: string) => `${base} ${++nameCounter}-${Date.now().toString(36)}`;

describe("an approved entity's name, website and email go to moderation", () => {
  it('keeps the approved values public while the change waits; owner and admins see it', async () => {
    const approvedName = uniqueName('Vitality Partners');
    const { entity, headers } = await buildEntityAccount(db(), 'advertiser', {
      name: approvedName,
    });
    const wanted = {
      name: uniqueName('Vitality Group'),
      website_url: 'https://vitality-group.example.com',
      email: 'Partners@Vitality-Group.example.com',
      description: 'New description applies at once.',
    };
    const res = await put(entity.id, wanted, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ENTITIES_MESSAGES.updatedPendingReview);
    expect(res.json().entity).toMatchObject({
      name: approvedName,
      website: entity.website,
      email: entity.email,
      description: wanted.description,
      pending_change: {
        name: wanted.name,
        website: wanted.website_url,
        email: 'partners@vitality-group.example.com',
      },
    });
    expect(await publicEntity(entity.id)).toMatchObject({
      name: approvedName,
      website: entity.website,
    });
    expect(await entityRow(entity.id)).toMatchObject({ name: approvedName, email: entity.email });
    const own = await inject({ method: 'GET', url: `/api/entities/${entity.id}`, headers });
    expect(own.json().entity.pending_change.name).toBe(wanted.name);
    const list = await inject({
      method: 'GET',
      url: '/api/entities?verification_status=approved&limit=500',
      headers: admin,
    });
    const listed = list
      .json()
      .entities.find((e: { entity_id: string }) => e.entity_id === entity.id);
    expect(listed.pending_change).toMatchObject({ name: wanted.name });
  });

  it('accepting applies the change everywhere and records who decided', async () => {
    const { entity, user, headers } = await buildEntityAccount(db(), 'network', {
      name: uniqueName('Horizon Ads'),
    });
    const newName = uniqueName('Horizon Ads Network');
    await put(entity.id, { name: newName, website: 'https://horizon-ads.example.com' }, headers);
    const res = await decide(entity.id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ENTITIES_MESSAGES.changeAccepted,
      entity: { name: newName, website: 'https://horizon-ads.example.com', pending_change: null },
    });
    expect((await publicEntity(entity.id)).name).toBe(newName);
    const [change] = await changesOf(entity.id);
    expect(change).toMatchObject({
      status: 'accepted',
      requestedByUserId: user.id,
      decidedByUserId: adminId,
    });
    expect(change!.decidedAt).toBeInstanceOf(Date);
    // Nothing waits any more.
    const again = await decide(entity.id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ENTITIES_MESSAGES.noPendingChange });
  });

  it('rejecting keeps the approved values', async () => {
    const name = uniqueName('FinFlow Network');
    const { entity, headers } = await buildEntityAccount(db(), 'network', { name });
    await put(entity.id, { name: uniqueName('FinFlow Scam'), email: 'x@evil.example' }, headers);
    const res = await decide(entity.id, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ENTITIES_MESSAGES.changeRejected,
      entity: { name, email: entity.email, pending_change: null },
    });
    expect(await entityRow(entity.id)).toMatchObject({ name, email: entity.email });
    expect((await changesOf(entity.id))[0]).toMatchObject({ status: 'rejected' });
  });

  it('merges later edits into the one waiting change; asking for the approved value takes it back', async () => {
    const name = uniqueName('Pixel Push');
    const { entity, headers } = await buildEntityAccount(db(), 'affiliate', { name });
    const newName = uniqueName('Pixel Push Ltd');
    await put(entity.id, { name: newName }, headers);
    const second = await put(entity.id, { website_url: 'https://pixelpush.example.com' }, headers);
    expect(second.json().entity.pending_change).toMatchObject({
      name: newName,
      website: 'https://pixelpush.example.com',
      email: null,
    });
    expect(await changesOf(entity.id)).toHaveLength(1);
    const back = await put(entity.id, { name, website_url: entity.website }, headers);
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe(ENTITIES_MESSAGES.updated);
    expect(back.json().entity.pending_change).toBeNull();
    expect(await changesOf(entity.id)).toHaveLength(0);
  });

  it('admins edit name, website and email directly', async () => {
    const entity = await buildEntity(db(), {
      verificationStatus: 'approved',
      name: uniqueName('Apex'),
    });
    const newName = uniqueName('Apex Gaming Group');
    const res = await put(entity.id, { name: newName, email: 'apex@apex.example.com' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().entity).toMatchObject({
      name: newName,
      email: 'apex@apex.example.com',
      pending_change: null,
    });
  });

  it('only admins decide; bad decisions and unknown entities are refused', async () => {
    const { entity, headers } = await buildEntityAccount(db(), 'advertiser', {
      name: uniqueName('Coin'),
    });
    await put(entity.id, { name: uniqueName('CoinNest') }, headers);
    expect((await decide(entity.id, 'accept', headers)).statusCode).toBe(403);
    expect(
      (
        await inject({
          method: 'PUT',
          url: `/api/entities/${entity.id}/pending-change`,
          payload: { decision: 'accept' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await decide(entity.id, 'approve')).statusCode).toBe(400);
    expect((await decide('not-an-id', 'accept')).statusCode).toBe(404);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'accept')).statusCode).toBe(404);
    expect((await changesOf(entity.id))[0]).toMatchObject({ status: 'pending' });
  });
});

describe('approved names are unique (case-insensitive)', () => {
  it('refuses to approve a second "BlockReach Media" (409) and leaves it pending without an account', async () => {
    const name = uniqueName('BlockReach Media');
    await buildEntity(db(), { verificationStatus: 'approved', name, entityType: 'network' });
    const copy = await buildEntity(db(), {
      verificationStatus: 'pending',
      name: name.toUpperCase(),
      entityType: 'network',
    });
    const res = await setStatus(copy.id, 'approved');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.nameTaken(name) });
    expect(await entityRow(copy.id)).toMatchObject({
      verificationStatus: 'pending',
      userAccountCreated: false,
    });
    expect(await mailsTo(db(), copy.email!)).toHaveLength(0);
    expect(await db().select().from(users).where(eq(users.email, copy.email!))).toHaveLength(0);
  });

  it('refuses re-approving a rejected entity whose name was taken meanwhile', async () => {
    const name = uniqueName('Velvet Leads');
    const first = await buildEntity(db(), { verificationStatus: 'rejected', name });
    await buildEntity(db(), { verificationStatus: 'approved', name: name.toLowerCase() });
    expect((await setStatus(first.id, 'approved')).statusCode).toBe(409);
    expect((await entityRow(first.id)).verificationStatus).toBe('rejected');
  });

  it('regression: an owner renaming to another approved name gets 409 at once, and nothing waits', async () => {
    const taken = uniqueName('BlockReach Media');
    await buildEntity(db(), { verificationStatus: 'approved', name: taken, entityType: 'network' });
    const { entity, headers } = await buildEntityAccount(db(), 'network', {
      name: uniqueName('Copycat Media'),
    });
    const res = await put(entity.id, { name: ` ${taken.toLowerCase()} ` }, headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.nameTaken(taken) });
    expect((await entityRow(entity.id)).name).toBe(entity.name);
    expect(await changesOf(entity.id)).toHaveLength(0);
  });

  it('refuses accepting a rename whose name another entity took while it waited', async () => {
    const { entity, headers } = await buildEntityAccount(db(), 'advertiser', {
      name: uniqueName('Sunrise'),
    });
    const wanted = uniqueName('Sunrise Media Buying');
    await put(entity.id, { name: wanted }, headers);
    const other = await buildEntity(db(), { verificationStatus: 'pending', name: wanted });
    expect((await setStatus(other.id, 'approved')).statusCode).toBe(200);
    const res = await decide(entity.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.nameTaken(wanted) });
    expect((await changesOf(entity.id))[0]).toMatchObject({ status: 'pending' });
    expect((await entityRow(entity.id)).name).toBe(entity.name);
  });

  it('refuses an admin renaming an approved entity to a taken name', async () => {
    const taken = uniqueName('QuickLend Finance');
    await buildEntity(db(), { verificationStatus: 'approved', name: taken });
    const entity = await buildEntity(db(), {
      verificationStatus: 'approved',
      name: uniqueName('QL'),
    });
    expect((await put(entity.id, { name: taken }, admin)).statusCode).toBe(409);
  });

  it('the database refuses a second approved name too (the race backstop)', async () => {
    const name = uniqueName('Shady Clicks');
    await buildEntity(db(), { verificationStatus: 'approved', name });
    await expect(
      buildEntity(db(), { verificationStatus: 'approved', name: name.toUpperCase() }),
    ).rejects.toThrow();
    // Pending and rejected entities may share a name with an approved one.
    await buildEntity(db(), { verificationStatus: 'pending', name });
    await buildEntity(db(), { verificationStatus: 'rejected', name });
  });
});

/** Affiliate registrations on `app` from a given client address. */
const registerOn = (app: typeof ctx.app) => (remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/entities/register',
    payload: registrationPayload('affiliate'),
    remoteAddress,
  });

describe('entity registration limits', () => {
  it('limits registrations per client address (ENTITY_REGISTRATION_LIMIT_PER_HOUR)', async () => {
    const limited = await buildTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '3' } });
    try {
      const register = registerOn(limited.app);
      for (let i = 0; i < 3; i += 1) expect((await register('203.0.113.7')).statusCode).toBe(201);
      const refused = await register('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: ENTITIES_MESSAGES.registrationLimitAddress });
      expect((await register('198.51.100.4')).statusCode).toBe(201);
      expect(await limited.database.db.select().from(entities)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('counts an IPv6 client by its /64: rotating addresses does not pass the limit (decision 024)', async () => {
    const limited = await buildTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '3' } });
    try {
      const register = registerOn(limited.app);
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i += 1) {
        statuses.push((await register(`2001:db8:ae:1:${i}::${i}`)).statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      expect((await register('2001:db8:ae:2::1')).statusCode).toBe(201);
      expect(await limited.database.db.select().from(entities)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per company email per day, from any address', async () => {
    const email = `limit-${Date.now()}@example.com`;
    const types = ['advertiser', 'affiliate', 'network'] as const;
    for (let i = 0; i < ENTITY_REGISTRATIONS_PER_EMAIL_PER_DAY; i += 1) {
      const res = await inject({
        method: 'POST',
        url: '/api/entities/register',
        payload: registrationPayload(types[i % 3], { email }),
        remoteAddress: `192.0.2.${i + 1}`,
      });
      // The first three are stored; repeats of a waiting type are 409 and still count.
      expect(res.statusCode).toBe(i < 3 ? 201 : 409);
    }
    const refused = await inject({
      method: 'POST',
      url: '/api/entities/register',
      payload: registrationPayload('advertiser', { email: email.toUpperCase() }),
      remoteAddress: '192.0.2.200',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: ENTITIES_MESSAGES.registrationLimitEmail });
  });
});

describe('a review naming a new company counts as a registration (docs/decisions/011)', () => {
  it('shares the per-address counter with POST /entities/register; a known name does not count', async () => {
    const limited = await buildTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '3' } });
    try {
      const ldb = limited.database.db;
      const review = (headers: Record<string, string>, name: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/reviews',
          headers,
          payload: reviewPayload({ entity_name: name }),
          remoteAddress,
        });
      const address = '203.0.113.50';
      const known = await buildEntity(ldb, { verificationStatus: 'approved', name: 'Known Co' });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { headers } = await buildSignedInUser(ldb);
        statuses.push((await review(headers, `Flood Co ${i}`, address)).statusCode);
        // Naming a company that exists creates nothing and counts nothing.
        expect((await review(headers, 'known co', address)).json().review.entity_id).toBe(known.id);
      }
      expect(statuses).toEqual([201, 201, 201]);
      const { headers } = await buildSignedInUser(ldb);
      const refused = await review(headers, 'Flood Co 4', address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: ENTITIES_MESSAGES.registrationLimitAddress });
      // A registration from the same address meets the same counter.
      expect((await registerOn(limited.app)(address)).statusCode).toBe(429);
      const names = (await ldb.select({ name: entities.name }).from(entities)).map((r) => r.name);
      expect(names.filter((n) => n.startsWith('Flood Co')).sort()).toEqual([
        'Flood Co 0',
        'Flood Co 1',
        'Flood Co 2',
      ]);
      // Nothing of the refused review was kept.
      expect(await ldb.select().from(reviews)).toHaveLength(6);
    } finally {
      await limited.close();
    }
  });

  it('limits one account per hour from any address, reviews and registrations together', async () => {
    const limited = await buildTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '3' } });
    try {
      const ldb = limited.database.db;
      const { headers } = await buildSignedInUser(ldb);
      const statuses: number[] = [];
      for (let i = 0; i < 2; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/reviews',
          headers,
          payload: reviewPayload({ entity_name: `Hopper Co ${i}` }),
          remoteAddress: `198.51.100.${10 + i}`,
        });
        statuses.push(res.statusCode);
      }
      const registered = await limited.app.inject({
        method: 'POST',
        url: '/api/entities/register',
        headers,
        payload: registrationPayload('affiliate'),
        remoteAddress: '198.51.100.20',
      });
      statuses.push(registered.statusCode);
      expect(statuses).toEqual([201, 201, 201]);
      const refused = await limited.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers,
        payload: reviewPayload({ entity_name: 'Hopper Co 9' }),
        remoteAddress: '198.51.100.30',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: ENTITIES_MESSAGES.registrationLimitAccount });
      const rows = await ldb.select().from(entities).where(eq(entities.name, 'Hopper Co 9'));
      expect(rows).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});
