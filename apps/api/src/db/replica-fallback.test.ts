// The replica's fallback (replica.ts) against fake PostgreSQL servers that answer every query
// with no rows, refuse, hang or terminate: which one answered shows in the replica's counters.
// The same against a real streaming replica: replica.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closedPort, startFakePostgres, type FakePostgres } from '../../test/fake-postgres';
import { openDatabase, type Database } from './client';
import type { ReplicaState } from './replica';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RETRY_MS = 150;

describe('a read replica that fails', () => {
  const fakes: FakePostgres[] = [];
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
    await Promise.all(fakes.splice(0).map((f) => f.close()));
  });

  async function open(replicaUrl: string, maxLagMs = 0) {
    const primary = await startFakePostgres('ok');
    fakes.push(primary);
    database = await openDatabase({
      databaseUrl: primary.url,
      poolSize: 2,
      readReplica: { url: replicaUrl, maxLagMs, retryMs: RETRY_MS },
    });
    const replica = database.replica!;
    const changes: ReplicaState[] = [];
    replica.onStateChange = (state) => changes.push(state);
    const read = () => replica.db.execute(sql`SELECT 1`);
    return { replica, changes, read };
  }

  it('reads from a healthy replica, not the primary', async () => {
    const fake = await startFakePostgres('ok');
    fakes.push(fake);
    const { replica, read } = await open(fake.url);
    await read();
    await read();
    expect(replica.stats).toEqual({ replica: 2, primary: 0, fallbacks: 0 });
    expect(replica.state).toBe('ok');
  });

  it('refused: the read is answered by the primary, the replica skipped, then probed back', async () => {
    const port = await closedPort();
    const { replica, changes, read } = await open(`postgres://fake@127.0.0.1:${port}/fake`);
    await expect(read()).resolves.toBeDefined();
    expect(replica.stats).toEqual({ replica: 0, primary: 1, fallbacks: 1 });
    expect(replica.state).toBe('failed');

    // Skipped: the next reads do not even try it.
    await read();
    expect(replica.stats).toEqual({ replica: 0, primary: 2, fallbacks: 1 });

    // Back on the same address: after REPLICA_RETRY_MS one probe, then reads return to it.
    fakes.push(await startFakePostgres('ok', port));
    await sleep(RETRY_MS + 50);
    for (let i = 0; i < 50 && replica.state !== 'ok'; i++) {
      await read();
      await sleep(20);
    }
    expect(replica.state).toBe('ok');
    const before = replica.stats.replica;
    await read();
    expect(replica.stats.replica).toBe(before + 1);
    expect(changes).toEqual(['failed', 'ok']);
  });

  it('still down when probed: stays skipped, and the probe costs the reads nothing', async () => {
    const port = await closedPort();
    const { replica, read } = await open(`postgres://fake@127.0.0.1:${port}/fake`);
    await read();
    await sleep(RETRY_MS + 50);
    await read(); // starts the probe, answered by the primary meanwhile
    await sleep(100);
    expect(replica.state).toBe('failed');
    expect(replica.stats.fallbacks).toBe(1);
    expect(replica.stats.primary).toBe(2);
  });

  it('shutting down (57P01 on each query): the primary answers', async () => {
    const fake = await startFakePostgres('terminate');
    fakes.push(fake);
    const { replica, read } = await open(fake.url);
    await expect(read()).resolves.toBeDefined();
    expect(replica.state).toBe('failed');
    expect(replica.stats.fallbacks).toBe(1);
  });

  it('not answering at all: the primary answers once the connection times out', async () => {
    const fake = await startFakePostgres('blackhole');
    fakes.push(fake);
    const { replica, read } = await open(fake.url);
    const started = Date.now();
    await expect(read()).resolves.toBeDefined();
    expect(Date.now() - started).toBeLessThan(4000);
    expect(replica.state).toBe('failed');
  });

  it('a transaction through the replica db runs on the primary', async () => {
    const port = await closedPort();
    const { replica } = await open(`postgres://fake@127.0.0.1:${port}/fake`);
    await expect(
      replica.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        return 'done';
      }),
    ).resolves.toBe('done');
    expect(replica.stats).toEqual({ replica: 0, primary: 0, fallbacks: 0 });
    expect(replica.state).toBe('ok');
  });
});
