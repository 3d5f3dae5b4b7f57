import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestContext } from '../../test/helpers';
import { DEMO_PASSWORD } from './demo-accounts';
import { runStartupTasks } from './run';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
  await runStartupTasks(ctx.database, testConfig({ SEED_DEMO: 'true' }), { info: () => {} });
});
afterAll(() => ctx.close());

async function login(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return { authorization: `Bearer ${res.json().token as string}` };
}

describe('demo deal conversations (docs/decisions/050)', () => {
  it('gives advertiser@ and affiliate@ one unread conversation each, on the bell', async () => {
    for (const email of ['advertiser@demo.trustlinks.test', 'affiliate@demo.trustlinks.test']) {
      const headers = await login(email);
      const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers });
      expect(bell.json().unread_threads, email).toBe(1);
      const list = await ctx.app.inject({ method: 'GET', url: '/api/threads', headers });
      expect(list.json().threads, email).toHaveLength(2);
    }
  });
});
