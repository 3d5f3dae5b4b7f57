import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WARNING_MESSAGES } from '@trustlinks/contract/warnings';
import { useTestApp } from '../../../test/helpers';
import {
  authHeader,
  buildEntity,
  buildEntityAccount,
  buildUser,
  countRows,
} from '../../../test/factories';
import { entityWarnings, entityWarningEvents } from '../../db/schema';

const ctx = useTestApp();
const { db, inject } = ctx;
let admin: { authorization: string };
let adminEmail: string;
beforeAll(async () => {
  const user = await buildUser(ctx.database.db, { role: 'admin' });
  adminEmail = user.email;
  admin = await authHeader(ctx.database.db, user);
});
type Headers = Record<string, string>;

const place = (entityId: string, headers: Headers, payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: `/api/admin/entities/${entityId}/warnings`, headers, payload });
const lift = (id: string, headers: Headers, note?: string) =>
  inject({ method: 'POST', url: `/api/admin/warnings/${id}/lift`, headers, payload: { note } });
const publicEntity = async (id: string) =>
  (await inject({ method: 'GET', url: `/api/entities/public/${id}` })).json().entity;
const warning = {
  kind: 'non_payment',
  public_text: 'Several affiliates report unpaid commissions since March 2026.',
  warning_date: '2026-03-15',
};

describe('public warnings', () => {
  it('an admin places a warning: it shows on the entity until lifted, every change audited', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    expect((await publicEntity(entity.id)).public_warnings).toEqual([]);

    const res = await place(entity.id, admin, warning);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: WARNING_MESSAGES.placed,
      warning: { ...warning, placed_by: adminEmail, lifted_at: null },
    });
    const id = res.json().warning.warning_id as string;
    expect((await publicEntity(entity.id)).public_warnings).toEqual([
      { warning_id: id, ...warning },
    ]);

    const lifted = await lift(id, admin, 'The company paid every open invoice.');
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().warning.lifted_by).toBe(adminEmail);
    expect((await publicEntity(entity.id)).public_warnings).toEqual([]);
    const again = await lift(id, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: WARNING_MESSAGES.alreadyLifted });

    const list = await inject({
      method: 'GET',
      url: `/api/admin/entities/${entity.id}/warnings`,
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().warnings).toHaveLength(1);
    expect(
      list
        .json()
        .audit.map((e: { action: string; note: string | null; actor: string }) => [
          e.action,
          e.note,
          e.actor,
        ]),
    ).toEqual([
      ['lifted', 'The company paid every open invoice.', adminEmail],
      ['placed', null, adminEmail],
    ]);
  });

  it('is for admins only: visitors 401, every other role (the entity’s own users too) 403', async () => {
    const owner = await buildEntityAccount(db(), 'network');
    const user = await authHeader(db(), await buildUser(db()));
    for (const [headers, status] of [
      [{}, 401],
      [user, 403],
      [owner.headers, 403],
    ] as const) {
      expect((await place(owner.entity.id, headers, warning)).statusCode).toBe(status);
      const get = await inject({
        method: 'GET',
        url: `/api/admin/entities/${owner.entity.id}/warnings`,
        headers,
      });
      expect(get.statusCode).toBe(status);
    }
    const placed = await place(owner.entity.id, admin, warning);
    expect((await lift(placed.json().warning.warning_id, owner.headers)).statusCode).toBe(403);
    expect((await publicEntity(owner.entity.id)).public_warnings).toHaveLength(1);
  });

  it('refuses bad input with a human message and writes nothing', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...warning, kind: 'bad_vibes' }, WARNING_MESSAGES.kindRequired],
      [{ ...warning, public_text: 'short' }, WARNING_MESSAGES.textRequired],
      [{ ...warning, public_text: 'x'.repeat(1001) }, WARNING_MESSAGES.textTooLong],
      [{ ...warning, warning_date: '15/03/2026' }, WARNING_MESSAGES.dateInvalid],
      [{ ...warning, warning_date: '2026-02-30' }, WARNING_MESSAGES.dateInvalid],
      [{ ...warning, warning_date: '2999-01-01' }, WARNING_MESSAGES.dateInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await place(entity.id, admin, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().details[0].message).toBe(message);
    }
    expect(await countRows(db(), entityWarnings, eq(entityWarnings.entityId, entity.id))).toBe(0);
    expect(
      await countRows(db(), entityWarningEvents, eq(entityWarningEvents.entityId, entity.id)),
    ).toBe(0);
    expect((await place('00000000-0000-4000-8000-000000000000', admin, warning)).statusCode).toBe(
      404,
    );
    expect((await place('nope', admin, warning)).statusCode).toBe(404);
    expect((await lift('00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });
});
