// (2) Users sign up while the SMTP server is down; when it opens on its port, every queued mail
// is delivered exactly once, within one probe interval of the worker (at most a minute).
import { freePort } from '../ports';
import { print, seconds, sleep, tally, Verdict, waitUntil, type FaultContext } from '../context';
import { newUser, postJson, queryRow } from '../probe';

const SIGNUPS = 20;
const OUTAGE_MS = 20_000;
/** The worker probes an unreachable server at most a minute apart (mail/worker.ts). */
const DELIVERY_LIMIT_MS = 65_000;

export async function smtpOutageCheck(ctx: FaultContext): Promise<Verdict> {
  const verdict = new Verdict();
  const smtpPort = await freePort(); // nothing listens there yet
  const databaseUrl = await ctx.pg.createDatabase('faults_smtp');
  const app = await ctx.spawnApp({
    name: 'smtp-outage',
    databaseUrl,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  });
  await app.waitReady();

  const t0 = Date.now();
  const users = Array.from({ length: SIGNUPS }, () => newUser('smtp'));
  const statuses: number[] = [];
  for (let i = 0; i < users.length; i += 4) {
    const batch = await Promise.all(
      users.slice(i, i + 4).map((u) => postJson(app.url('/api/users/register'), u)),
    );
    statuses.push(...batch.map((r) => r.status));
  }
  const registeredMs = Date.now() - t0;
  verdict.expect(
    statuses.every((s) => s === 201),
    `sign-ups answered ${[...new Set(statuses)].join(', ')} (expected 201)`,
  );
  print(
    `    ${SIGNUPS} sign-ups in ${seconds(registeredMs)} with SMTP_URL → 127.0.0.1:${smtpPort} (closed)`,
  );

  await sleep(t0 + OUTAGE_MS - Date.now());
  const before = await outboxState(databaseUrl);
  const probes = app
    .logRecords()
    .filter((r) => r.msg.startsWith('SMTP server unreachable'))
    .map((r) => seconds(r.time - t0));
  print(
    `    after ${seconds(OUTAGE_MS)} closed: ${before.pending} pending, ${before.sent} sent, ` +
      `${before.attempts} attempts in all; worker probes at ${probes.join(', ') || 'none'}`,
  );
  verdict.expect(before.pending === SIGNUPS, `${before.pending} pending before SMTP opened`);
  verdict.expect(probes.length >= 2, 'the worker did not retry on its own while SMTP was down');

  const sink = await ctx.sink(smtpPort);
  const openedAt = Date.now();
  print(`    SMTP sink opened on 127.0.0.1:${smtpPort} at ${seconds(openedAt - t0)}`);
  let firstMs: number | undefined;
  const allIn = await waitUntil(
    () => {
      if (firstMs === undefined && sink.received.length > 0) firstMs = Date.now() - openedAt;
      return sink.received.length >= SIGNUPS;
    },
    DELIVERY_LIMIT_MS,
    50,
  );
  const deliveredMs = Date.now() - openedAt;
  await sleep(3_000); // room for a duplicate to show up
  const perRecipient = tally(sink.received.flatMap((m) => m.to));
  const counts = users.map((u) => perRecipient.get(u.email) ?? 0);
  const after = await outboxState(databaseUrl);
  print(
    `    first mail ${firstMs === undefined ? 'never' : seconds(firstMs)} after the sink opened (the next probe), ` +
      `all ${SIGNUPS} ${allIn ? `after ${seconds(deliveredMs)}` : 'NOT in time'}; ` +
      `received ${sink.received.length}, per recipient min ${Math.min(...counts)} max ${Math.max(...counts)}; ` +
      `outbox: ${after.sent} sent, ${after.pending} pending`,
  );
  verdict.expect(
    allIn,
    `only ${sink.received.length}/${SIGNUPS} mails within ${seconds(DELIVERY_LIMIT_MS)}`,
  );
  verdict.expect(
    sink.received.length === SIGNUPS,
    `${sink.received.length} mails for ${SIGNUPS} sign-ups`,
  );
  verdict.expect(
    counts.every((c) => c === 1),
    `per-recipient counts ${counts.join(',')} (expected all 1)`,
  );
  verdict.expect(after.sent === SIGNUPS && after.pending === 0, 'outbox not all sent');
  verdict.expect(app.alive, 'the process exited');
  return verdict;
}

function outboxState(databaseUrl: string) {
  return queryRow<{ pending: number; sent: number; attempts: number }>(
    databaseUrl,
    `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'sent')::int AS sent,
            coalesce(sum(attempts), 0)::int AS attempts
       FROM mail_outbox`,
  );
}
