// Look-alike company names (docs/decisions/011-entity-rights-and-moderation.md): one normal form
// (entityNameKey) decides when two names are the same company, everywhere names are compared.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers';
import {
  buildEntity,
  buildEntityAccount,
  buildSignedInUser,
  countRows,
  readEntity,
  registrationPayload,
  reviewPayload,
  useAdminHeader,
} from '../../../test/factories';
import { entities, entityChanges } from '../../db/schema';
import { ENTITIES_MESSAGES } from './entities.messages';
import { backfillEntityNameKeys } from './entities.service';
import { entityNameKey } from './entity-name';

const ctx = useTestApp({ config: { ENTITY_REGISTRATION_LIMIT_PER_HOUR: '1000' } });
const { db, inject } = ctx;
const admin = useAdminHeader(ctx);
const register = (name: string) =>
  inject({
    method: 'POST',
    url: '/api/entities/register',
    payload: registrationPayload('advertiser', { name }),
  });

/** Each way the look-alikes of "<base>" were written, beside the real one. */
const lookAlikes = (base: string) => [
  `${base}.`, // trailing punctuation
  base.replace('i', '\u0456'), // Cyrillic і
  base.replace(' ', '  '), // double space
  `${base}™`,
  base.toUpperCase(),
  base.replace('a', '\u0430'), // Cyrillic а
  `\uFF36${base.slice(1)}`, // full-width first letter
  base.replace(' ', '\u200B '), // zero-width space
  base.replace('l', '1'),
];

describe('entityNameKey', () => {
  it('gives every look-alike the same key and keeps different names apart', () => {
    const base = 'Vitality Partners';
    for (const name of lookAlikes(base)) {
      expect(entityNameKey(name), JSON.stringify(name)).toBe(entityNameKey(base));
    }
    expect(entityNameKey('Société Générale')).toBe(entityNameKey('Societe Generale'));
    for (const other of ['Vitality Partner', 'Vitality Group', 'Totality Partners']) {
      expect(entityNameKey(other)).not.toBe(entityNameKey(base));
    }
    // A name of punctuation only keeps its own text.
    expect(entityNameKey('!!!')).not.toBe(entityNameKey('???'));
  });
});

describe('a registration or rename that looks like an approved company is 409', () => {
  it('refuses each look-alike registration, naming the existing company; nothing stored', async () => {
    const real = await buildEntity(db(), {
      verificationStatus: 'approved',
      name: 'Vitality Partners',
    });
    const before = await countRows(db(), entities);
    for (const name of lookAlikes(real.name)) {
      const res = await register(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(409);
      expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.nameTaken('Vitality Partners') });
    }
    expect(await countRows(db(), entities)).toBe(before);
    // A different name still registers.
    expect((await register('Vitality Partners Europe')).statusCode).toBe(201);
  });

  it('refuses approving a pending look-alike registered before the approved one', async () => {
    const pending = await buildEntity(db(), { name: 'Northstar Leads.' });
    await buildEntity(db(), { verificationStatus: 'approved', name: 'Northstar Leads' });
    const res = await inject({
      method: 'PUT',
      url: `/api/entities/${pending.id}/verification`,
      payload: { verification_status: 'approved' },
      headers: admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.nameTaken('Northstar Leads') });
    expect((await readEntity(db(), pending.id)).verificationStatus).toBe('pending');
  });

  it("refuses an owner's and an admin's rename to a look-alike (nothing waits)", async () => {
    await buildEntity(db(), { verificationStatus: 'approved', name: 'Bluewave Media' });
    const { entity, headers } = await buildEntityAccount(db(), 'network', {
      name: 'Other Wave Co',
    });
    for (const who of [headers, admin]) {
      const res = await inject({
        method: 'PUT',
        url: `/api/entities/${entity.id}`,
        payload: { name: 'Bluewave  Medіa™' },
        headers: who,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.nameTaken('Bluewave Media') });
    }
    expect((await readEntity(db(), entity.id)).name).toBe('Other Wave Co');
    expect(
      await db().select().from(entityChanges).where(eq(entityChanges.entityId, entity.id)),
    ).toHaveLength(0);
  });

  it('a review naming a look-alike attaches to the approved company, creating none', async () => {
    const real = await buildEntity(db(), {
      verificationStatus: 'approved',
      name: 'Crimson Affiliates',
    });
    const { headers } = await buildSignedInUser(db());
    const before = await countRows(db(), entities);
    const res = await inject({
      method: 'POST',
      url: '/api/reviews',
      headers,
      payload: reviewPayload({ entity_name: 'Crіmson  Affiliates.' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().review.entity_id).toBe(real.id);
    expect(await countRows(db(), entities)).toBe(before);
  });

  it('rows stored before the normal form get it at start and are compared too', async () => {
    const old = await buildEntity(db(), {
      verificationStatus: 'approved',
      name: 'Old Harbor Traffic',
      nameKey: null,
    });
    const others = [];
    for (const name of ['Old Pier Ads', 'Old Quay Leads']) {
      others.push(await buildEntity(db(), { name, nameKey: null }));
    }
    // In batches (2 here): every row gets its key, rows that have one are left alone.
    expect(await backfillEntityNameKeys(db(), 2)).toBeGreaterThanOrEqual(3);
    expect(await backfillEntityNameKeys(db(), 2)).toBe(0);
    expect((await readEntity(db(), old.id)).nameKey).toBe(entityNameKey('Old Harbor Traffic'));
    for (const o of others) {
      expect((await readEntity(db(), o.id)).nameKey).toBe(entityNameKey(o.name));
    }
    const res = await register('0ld Harbor Traffic');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ENTITIES_MESSAGES.nameTaken('Old Harbor Traffic') });
  });
});
