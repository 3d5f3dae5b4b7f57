// The sign-up URL 'Join' redirects to (docs/decisions/025-marketplace-loop-safety.md, 011): the
// public-web rule of landing pages at registration, edit and redirect time, and an owner's change
// of it held for an admin like a rename.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES } from '@trustlinks/contract/contact';
import { isPublicWebUrl, publicUrlMessage } from '@trustlinks/contract/public-url';
import { useTestApp } from '../../../test/helpers';
import {
  buildEntity,
  buildEntityAccount,
  countRows,
  readEntity,
  registrationPayload,
  useAdminHeader,
} from '../../../test/factories';
import { entities, entityChanges } from '../../db/schema';
import { ENTITIES_MESSAGES } from './entities.messages';

const ctx = useTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '1000' } });
const { db, inject } = ctx;
const admin = useAdminHeader(ctx);
const join = (id: string) => inject({ method: 'GET', url: `/api/entities/${id}/join` });
const put = (id: string, payload: Record<string, unknown>, headers: Record<string, string>) =>
  inject({ method: 'PUT', url: `/api/entities/${id}`, payload, headers });
const decide = (id: string, decision: 'accept' | 'reject') =>
  inject({
    method: 'PUT',
    url: `/api/entities/${id}/pending-change`,
    payload: { decision },
    headers: admin,
  });

/** Private addresses, including IPv6 forms that carry a private IPv4. */
const PRIVATE = [
  'http://169.254.169.254/latest/meta-data/',
  'http://localhost:8080/admin',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/', // IPv4-mapped
  'http://[::ffff:0:a9fe:a9fe]/', // SIIT / IPv4-translated 169.254.169.254
  'http://[2002:a9fe:a9fe::1]/', // 6to4 of 169.254.169.254
  'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
  'http://[2002:0a00:0001::1]/', // 6to4 of 10.0.0.1
  'http://[64:ff9b::a9fe:a9fe]/', // NAT64 of 169.254.169.254
  'http://[64:ff9b:1::5db8:d70e]/', // local-use NAT64: a network's own relay
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', // Teredo
];
/** Public addresses, including the same IPv6 forms around a public IPv4 (93.184.215.14). */
const PUBLIC = [
  'https://partners.example.com/join',
  'http://[2002:5db8:d70e::1]/',
  'http://[::ffff:0:5db8:d70e]/',
  'http://[::ffff:93.184.215.14]/',
  'http://[64:ff9b::5db8:d70e]/',
];

const networkPayload = (signup_url: string) => {
  const payload = registrationPayload('network');
  return { ...payload, entity_metadata: { ...payload.entity_metadata, signup_url } };
};

