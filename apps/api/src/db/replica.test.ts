// A real streaming replica (scripts/with-replica.sh, which .ci/run uses): public lists are served
// by it, a client reads its own write from the primary, a lagging or stopped replica leaves the
// reads to the primary (never a 5xx) and gets them back when it is well again. Skipped unless
// DATABASE_READ_URL is set, like the PostgreSQL-only tests on PGlite.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../test/helpers';
import { buildEntityAccount, offerPayload } from '../../test/factories';
import type { Db } from './client';
import { offers } from './schema';
import { STICKY_COOKIE } from './read-routing';

const READ_URL = process.env.DATABASE_READ_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until check() is true (or fails the test with what it last saw). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe.skipIf(!READ_URL)('a real streaming read replica', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof buildEntityAccount>>;

  /** scripts/with-replica.sh's control of the replica: stop, start, pause or resume its replay. */
  const replicaCtl = (action: 'stop' | 'start' | 'pause' | 'resume') =>
    execFileSync(process.env.REPLICA_CTL!, [action], { stdio: ['ignore', 'ignore', 'pipe'] });
  const replayPaused = (paused: boolean) => replicaCtl(paused ? 'pause' : 'resume');

  const offerOnPrimary = (title: string) => insertOffer(ctx.database.db, owner.entity.id, title);
  const explorer = async (cookie?: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/offers/fetch_all?limit=100',
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await buildTestApp({
      readReplica: true,
      // Lag is not checked here (a paused replay must keep serving from the replica); the
      // lag bound has its own app below.
      config: {
        REPLICA_MAX_LAG_MS: '0',
        REPLICA_RETRY_MS: '200',
        REPLICA_STICKY_MS: '30000',
      },
    });
    expect(ctx.database.replica).toBeDefined();
    owner = await buildEntityAccount(ctx.database.db, 'advertiser');
  });
  afterAll(async () => {
    try {
      replayPaused(false);
    } catch {
      // already resumed, or the replica is stopped
    }
    await ctx?.close();
  });

  it('the replica is a hot standby that the public list reads', async () => {
    // The connections the replica db reads through are a hot standby's.
    const { rows } = (await ctx.database.replica!.db.execute(
      sql`SELECT pg_is_in_recovery() AS standby`,
    )) as unknown as { rows: { standby: boolean }[] };
    expect(rows[0]!.standby).toBe(true);
    expect(ctx.database.replica!.stats.fallbacks).toBe(0);
    const id = await offerOnPrimary('Streamed offer');
    await eventually(async () => (await explorer()).includes(id), 'the offer is replayed');
    expect(ctx.database.replica!.stats.replica).toBeGreaterThan(0);
  });

  it('serves public lists from the replica: a write appears only once it is replayed', async () => {
    replayPaused(true);
    try {
      const id = await offerOnPrimary('Not replayed yet');
      await sleep(300);
      // The primary has it; the list, served by the paused replica, does not.
      expect(await explorer()).not.toContain(id);
      replayPaused(false);
      await eventually(async () => (await explorer()).includes(id), 'the offer is replayed');
    } finally {
      replayPaused(false);
    }
  });

  it("a client's read right after its own write goes to the primary and sees it", async () => {
    replayPaused(true);
    try {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/offers/create',
        headers: owner.headers,
        payload: offerPayload({ title: 'My own new offer' }),
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().offer.offer_id as string;
      const cookie = String(created.headers['set-cookie']).split(';')[0]!;
      expect(cookie.startsWith(`${STICKY_COOKIE}=`)).toBe(true);
      expect(await explorer(cookie)).toContain(id);
      // Anyone else (no cookie) reads the paused replica meanwhile.
      expect(await explorer()).not.toContain(id);
    } finally {
      replayPaused(false);
    }
  });

  it('a query the primary would refuse too fails as itself, and the replica stays in use', async () => {
    const replica = ctx.database.replica!;
    const err = await replica.db.execute(sql`SELECT 1 / 0`).then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string } },
    );
    expect(err?.cause?.code).toBe('22012'); // division_by_zero, from the primary's retry
    expect(replica.state).toBe('ok');
  });

  it('replica stopped: public lists still 200 from the primary; started again: reads return to it', async () => {
    const replica = ctx.database.replica!;
    replicaCtl('stop');
    try {
      const id = await offerOnPrimary('Written while the replica is down');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          ctx.app.inject({ method: 'GET', url: '/api/offers/fetch_all?limit=100' }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      expect(replica.state).toBe('failed');
      // Served by the primary: the new offer is there.
      expect(await explorer()).toContain(id);
      const entityPage = await ctx.app.inject({
        method: 'GET',
        url: `/api/entities/public/${owner.entity.id}`,
      });
      expect(entityPage.statusCode).toBe(200);
      expect(replica.stats.fallbacks).toBeGreaterThan(0);
    } finally {
      replicaCtl('start');
    }

    // Back: paused, the replica cannot show a new offer; once reads return to it, the list
    // stops showing it.
    await eventually(async () => {
      try {
        replayPaused(true);
        return true;
      } catch {
        return false;
      }
    }, 'the replica accepts connections again');
    try {
      const id = await offerOnPrimary('Written after the restart');
      await eventually(
        async () => !(await explorer()).includes(id),
        'the list is served by the replica again',
      );
      expect(replica.state).toBe('ok');
    } finally {
      replayPaused(false);
    }
  });

  it('a replica further behind than REPLICA_MAX_LAG_MS leaves the reads to the primary', async () => {
    const lagged = await buildTestApp({
      readReplica: true,
      config: { REPLICA_MAX_LAG_MS: '300', REPLICA_RETRY_MS: '100' },
    });
    const list = async () =>
      (await lagged.app.inject({ method: 'GET', url: '/api/offers/fetch_all?limit=100' })).body;
    try {
      const seller = await buildEntityAccount(lagged.database.db, 'advertiser');
      const insert = (title: string) => insertOffer(lagged.database.db, seller.entity.id, title);
      const first = await insert('Before the lag');
      await eventually(async () => (await list()).includes(first), 'replayed');
      expect(lagged.database.replica!.state).toBe('ok');

      replayPaused(true);
      const id = await insert('Behind a lagging replica');
      // The lag check notices within REPLICA_RETRY_MS; then the primary answers, with the offer.
      await eventually(async () => (await list()).includes(id), 'the primary answers');
      expect(lagged.database.replica!.state).toBe('lagging');

      replayPaused(false);
      await eventually(async () => {
        await list();
        return lagged.database.replica!.state === 'ok';
      }, 'caught up, the replica is used again');
    } finally {
      replayPaused(false);
      await lagged.close();
    }
  });
});

/** An offer written straight to the primary (no HTTP write: no sticky window, no cache reset). */
async function insertOffer(db: Db, entityId: string, title: string): Promise<string> {
  const [row] = await db
    .insert(offers)
    .values({
      entityId,
      title,
      category: 'Nutra',
      description: 'Written to the primary by the test.',
      targetGeo: ['US'],
      payoutAmount: 10,
      landingPageUrl: 'https://example.com/landing',
    })
    .returning({ id: offers.id });
  return row!.id;
}
