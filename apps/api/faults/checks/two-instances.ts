// (3) Two app processes on one database: started at the same moment on an empty database (they
// take turns migrating), sessions work across them, and their two mail workers deliver each
// mail exactly once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeQuotedPrintable, headerOf } from '../../test/smtp-sink';
import { print, seconds, sleep, tally, Verdict, waitUntil, type FaultContext } from '../context';
import { getJson, mailTo, newUser, postJson, queryRow } from '../probe';

const PER_INSTANCE = 10;
const JOURNAL = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle/meta/_journal.json',
);

export async function twoInstancesCheck(ctx: FaultContext): Promise<Verdict> {
  const verdict = new Verdict();
  const sink = await ctx.sink();
  const databaseUrl = await ctx.pg.createDatabase('faults_two'); // empty: nothing migrated
  // Same moment: both spawned before either is awaited.
  const [a, b] = await Promise.all([
    ctx.spawnApp({
      name: 'instance-a',
      databaseUrl,
      smtpUrl: sink.url,
      mailFrom: 'TrustLinks <instance-a@trustlinks.test>',
    }),
    ctx.spawnApp({
      name: 'instance-b',
      databaseUrl,
      smtpUrl: sink.url,
      mailFrom: 'TrustLinks <instance-b@trustlinks.test>',
    }),
  ]);
  const [readyA, readyB] = await Promise.all([a.waitReady(), b.waitReady()]);
  const migrations = await appliedMigrations(databaseUrl);
  const expected = (JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] }).entries
    .length;
  print(
    `    A (pid ${a.pid}) ready in ${seconds(readyA)}, B (pid ${b.pid}) in ${seconds(readyB)}; ` +
      `${migrations} migrations recorded once each (journal has ${expected})`,
  );
  verdict.expect(migrations === expected, `${migrations} migration rows for ${expected} files`);

  // A session made on one instance is valid on the other, and ends everywhere on logout.
  const user = newUser('two');
  const reg = await postJson(a.url('/api/users/register'), user);
  const mail = await mailTo(sink, user.email);
  const token = mail ? verificationToken(mail.raw) : '';
  const verify = await getJson(a.url(`/api/users/verify-email/${encodeURIComponent(token)}`));
  const login = await postJson(b.url('/api/users/login'), {
    email: user.email,
    password: user.password,
  });
  const session = String(login.body.token ?? '');
  const profileOnA = await getJson(a.url('/api/users/profile'), session);
  const logoutOnA = await postJson(a.url('/api/users/logout'), {}, session);
  const profileOnB = await getJson(b.url('/api/users/profile'), session);
  print(
    `    register on A ${reg.status}, verify on A ${verify.status}, login on B ${login.status}, ` +
      `profile on A with B's token ${profileOnA.status}, logout on A ${logoutOnA.status}, ` +
      `profile on B afterwards ${profileOnB.status}`,
  );
  verdict.expect(reg.status === 201 && verify.status === 200, 'sign-up or verification failed');
  verdict.expect(login.status === 200 && session.length > 0, `login on B answered ${login.status}`);
  verdict.expect(
    profileOnA.status === 200 &&
      (profileOnA.body.user as { email?: string } | undefined)?.email === user.email,
    `B's session on A answered ${profileOnA.status}`,
  );
  verdict.expect(logoutOnA.status === 200, `logout on A answered ${logoutOnA.status}`);
  verdict.expect(profileOnB.status === 401, `after logout on A, B answered ${profileOnB.status}`);

  // Sign-ups on both instances at once; both workers compete for the outbox.
  const usersA = Array.from({ length: PER_INSTANCE }, () => newUser('on-a'));
  const usersB = Array.from({ length: PER_INSTANCE }, () => newUser('on-b'));
  const results = await Promise.all([
    ...usersA.map((u) => postJson(a.url('/api/users/register'), u)),
    ...usersB.map((u) => postJson(b.url('/api/users/register'), u)),
  ]);
  verdict.expect(
    results.every((r) => r.status === 201),
    `sign-ups answered ${[...new Set(results.map((r) => r.status))].join(', ')}`,
  );
  // One verification mail per sign-up, plus the first user's verification and welcome mails.
  const expectedMails = 2 * PER_INSTANCE + 2;
  const allIn = await waitUntil(() => sink.received.length >= expectedMails, 30_000, 50);
  await sleep(3_000); // room for a duplicate to show up
  const keys = sink.received.flatMap((m) => m.to.map((to) => `${to} | ${m.subject}`));
  const duplicates = [...tally(keys)].filter(([, n]) => n > 1);
  const ids = new Set(sink.received.map((m) => m.messageId));
  const byA = sink.received.filter((m) => headerOf(m.raw, 'From').includes('instance-a')).length;
  const byB = sink.received.filter((m) => headerOf(m.raw, 'From').includes('instance-b')).length;
  print(
    `    ${results.length} sign-ups (${PER_INSTANCE} on each) → ${sink.received.length} mails received ` +
      `(expected ${expectedMails}), ${ids.size} distinct Message-IDs, duplicates ${duplicates.length}; ` +
      `sent by A ${byA}, by B ${byB}`,
  );
  verdict.expect(allIn && sink.received.length === expectedMails, 'mail count differs');
  verdict.expect(duplicates.length === 0, `duplicates: ${duplicates.map(([k]) => k).join('; ')}`);
  verdict.expect(ids.size === sink.received.length, 'repeated Message-IDs');
  verdict.expect(a.alive && b.alive, 'an instance exited');
  return verdict;
}

function verificationToken(raw: string): string {
  const match = /verify-email\?token=([A-Za-z0-9_.~%-]+)/.exec(decodeQuotedPrintable(raw));
  return match ? decodeURIComponent(match[1]!) : '';
}

async function appliedMigrations(databaseUrl: string): Promise<number> {
  const row = await queryRow<{ n: number }>(
    databaseUrl,
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  );
  return row.n;
}
