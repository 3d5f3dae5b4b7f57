import { describe, expect, it } from 'vitest';
import { routeKey, routePath } from '@trustlinks/contract/route';
import { ALL_ROUTES } from '@trustlinks/contract/routes/index';
import * as savedSearches from '@trustlinks/contract/routes/saved-searches';
import { buildTestApp, useTestApp } from '../../test/helpers';
import { buildSignedInUser } from '../../test/factories';
import { inject } from '../../test/inject';
import { addRoute } from './route-table';

const ctx = useTestApp();

/** Routes that answer with a redirect (no body to describe). */
const REDIRECTS = new Set(['GET /entities/:id/join']);

/** A path with each parameter filled with a value no row has. */
const samplePath = (path: `/${string}`) =>
  routePath({ path }, new Proxy({}, { get: () => '00000000-0000-0000-0000-000000000000' }));

describe('the route table (docs/decisions/046-route-table.md)', () => {
  it('serves every route of the table, each with the auth rule the table states', async () => {
    expect(ALL_ROUTES.length).toBeGreaterThan(0);
    for (const route of ALL_ROUTES) {
      const success = Object.keys(route.responses).filter((code) => /^2\d\d$/.test(code));
      expect(success.length, `${routeKey(route)} declares its success answer`).toBe(
        REDIRECTS.has(routeKey(route)) ? 0 : 1,
      );
      const url = `/api${samplePath(route.path)}`;
      expect(ctx.app.hasRoute({ method: route.method, url: `/api${route.path}` }), url).toBe(true);
      if (route.auth === 'public') continue;
      const res = await ctx.app.inject({ method: route.method, url });
      expect(res.statusCode, `${routeKey(route)} without a session`).toBe(401);
    }
  });

  it('puts every route in the OpenAPI document with its summary', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const route of ALL_ROUTES) {
      const path = `/api${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation?.summary, routeKey(route)).toBe(route.summary);
    }
  });

  it('refuses to start with an /api route registered by hand, even one that states its auth', async () => {
    let thrown: unknown;
    const { close } = await buildTestApp({
      extend: (app) => {
        try {
          app.get('/api/_test/by-hand', { config: { auth: 'public' } }, async () => ({}));
        } catch (err) {
          thrown = err;
        }
      },
    });
    await close();
    expect(String(thrown)).toMatch(/GET \/api\/_test\/by-hand is not in the route table/);
  });

  it('refuses to start with a table route registered under another path', async () => {
    let thrown: unknown;
    const { close } = await buildTestApp({
      extend: async (app) => {
        await app.register(
          async (scope) => {
            try {
              addRoute(scope, savedSearches.list, {}, () => ({ saved_searches: [] }));
            } catch (err) {
              thrown = err;
            }
          },
          { prefix: '/api/v2' },
        );
      },
    });
    await close();
    expect(String(thrown)).toMatch(/GET \/api\/v2\/saved-searches is not in the route table/);
  });

  it('types a test call by its route: the answer of a rename', async () => {
    const { headers } = await buildSignedInUser(ctx.db());
    const created = await inject(ctx.app, savedSearches.create, {
      headers,
      body: { name: 'Nutra US', filters: { title: 'keto' } },
    });
    expect(created.status).toBe(201);
    const id = created.answer().saved_search.saved_search_id;
    const renamed = await inject(ctx.app, savedSearches.rename, {
      headers,
      params: { id },
      body: { name: 'Keto, US' },
    });
    expect(renamed.answer().saved_search.name).toBe('Keto, US');
    const missing = await inject(ctx.app, savedSearches.remove, {
      headers,
      params: { id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(missing.status).toBe(404);
    expect(missing.error().error).toBe('Saved search not found');
  });
});
