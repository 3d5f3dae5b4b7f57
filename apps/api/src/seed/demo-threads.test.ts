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

  it('shows the admin one open report and one resolved (removed) report; the parties see the fixed text', async () => {
    const admin = await login('admin@demo.trustlinks.test');
    const open = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/thread-reports', headers: admin })
    ).json();
    expect(open.reports).toHaveLength(1);
    expect(open.reports[0]).toMatchObject({ resolution: null });
    const resolved = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/thread-reports?status=resolved',
        headers: admin,
      })
    ).json();
    expect(resolved.reports).toHaveLength(1);
    expect(resolved.reports[0].resolution).toMatchObject({
      resolution: 'removed',
      resolved_by: 'admin@demo.trustlinks.test',
    });
    const affiliate = await login('affiliate@demo.trustlinks.test');
    const thread = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/threads/${resolved.reports[0].thread_id as string}`,
        headers: affiliate,
      })
    ).json();
    const removed = thread.messages.find(
      (m: { message_id: string }) => m.message_id === resolved.reports[0].message_id,
    );
    expect(removed).toMatchObject({
      removed: true,
      body: 'This message was removed by a TrustLinks admin.',
    });
  });
});