describe('the sign-up URL is on the public web (one rule with landing pages)', () => {
  it('the rule refuses IPv6 forms that embed a private IPv4 and keeps public ones', () => {
    for (const url of PRIVATE) expect(isPublicWebUrl(url), url).toBe(false);
    for (const url of PUBLIC) expect(isPublicWebUrl(url), url).toBe(true);
  });

  it('refuses a private sign-up URL at registration (400 naming the field), nothing stored', async () => {
    const before = await countRows(db(), entities);
    for (const url of PRIVATE) {
      for (const type of ['network', 'advertiser'] as const) {
        const payload = registrationPayload(type);
        const res = await inject({
          method: 'POST',
          url: '/api/entities/register',
          payload: { ...payload, entity_metadata: { ...payload.entity_metadata, signup_url: url } },
        });
        expect(res.statusCode, `${type} ${url}`).toBe(400);
        expect(res.json().details[0]).toEqual({
          path: 'entity_metadata.signup_url',
          message: publicUrlMessage('Signup URL'),
        });
      }
    }
    expect(await countRows(db(), entities)).toBe(before);
    const ok = await inject({
      method: 'POST',
      url: '/api/entities/register',
      payload: networkPayload('http://[2002:5db8:d70e::1]/join'),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a private sign-up URL in an edit, by the owner and by an admin', async () => {
    const approved = 'https://approved.example.com/join';
    const { entity, headers } = await buildEntityAccount(db(), 'network', {
      entityMetadata: { network_name: 'Edge', signup_url: approved },
    });
    for (const url of PRIVATE) {
      for (const who of [headers, admin]) {
        const res = await put(entity.id, { entity_metadata: { signup_url: url } }, who);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toContain(publicUrlMessage('Signup URL'));
      }
    }
    expect((await readEntity(db(), entity.id)).entityMetadata).toMatchObject({
      signup_url: approved,
    });
    expect(
      await db().select().from(entityChanges).where(eq(entityChanges.entityId, entity.id)),
    ).toHaveLength(0);
  });

  it('never redirects to a private address already stored (404, not counted)', async () => {
    for (const url of PRIVATE) {
      const entity = await buildEntity(db(), {
        verificationStatus: 'approved',
        entityType: 'network',
        entityMetadata: { signup_url: url },
      });
      const res = await join(entity.id);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().error).toBe(CONTACT_MESSAGES.noSignupPage);
      expect((await readEntity(db(), entity.id)).joinClickCount).toBe(0);
    }
  });
});

describe("an owner's change of the sign-up URL waits for an admin", () => {
  const approved = 'https://vitality.example.com/affiliates';
  const wanted = 'https://signup.vitality-partners.example.net/register';

  async function ownerWithSignup() {
    return buildEntityAccount(db(), 'advertiser', {
      entityMetadata: { program_name: 'Vitality', signup_url: approved },
    });
  }

  it("holds the new URL: 'Join' and the public page keep the approved one; the rest applies", async () => {
    const { entity, headers } = await ownerWithSignup();
    const res = await put(
      entity.id,
      { entity_metadata: { program_name: 'Vitality Plus', signup_url: wanted } },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ENTITIES_MESSAGES.updatedPendingReview);
    expect(res.json().entity.pending_change).toMatchObject({
      name: null,
      website: null,
      email: null,
      signup_url: wanted,
    });
    // Other metadata changes at once; the sign-up URL does not.
    expect(res.json().entity.entity_metadata).toMatchObject({
      program_name: 'Vitality Plus',
      signup_url: approved,
    });
    const pub = await inject({ method: 'GET', url: `/api/entities/public/${entity.id}` });
    expect(JSON.stringify(pub.json())).not.toContain(wanted);
    expect((await join(entity.id)).headers.location).toBe(approved);
    // The admins' list shows it.
    const list = await inject({
      method: 'GET',
      url: '/api/entities?verification_status=approved&limit=500',
      headers: admin,
    });
    const listed = list
      .json()
      .entities.find((e: { entity_id: string }) => e.entity_id === entity.id);
    expect(listed.pending_change.signup_url).toBe(wanted);
  });

  it('accepting sends Join to the new URL; rejecting keeps the approved one', async () => {
    const a = await ownerWithSignup();
    await put(a.entity.id, { entity_metadata: { signup_url: wanted } }, a.headers);
    const accepted = await decide(a.entity.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().entity.pending_change).toBeNull();
    expect(accepted.json().entity.entity_metadata).toMatchObject({
      program_name: null,
      signup_url: wanted,
    });
    expect((await join(a.entity.id)).headers.location).toBe(wanted);

    const b = await ownerWithSignup();
    await put(b.entity.id, { entity_metadata: { signup_url: wanted } }, b.headers);
    expect((await decide(b.entity.id, 'reject')).statusCode).toBe(200);
    expect((await join(b.entity.id)).headers.location).toBe(approved);
    expect((await readEntity(db(), b.entity.id)).entityMetadata).toMatchObject({
      signup_url: approved,
    });
  });

  it('asking for the approved URL again, or removing it, takes the waiting change back', async () => {
    const { entity, headers } = await ownerWithSignup();
    await put(entity.id, { entity_metadata: { signup_url: wanted } }, headers);
    const back = await put(entity.id, { entity_metadata: { signup_url: approved } }, headers);
    expect(back.json().entity.pending_change).toBeNull();
    await put(entity.id, { entity_metadata: { signup_url: wanted } }, headers);
    // Removing it needs no admin: 'Join' then opens the contact form.
    const removed = await put(entity.id, { entity_metadata: { signup_url: null } }, headers);
    expect(removed.json().message).toBe(ENTITIES_MESSAGES.updated);
    expect(removed.json().entity.pending_change).toBeNull();
    expect(removed.json().entity.entity_metadata.signup_url).toBeNull();
    expect((await join(entity.id)).statusCode).toBe(404);
  });

  it('an admin changes it directly; an owner cannot decide their own change', async () => {
    const { entity, headers } = await ownerWithSignup();
    const direct = await put(entity.id, { entity_metadata: { signup_url: wanted } }, admin);
    expect(direct.json().entity.pending_change).toBeNull();
    expect((await join(entity.id)).headers.location).toBe(wanted);
    await put(entity.id, { entity_metadata: { signup_url: approved } }, headers);
    const own = await inject({
      method: 'PUT',
      url: `/api/entities/${entity.id}/pending-change`,
      payload: { decision: 'accept' },
      headers,
    });
    expect(own.statusCode).toBe(403);
    expect((await join(entity.id)).headers.location).toBe(wanted);
  });
});
