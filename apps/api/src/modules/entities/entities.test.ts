import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ENTITY_MESSAGES } from '@trustlinks/contract/entities';
import { useTestApp } from '../../../test/helpers';
import {
  authHeader,
  buildEntity,
  buildUser,
  countRows,
  mailsTo,
  readEntity,
  registrationPayload,
  signUpAndLogin,
  useAdminHeader,
} from '../../../test/factories';
import { entities, mailOutbox, users } from '../../db/schema';
import { MESSAGES } from '../../auth/guards';
import { SCRUBBED_BODY } from '../../mail/outbox.repository';
import { createMailTransport } from '../../mail/transport';
import { MailWorker } from '../../mail/worker';
import { ENTITIES_MESSAGES } from './entities.messages';

// Registers far more companies from one address than a person would.
const ctx = useTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '1000' } });
const { db, inject } = ctx;
const admin = useAdminHeader(ctx);

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/entities/register', payload, headers });
const setStatus = (id: string, verification_status: string, headers = admin) =>
  inject({
    method: 'PUT',
    url: `/api/entities/${id}/verification`,
    payload: { verification_status },
    headers,
  });
const entityRow = (id: string) => readEntity(db(), id);
const login = (email: string, password: string) =>
  inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

describe('POST /api/entities/register', () => {
  it.each(['advertiser', 'affiliate', 'network'] as const)('stores a pending %s', async (type) => {
    const payload = registrationPayload(type);
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(ENTITY_MESSAGES.registrationSubmitted);
    const row = await entityRow(res.json().entity.entity_id);
    expect(row).toMatchObject({
      entityType: type,
      verificationStatus: 'pending',
      email: payload.email,
      website: payload.website_url,
      userAccountCreated: false,
      totalReviews: 0,
    });
    expect(row.entityMetadata).toMatchObject(payload.entity_metadata);
  });

  it('requires at least one contact method, with the spec message', async () => {
    for (const contact_info of [{}, { email: 'x@example.com' }, { phone: '  ', skype: '' }]) {
      const res = await register(registrationPayload('affiliate', { contact_info }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { message: string }) => d.message)).toContain(
        ENTITY_MESSAGES.contactMethodRequired,
      );
    }
    for (const method of ['phone', 'teams', 'linkedin', 'telegram', 'address', 'skype']) {
      const res = await register(
        registrationPayload('affiliate', { contact_info: { [method]: 'x1' } }),
      );
      expect(res.statusCode, method).toBe(201);
    }
  });

  it('validates required fields, URL and email formats and the type', async () => {
    const cases: Record<string, unknown>[] = [
      { name: '' },
      { email: 'not-an-email' },
      { website_url: 'notaurl' },
      { website_url: 'javascript:alert(1)' },
      { description: '' },
      { image_url: 'ftp://x' },
      { entity_type: 'admin' },
      { entity_type: undefined },
      { name: 'x'.repeat(201) },
    ];
    const before = await countRows(db(), entities);
    for (const override of cases) {
      const res = await register(registrationPayload('advertiser', override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().error).toMatch(/^Invalid input/);
    }
    const after = await countRows(db(), entities);
    expect(after).toBe(before);
  });

  it('validates type-specific metadata, referral commission as a decimal 0–1', async () => {
    const bad = [
      registrationPayload('advertiser', { entity_metadata: { referral_commission: 10 } }),
      registrationPayload('advertiser', { entity_metadata: { referral_commission: -0.1 } }),
      registrationPayload('advertiser', { entity_metadata: { signup_url: 'nope' } }),
      registrationPayload('advertiser', { entity_metadata: { founded_year: 3000 } }),
      registrationPayload('advertiser', { entity_metadata: { payout_types: ['CPX'] } }),
      registrationPayload('network', { entity_metadata: { minimum_payout: -5 } }),
      registrationPayload('network', { entity_metadata: { offers_available: 1.5 } }),
      registrationPayload('affiliate', { entity_metadata: { verticals: 'Dating' } }),
    ];
    for (const payload of bad) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload.entity_metadata)).toBe(400);
    }
    const ok = await register(
      registrationPayload('network', { entity_metadata: { referral_commission: 0.1 } }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a second pending registration for the same email and type with 409', async () => {
    const payload = registrationPayload('network');
    expect((await register(payload)).statusCode).toBe(201);
    const dup = await register({ ...payload, email: payload.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: ENTITIES_MESSAGES.duplicatePending });
    // Another type with the same email is a different registration.
    expect(
      (await register({ ...registrationPayload('affiliate'), email: payload.email })).statusCode,
    ).toBe(201);
  });

  it('ignores status and counters sent in the body', async () => {
    const res = await register(
      registrationPayload('advertiser', {
        verification_status: 'approved',
        reputation_score: 5,
        total_reviews: 999,
        user_account_created: true,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(await entityRow(res.json().entity.entity_id)).toMatchObject({
      verificationStatus: 'pending',
      totalReviews: 0,
      userAccountCreated: false,
    });
  });
});

describe('public reads', () => {
  it('lists only approved entities, filtered by type, without private fields', async () => {
    const approved = await buildEntity(db(), {
      verificationStatus: 'approved',
      entityType: 'network',
      name: 'Zeta Public Net',
    });
    const pending = await buildEntity(db(), {
      verificationStatus: 'pending',
      entityType: 'network',
    });
    const res = await inject({ method: 'GET', url: '/api/entities/public?entity_type=network' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().entities.map((e: { entity_id: string }) => e.entity_id);
    expect(ids).toContain(approved.id);
    expect(ids).not.toContain(pending.id);
    for (const e of res.json().entities) {
      expect(e.entity_type).toBe('network');
      expect(e).not.toHaveProperty('email');
      expect(e).not.toHaveProperty('contact_info');
      expect(e).not.toHaveProperty('additional_notes');
    }
    const searched = await inject({
      method: 'GET',
      url: '/api/entities/public?search=zeta%20public',
    });
    expect(searched.json().entities.map((e: { name: string }) => e.name)).toEqual([
      'Zeta Public Net',
    ]);
  });

  it('shows one approved entity, hides private metadata, and 404s the rest', async () => {
    const row = await buildEntity(db(), {
      verificationStatus: 'approved',
      entityType: 'affiliate',
      entityMetadata: { verticals: ['Dating'], reference_details: { name: 'Secret Ref' } },
    });
    const res = await inject({ method: 'GET', url: `/api/entities/public/${row.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().entity).toMatchObject({
      entity_id: row.id,
      offer_count: 0,
      reputation_score: 0,
    });
    expect(res.body).not.toContain('Secret Ref');
    const pending = await buildEntity(db());
    for (const id of [
      pending.id,
      '00000000-0000-0000-0000-000000000000',
      'not-a-uuid',
      "1' OR 1=1",
    ]) {
      const r = await inject({
        method: 'GET',
        url: `/api/entities/public/${encodeURIComponent(id)}`,
      });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: 'Entity not found' });
    }
  });

  it('pages entities by type with defaults 1 and 10', async () => {
    for (let i = 0; i < 12; i++)
      await buildEntity(db(), { verificationStatus: 'approved', entityType: 'affiliate' });
    const res = await inject({ method: 'GET', url: '/api/entities/type/affiliate' });
    expect(res.statusCode).toBe(200);
    expect(res.json().entities).toHaveLength(10);
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 10, hasPreviousPage: false });
    expect(res.json().pagination.total).toBeGreaterThanOrEqual(12);
    const page2 = await inject({
      method: 'GET',
      url: '/api/entities/type/affiliate?page=2&limit=10',
    });
    expect(page2.json().pagination.hasPreviousPage).toBe(true);
    expect((await inject({ method: 'GET', url: '/api/entities/type/admin' })).statusCode).toBe(400);
    expect(
      (await inject({ method: 'GET', url: '/api/entities/type/network?limit=1000' })).statusCode,
    ).toBe(400);
    expect(
      (await inject({ method: 'GET', url: '/api/entities/type/network?page=0' })).statusCode,
    ).toBe(400);
  });
});

describe('admin-only routes', () => {
  it('refuses visitors (401) and every non-admin role (403)', async () => {
    const target = await buildEntity(db());
    const routes = [
      { method: 'GET' as const, url: '/api/entities' },
      { method: 'DELETE' as const, url: `/api/entities/${target.id}` },
      {
        method: 'PUT' as const,
        url: `/api/entities/${target.id}/verification`,
        payload: { verification_status: 'approved' },
      },
      { method: 'GET' as const, url: '/api/admin/users' },
      {
        method: 'PUT' as const,
        url: `/api/admin/users/${target.id}/status`,
        payload: { status: 'banned', reason: 'Spam reviews' },
      },
    ];
    for (const route of routes) {
      expect((await inject(route)).statusCode, route.url).toBe(401);
      for (const role of ['user', 'advertiser', 'affiliate', 'network'] as const) {
        const headers = await authHeader(
          db(),
          await buildUser(db(), { role, entityId: role === 'user' ? null : target.id }),
        );
        const res = await inject({ ...route, headers });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ error: MESSAGES.forbidden });
      }
    }
    expect((await entityRow(target.id)).verificationStatus).toBe('pending');
  });

  it('lists all entities for admins, filtered by status', async () => {
    const rejected = await buildEntity(db(), { verificationStatus: 'rejected' });
    const res = await inject({
      method: 'GET',
      url: '/api/entities?verification_status=rejected',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().entities as {
      entity_id: string;
      verification_status: string;
      email: string;
    }[];
    expect(list.some((e) => e.entity_id === rejected.id)).toBe(true);
    expect(list.every((e) => e.verification_status === 'rejected')).toBe(true);
    expect(list[0]).toHaveProperty('email');
    const all = await inject({
      method: 'GET',
      url: '/api/entities?verification_status=all',
      headers: admin,
    });
    expect(all.json().entities.length).toBeGreaterThan(list.length);
    expect(
      (
        await inject({
          method: 'GET',
          url: '/api/entities?verification_status=weird',
          headers: admin,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('verification transitions', () => {
  it('allows exactly the transitions of docs/product/states.md and answers 409 to the rest', async () => {
    const pending1 = await buildEntity(db(), { source: 'review', email: null });
    expect((await setStatus(pending1.id, 'approved')).statusCode).toBe(200);
    expect((await setStatus(pending1.id, 'approved')).statusCode).toBe(409);
    expect((await setStatus(pending1.id, 'pending')).statusCode).toBe(409);
    expect((await setStatus(pending1.id, 'rejected')).statusCode).toBe(200);
    expect((await setStatus(pending1.id, 'rejected')).statusCode).toBe(409);
    const back = await setStatus(pending1.id, 'pending');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ error: ENTITIES_MESSAGES.badTransition('rejected', 'pending') });
    expect((await setStatus(pending1.id, 'approved')).statusCode).toBe(200);

    const pending2 = await buildEntity(db(), { source: 'review', email: null });
    expect((await setStatus(pending2.id, 'rejected')).statusCode).toBe(200);
    expect((await entityRow(pending2.id)).verificationStatus).toBe('rejected');

    expect((await setStatus(pending2.id, 'done')).statusCode).toBe(400);
    expect((await setStatus('00000000-0000-0000-0000-000000000000', 'approved')).statusCode).toBe(
      404,
    );
  });

  it('approval creates one account with a one-time password and one mail, even approved → rejected → approved', async () => {
    const res = await register(registrationPayload('network', { name: 'Priya Shah' }));
    const id = res.json().entity.entity_id as string;
    const email = res.json().entity ? (await entityRow(id)).email! : '';

    const approved = await setStatus(id, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: 'Entity approved successfully!',
      entity: { verification_status: 'approved', user_account_created: true },
    });
    expect((await setStatus(id, 'rejected')).json().message).toBe('Entity rejected successfully!');
    expect((await setStatus(id, 'approved')).statusCode).toBe(200);

    const accounts = await db().select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      role: 'network',
      entityId: id,
      firstName: 'Priya',
      lastName: 'Shah',
      passwordResetRequired: true,
    });
    expect(accounts[0]!.emailVerifiedAt).toBeInstanceOf(Date);
    const expiresIn = accounts[0]!.temporaryPasswordExpiresAt!.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 86400_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86400_000);

    // One account mail; the later decisions come as notifications (docs/decisions/014), the first
    // approval's only in app (its account mail says it).
    const all = await mailsTo(db(), email);
    expect(all.filter((m) => m.template === 'notification').map((m) => m.subject)).toEqual([
      'Priya Shah was approved on TrustLinks',
      'Priya Shah was rejected on TrustLinks',
    ]);
    // Besides the notifications and the registration's acknowledgement (docs/decisions/027): one account mail.
    const mails = all.filter(
      (m) => m.template !== 'notification' && m.template !== 'registration_received',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('entity_account_created');
    const password = /Temporary password: (\S+)/.exec(mails[0]!.textBody)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(12);

    const loggedIn = await login(email, password);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toMatchObject({
      password_reset_required: true,
      user: { role: 'network', entity_id: id },
    });
  });

  it('rejection takes the role away and re-approval gives it back', async () => {
    const entity = await buildEntity(db(), {
      entityType: 'affiliate',
      userAccountCreated: true,
      verificationStatus: 'approved',
    });
    const user = await buildUser(db(), { role: 'affiliate', entityId: entity.id });
    await setStatus(entity.id, 'rejected');
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.role).toBe('user');
    await setStatus(entity.id, 'approved');
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0]!.role).toBe(
      'affiliate',
    );
    // Only the decisions, as notifications (docs/decisions/014).
    expect((await mailsTo(db(), user.email)).map((m) => m.template)).toEqual([
      'notification',
      'notification',
    ]);
  });

  it('links an existing account with the same email instead of creating one, and mails a notice', async () => {
    const person = await signUpAndLogin(ctx.app, db());
    const res = await register(registrationPayload('advertiser', { email: person.email }));
    const id = res.json().entity.entity_id as string;
    expect((await setStatus(id, 'approved')).json().entity.user_account_created).toBe(true);
    const rows = await db().select().from(users).where(eq(users.email, person.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      role: 'advertiser',
      entityId: id,
      passwordResetRequired: false,
    });
    expect((await mailsTo(db(), person.email)).map((m) => m.template)).toContain('entity_linked');
    // Their existing session now acts for the entity.
    const mine = await inject({
      method: 'GET',
      url: `/api/entities/${id}`,
      headers: person.headers,
    });
    expect(mine.statusCode).toBe(200);
  });

  it('refuses (409) to link an account that already speaks for another entity', async () => {
    const other = await buildEntity(db(), { verificationStatus: 'approved' });
    const owner = await buildUser(db(), { role: 'advertiser', entityId: other.id });
    const res = await register(registrationPayload('network', { email: owner.email }));
    const id = res.json().entity.entity_id as string;
    const approve = await setStatus(id, 'approved');
    expect(approve.statusCode).toBe(409);
    expect((await entityRow(id)).verificationStatus).toBe('pending');
  });

  it('rolls the whole approval back when the mail cannot be queued', async () => {
    const res = await register(registrationPayload('affiliate'));
    const id = res.json().entity.entity_id as string;
    const email = (await entityRow(id)).email!;
    await db().execute(sql`
      CREATE FUNCTION refuse_mail() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$ LANGUAGE plpgsql`);
    await db().execute(sql`
      CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox
      FOR EACH ROW EXECUTE FUNCTION refuse_mail()`);
    try {
      const approve = await setStatus(id, 'approved');
      expect(approve.statusCode).toBe(500);
      expect(approve.json().error).toBeTruthy();
    } finally {
      await db().execute(sql`DROP TRIGGER refuse_mail ON mail_outbox`);
      await db().execute(sql`DROP FUNCTION refuse_mail()`);
    }
    expect(await entityRow(id)).toMatchObject({
      verificationStatus: 'pending',
      userAccountCreated: false,
    });
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // And it works once the fault is gone.
    expect((await setStatus(id, 'approved')).statusCode).toBe(200);
  });

  it('removes the one-time password from the stored mail once it is delivered', async () => {
    const res = await register(registrationPayload('advertiser'));
    const id = res.json().entity.entity_id as string;
    await setStatus(id, 'approved');
    const email = (await entityRow(id)).email!;
    const printed: string[] = [];
    const worker = new MailWorker({
      db: db(),
      transport: createMailTransport(undefined, (l) => printed.push(l)),
      from: 'x@trustlinks.local',
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    await worker.drain();
    expect(printed.join('\n')).toMatch(/Temporary password: \S+/);
    const [stored] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'entity_account_created')),
      );
    expect(stored!.status).toBe('sent');
    expect(stored!.textBody).toBe(SCRUBBED_BODY);
    expect(stored!.htmlBody).toBe(SCRUBBED_BODY);
  });
});

describe('owner access', () => {
  it("lets an entity's users read and update it, but not others'", async () => {
    const mine = await buildEntity(db(), {
      verificationStatus: 'approved',
      entityType: 'advertiser',
    });
    const theirs = await buildEntity(db(), { verificationStatus: 'approved' });
    const owner = await authHeader(
      db(),
      await buildUser(db(), { role: 'advertiser', entityId: mine.id }),
    );
    expect(
      (await inject({ method: 'GET', url: `/api/entities/${mine.id}`, headers: owner })).statusCode,
    ).toBe(200);
    const other = await inject({
      method: 'GET',
      url: `/api/entities/${theirs.id}`,
      headers: owner,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: ENTITIES_MESSAGES.notOwner });
    const put = await inject({
      method: 'PUT',
      url: `/api/entities/${theirs.id}`,
      headers: owner,
      payload: { description: 'hijack' },
    });
    expect(put.statusCode).toBe(403);
    expect((await entityRow(theirs.id)).description).toBe('Test entity');
    expect((await inject({ method: 'GET', url: `/api/entities/${mine.id}` })).statusCode).toBe(401);
    const plain = await authHeader(db(), await buildUser(db()));
    expect(
      (await inject({ method: 'GET', url: `/api/entities/${mine.id}`, headers: plain })).statusCode,
    ).toBe(403);
  });

  it('an owner updates fields and metadata but cannot touch status, type or counters', async () => {
    // Owner rights exist only while the entity is approved (docs/decisions/011; was 'pending' here).
    const mine = await buildEntity(db(), { verificationStatus: 'approved', entityType: 'network' });
    const owner = await authHeader(
      db(),
      await buildUser(db(), { role: 'network', entityId: mine.id }),
    );
    const ok = await inject({
      method: 'PUT',
      url: `/api/entities/${mine.id}`,
      headers: owner,
      payload: {
        description: 'Updated description',
        entity_metadata: { minimum_payout: 50, supported_models: ['CPA'] },
        contact_info: { skype: 'live:me' },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().entity).toMatchObject({
      description: 'Updated description',
      entity_metadata: { minimum_payout: 50, supported_models: ['CPA'] },
      contact_info: { skype: 'live:me' },
    });
    for (const escalate of [
      { verification_status: 'approved' },
      { entity_type: 'advertiser' },
      { reputation_score: 5 },
      { total_reviews: 100 },
      { user_account_created: true },
    ]) {
      const res = await inject({
        method: 'PUT',
        url: `/api/entities/${mine.id}`,
        headers: owner,
        payload: escalate,
      });
      expect(res.statusCode, JSON.stringify(escalate)).toBe(403);
      expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.protectedFields });
    }
    expect(await entityRow(mine.id)).toMatchObject({
      verificationStatus: 'approved',
      entityType: 'network',
      totalReviews: 0,
    });
    const badMeta = await inject({
      method: 'PUT',
      url: `/api/entities/${mine.id}`,
      headers: owner,
      payload: { entity_metadata: { referral_commission: 3 } },
    });
    expect(badMeta.statusCode).toBe(400);
    const noContact = await inject({
      method: 'PUT',
      url: `/api/entities/${mine.id}`,
      headers: owner,
      payload: { contact_info: {} },
    });
    expect(noContact.statusCode).toBe(400);
  });
});

describe('DELETE /api/entities/:id', () => {
  it('deletes the entity and returns its users to the plain role', async () => {
    const entity = await buildEntity(db(), {
      verificationStatus: 'rejected',
      entityType: 'network',
    });
    const user = await buildUser(db(), { role: 'network', entityId: entity.id });
    const res = await inject({
      method: 'DELETE',
      url: `/api/entities/${entity.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Entity deleted successfully!' });
    expect(await db().select().from(entities).where(eq(entities.id, entity.id))).toHaveLength(0);
    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ role: 'user', entityId: null });
    expect(
      (await inject({ method: 'DELETE', url: `/api/entities/${entity.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });
});
