import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRoute, type HttpMethod } from '@trustlinks/contract/route';
import { buildTestApp, createTestDatabase, testRoute, type TestContext } from '../../test/helpers';
import {
  adminHeader,
  buildEntityAccount,
  buildReview,
  buildSignedInUser,
  offerPayload,
  registrationPayload,
} from '../../test/factories';
import { isWriteMethod } from '../db/read-routing';
import { ALL, READ_CACHE_SCOPES } from './read-cache';
import type * as ReadCacheModule from './read-cache';

const probe = (method: HttpMethod, path: `/${string}`) =>
  defineRoute({ method, path, auth: 'public', tag: 'test', summary: 'A probe', responses: {} });

// Every route the real app registers, as its onRoute hooks see it: registerReadCache runs before
// any route is added, so a hook added beside it sees them all (docs/decisions/029).
const seen = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('./read-cache', async (importOriginal) => {
  const real = await importOriginal<typeof ReadCacheModule>();
  return {
    ...real,
    registerReadCache: async (app: FastifyInstance, ...rest: unknown[]) => {
      app.addHook('onRoute', (route) => void seen.push(route));
      return (real.registerReadCache as (...args: unknown[]) => Promise<void>)(app, ...rest);
    },
  };
});

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map(String);

describe('a write declares the read-cache scopes it changes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ config: { READ_CACHE_MS: '60000' } });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.database.db;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('every write route of the app names its scopes, each a known one, none of them everything', () => {
    const writes = seen.filter((route) => methodsOf(route).some(isWriteMethod));
    // The walk saw the app's writes (login, offers, reviews, admin…), not an empty list.
    expect(writes.length).toBeGreaterThan(60);
    const label = (route: RouteOptions) => `${methodsOf(route).join(',')} ${route.url}`;
    expect(
      writes.filter((route) => !Array.isArray(route.config?.clearsReadCache)).map(label),
    ).toEqual([]);
    const known = new Set<string>(Object.values(READ_CACHE_SCOPES).flat());
    expect(
      writes.flatMap((route) =>
        (route.config?.clearsReadCache ?? [])
          .filter((scope) => !known.has(scope))
          .map((scope) => `${label(route)}: ${scope}`),
      ),
    ).toEqual([]);
    // Emptying every cached read is for a write that really changes them all; none does today.
    // One that does is listed here with the reason beside its READ_CACHE_SCOPES.everything.
    expect(
      writes.filter((route) => route.config?.clearsReadCache?.includes(ALL)).map(label),
    ).toEqual([]);
  });

  it('start-up refuses a write route that names no scopes, naming the route', async () => {
    for (const add of [
      (app: FastifyInstance) =>
        app.post('/api/_test/undeclared', { config: { auth: 'public' } }, async () => ({})),
      // Outside /api too: the cache empties after any successful write (isSuccessfulWrite).
      (app: FastifyInstance) => app.delete('/_test/elsewhere', async () => ({})),
      (app: FastifyInstance) =>
        app.route({
          method: ['GET', 'PATCH'],
          url: '/api/_test/both',
          config: { auth: 'public' },
          handler: async () => ({}),
        }),
    ]) {
      const database = await createTestDatabase();
      let built: FastifyInstance | undefined;
      try {
        await expect(
          buildTestApp({
            database,
            extend: (app) => {
              built = app;
              add(app);
            },
          }),
        ).rejects.toThrow(
          /^Route \S*(POST|DELETE|PATCH)\S* \S+ must declare config\.clearsReadCache/,
        );
      } finally {
        await built?.close();
        await database.close();
      }
    }
    // A read needs none, and `[]` is a declaration (a write no cached read shows).
    const database = await createTestDatabase();
    const ok = await buildTestApp({
      database,
      routes: [
        testRoute(probe('GET', '/_test/read'), {}, async () => ({})),
        testRoute(probe('POST', '/_test/none'), { clearsReadCache: [] }, async () => ({})),
      ],
    });
    await ok.close();
  });

  // Routes that emptied everything by default before (no declaration) still empty what they change.
  it('a public warning shows at once on the cached entity page and the explorer', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload({ title: 'Warned Owner Probe' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = `/api/entities/public/${owner.entity.id}`;
    const explorer = '/api/offers/fetch_all?title=warned%20owner';
    await get(page);
    await get(explorer);
    expect((await get(page)).headers['x-cache']).toBe('hit');
    expect((await get(explorer)).json().offers[0].entity_trust.warned).toBe(false);

    const placed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/entities/${owner.entity.id}/warnings`,
      headers: await adminHeader(db()),
      payload: {
        kind: 'non_payment',
        public_text: 'Several affiliates report unpaid commissions since March 2026.',
        warning_date: '2026-03-15',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await get(page)).json().entity.public_warnings).toHaveLength(1);
    expect((await get(explorer)).json().offers[0].entity_trust.warned).toBe(true);
  });

  it('an admin edit of an entity and a deleted offer show at once', async () => {
    const owner = await buildEntityAccount(db(), 'network');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload({ title: 'Doomed Listing Probe' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = `/api/entities/public/${owner.entity.id}`;
    const explorer = '/api/offers/fetch_all?title=doomed%20listing';
    await get(page);
    expect((await get(explorer)).json().offers).toHaveLength(1);

    const admin = await adminHeader(db());
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/entities/${owner.entity.id}`,
      headers: admin,
      payload: { description: 'Edited by an admin, shown at once.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(page)).json().entity.description).toBe('Edited by an admin, shown at once.');

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/offers/${created.json().offer.offer_id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(explorer)).json().offers).toEqual([]);
  });

  it("a reviewer's new name shows at once on the entity's cached review page", async () => {
    const entity = (await buildEntityAccount(db(), 'advertiser')).entity;
    const author = await buildSignedInUser(db(), { firstName: 'Old', lastName: 'Name' });
    await buildReview(db(), { entityId: entity.id, reviewerUserId: author.user.id });
    const reviews = `/api/reviews/entity/${entity.id}`;
    expect((await get(reviews)).body).toContain('Old Name');
    expect((await get(reviews)).headers['x-cache']).toBe('hit');

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${author.user.id}`,
      headers: author.headers,
      payload: { first_name: 'New', last_name: 'Name' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get(reviews);
    expect(after.body).toContain('New Name');
    expect(after.body).not.toContain('Old Name');
  });

  it("an imported company shows at once in the signed-in company list and the landing's", async () => {
    const reader = await buildSignedInUser(db());
    const list = '/api/affiliate-companies/fetch?search=Quayside';
    expect((await get(list, reader.headers)).json().data).toEqual([]);
    await get('/api/landing');

    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/affiliate-companies/import',
      headers: await adminHeader(db()),
      payload: {
        csv: 'company_name,website,entity_type,full_name,first_name,last_name,designation,email,phone\nAaa Quayside Media,https://quayside.example,Network,Ann Lee,,,Partner Manager,ann@quayside.example,\n',
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(
      (await get(list, reader.headers))
        .json()
        .data.map((c: { company_name: string }) => c.company_name),
    ).toEqual(['Aaa Quayside Media']);
    const landing = (await get('/api/landing')).json();
    expect(landing.companies.map((c: { company_name: string }) => c.company_name)).toContain(
      'Aaa Quayside Media',
    );
  });

  it("a visitor's write that no cached read shows keeps every kept answer", async () => {
    const owner = await buildEntityAccount(db(), 'network');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner.headers,
      payload: offerPayload({ title: 'Steady Probe' }),
    });
    const explorer = '/api/offers/fetch_all?title=steady';
    const page = `/api/entities/public/${owner.entity.id}`;
    await get(explorer);
    await get(page);
    await get('/api/landing');

    // A company waiting for an admin, a conversion (refused or not), a form posted to a page:
    // none shows anywhere cached, so none empties the cache (before, each emptied all of it).
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/entities/register',
      payload: registrationPayload('affiliate', { name: 'Quiet Newcomer Media' }),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const posted = await ctx.app.inject({ method: 'POST', url: '/some/page', payload: 'a=1' });
    expect(posted.statusCode).toBe(303);

    for (const url of [explorer, page, '/api/landing']) {
      expect((await get(url)).headers['x-cache'], url).toBe('hit');
    }
  });
});
