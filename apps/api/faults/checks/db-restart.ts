// (1) PostgreSQL restarts in the middle of a steady load: the process stays up, answers 503 with
// a JSON message (never 500, never hangs) while the database is away, and 200 again within 10 s
// of the database being back. The mail worker survives too.
import { runLoad, type LoadRequest, type Sample } from '../load';
import { print, seconds, sleep, Verdict, type FaultContext } from '../context';
import { mailTo, newUser, postJson } from '../probe';

const REQUESTS: LoadRequest[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/offers/fetch_all' },
  // A cheap write in a transaction (no password hashing): the same answer for every address.
  {
    method: 'POST',
    path: '/api/users/resend-verification',
    body: { email: 'nobody@faults.test' },
  },
];
const PATHS = REQUESTS.map((r) => `${r.method} ${r.path}`);
const RECOVERY_LIMIT_MS = 10_000;
const HANG_MS = 5_000;

export async function dbRestartCheck(ctx: FaultContext, loadSeconds: number): Promise<Verdict> {
  const verdict = new Verdict();
  const sink = await ctx.sink();
  const app = await ctx.spawnApp({
    name: 'restart',
    databaseUrl: await ctx.pg.createDatabase('faults_restart'),
    smtpUrl: sink.url,
  });
  await app.waitReady();
  const pid = app.pid;

  const durationMs = loadSeconds * 1000;
  const stopAt = Math.round(durationMs / 3);
  const downMs = 5_000;
  print(
    `    load: ${PATHS.join(', ')}; 8 concurrent clients, ${loadSeconds} s; ` +
      `pg_ctl stop -m fast at ${seconds(stopAt)}, start again ${seconds(downMs)} later`,
  );

  const startedAt = Date.now();
  const load = runLoad(
    { base: app.url(''), requests: REQUESTS, concurrency: 8, durationMs, timeoutMs: HANG_MS },
    startedAt,
  );
  await sleep(startedAt + stopAt - Date.now());
  const stopIssued = Date.now() - startedAt;
  await ctx.pg.stop('fast');
  const stopDone = Date.now() - startedAt;
  await sleep(downMs);
  const startIssued = Date.now() - startedAt;
  await ctx.pg.start();
  const dbBack = Date.now() - startedAt;
  const { samples } = await load;

  // Timeline
  const non200 = samples.filter((s) => s.status !== 200);
  const s503 = samples.filter((s) => s.status === 503);
  const others = samples.filter((s) => s.status !== 200 && s.status !== 503);
  const first503 = min(s503.map((s) => s.at));
  const last503 = max(s503.map((s) => s.at));
  const lastBad = max(non200.map((s) => s.at));
  const firstOkAfter = Object.fromEntries(
    PATHS.map((p) => [
      p,
      min(
        samples.filter((s) => s.path === p && s.status === 200 && s.at > dbBack).map((s) => s.at),
      ),
    ]),
  );
  const recoveredAt = Math.max(...Object.values(firstOkAfter).map((v) => v ?? Infinity));
  const allOkFrom = lastBad === undefined ? dbBack : Math.max(dbBack, lastBad);
  const outage = samples.filter((s) => s.at >= stopIssued && s.at <= allOkFrom + 1);
  const maxMsOutage = max(outage.map((s) => s.ms)) ?? 0;

  printSecondTable(samples, stopIssued - 2_000, allOkFrom + 2_000);
  const rel = (t: number | undefined) => (t === undefined ? 'never' : `${seconds(t)}`);
  print(`    timeline (from load start):`);
  print(`      pg_ctl stop issued        ${rel(stopIssued)}  (server down at ${rel(stopDone)})`);
  print(`      first 503                 ${rel(first503)}`);
  print(`      pg_ctl start issued       ${rel(startIssued)}`);
  print(`      database accepting again  ${rel(dbBack)}`);
  print(`      last 503                  ${rel(last503)}`);
  for (const p of PATHS) {
    print(`      first 200 after restart   ${rel(firstOkAfter[p])}  ${p}`);
  }
  const recoveryMs = recoveredAt - dbBack;
  const settleMs = Math.max(0, allOkFrom - dbBack);
  print(
    `    recovery: first 200 on every endpoint ${Number.isFinite(recoveryMs) ? seconds(recoveryMs) : 'never'} ` +
      `after the database was back; only 200s from ${seconds(settleMs)} after it`,
  );
  print(
    `    responses: ${samples.length} (${Math.round(samples.length / loadSeconds)}/s), ` +
      `200: ${samples.filter((s) => s.status === 200).length}, 503: ${s503.length}, ` +
      `other: ${others.length}; slowest during the outage ${maxMsOutage} ms`,
  );

  verdict.expect(app.alive && app.exit === null, `the process exited: ${JSON.stringify(app.exit)}`);
  verdict.expect(app.pid === pid, 'the process id changed');
  verdict.expect(s503.length > 0, 'no 503 seen: the restart did not reach the clients');
  verdict.expect(
    others.length === 0,
    `${others.length} responses neither 200 nor 503 (e.g. ${describe(others[0])})`,
  );
  verdict.expect(
    s503.every((s) => s.jsonError),
    `${s503.filter((s) => !s.jsonError).length} 503 responses without a JSON { error }`,
  );
  verdict.expect(
    recoveryMs <= RECOVERY_LIMIT_MS && settleMs <= RECOVERY_LIMIT_MS,
    `not recovered within ${seconds(RECOVERY_LIMIT_MS)} of the database being back`,
  );
  verdict.expect(
    s503.every((s) => s.at >= stopIssued),
    '503 before the database was stopped',
  );

  // Writes and the mail worker work again after the outage.
  const user = newUser('after-restart');
  const reg = await postJson(app.url('/api/users/register'), user);
  verdict.expect(reg.status === 201, `sign-up after the restart answered ${reg.status}`);
  const mailed = (await mailTo(sink, user.email)) !== undefined;
  print(
    `    after the restart: sign-up ${reg.status}, verification mail ${mailed ? 'delivered' : 'NOT delivered'}; ` +
      `process ${pid} ${app.alive ? 'still running' : 'gone'}`,
  );
  verdict.expect(mailed, 'the mail worker did not deliver after the restart');
  return verdict;
}

function printSecondTable(samples: Sample[], from: number, to: number): void {
  const first = Math.max(0, Math.floor(from / 1000));
  const last = Math.ceil(to / 1000);
  print(`    per second around the outage (t = seconds from load start):`);
  for (let t = first; t < last; t++) {
    const inSecond = samples.filter((s) => s.at >= t * 1000 && s.at < (t + 1) * 1000);
    const count = (f: (s: Sample) => boolean) => inSecond.filter(f).length;
    print(
      `      t=${String(t).padStart(2)}s  200: ${String(count((s) => s.status === 200)).padStart(5)}` +
        `  503: ${String(count((s) => s.status === 503)).padStart(5)}` +
        `  other: ${count((s) => s.status !== 200 && s.status !== 503)}` +
        `  max ${max(inSecond.map((s) => s.ms)) ?? 0} ms`,
    );
  }
}

function describe(s: Sample | undefined): string {
  if (!s) return '-';
  return `${s.path} → ${s.status || s.failure} at ${seconds(s.at)} after ${s.ms} ms`;
}

function min(values: number[]): number | undefined {
  return values.length ? values.reduce((a, b) => Math.min(a, b)) : undefined;
}
function max(values: number[]): number | undefined {
  return values.length ? values.reduce((a, b) => Math.max(a, b)) : undefined;
}
