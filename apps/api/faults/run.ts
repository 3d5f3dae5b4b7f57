// `npm run test:faults`: starts a private PostgreSQL and real app processes, breaks things on
// purpose, and checks what docs/deployment.md promises. Prints PASS/FAIL per check with the
// measured numbers; exits 1 on any failure; stops everything it started, whatever happens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbRestartCheck } from './checks/db-restart';
import { smtpOutageCheck } from './checks/smtp-outage';
import { twoInstancesCheck } from './checks/two-instances';
import { FaultContext, print, seconds, type Verdict } from './context';
import { PrivatePostgres } from './postgres';

const TIME_LIMIT_MS = 8 * 60_000;
const loadSeconds = Number(process.env.FAULTS_LOAD_SECONDS ?? 60);

const checks: { name: string; run: (ctx: FaultContext) => Promise<Verdict> }[] = [
  { name: 'PostgreSQL restart under load', run: (ctx) => dbRestartCheck(ctx, loadSeconds) },
  { name: 'SMTP outage during sign-ups', run: smtpOutageCheck },
  { name: 'Two instances on one database', run: twoInstancesCheck },
];

let pgServer: PrivatePostgres | undefined;
let ctx: FaultContext | undefined;
let cleaning: Promise<void> | undefined;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-faults-logs-'));

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await ctx?.cleanup().catch((err: unknown) => print(`cleanup: ${String(err)}`));
    await pgServer?.destroy().catch((err: unknown) => print(`cleanup: ${String(err)}`));
  })();
  return cleaning;
}

async function abort(reason: string): Promise<never> {
  print(`\nFAIL  ${reason}; stopping everything`);
  await cleanup();
  print(`logs kept in ${logDir}`);
  process.exit(1);
}

process.on('uncaughtException', (err) => void abort(`crashed: ${err.stack ?? err.message}`));
process.on('unhandledRejection', (err) => void abort(`crashed: ${String(err)}`));
process.on('SIGINT', () => void abort('interrupted'));
process.on('SIGTERM', () => void abort('terminated'));
setTimeout(() => void abort(`time limit of ${seconds(TIME_LIMIT_MS)} reached`), TIME_LIMIT_MS);

async function main(): Promise<number> {
  const started = Date.now();
  print('TrustLinks fault tests (docs/deployment.md, "Proven behaviours")');
  pgServer = await PrivatePostgres.create();
  print(`PostgreSQL: private server on 127.0.0.1:${pgServer.port} (${pgServer.work})`);
  print(`Logs of the app processes: ${logDir}\n`);
  ctx = new FaultContext(pgServer, logDir);

  const results: { name: string; pass: boolean; ms: number }[] = [];
  for (const [index, check] of checks.entries()) {
    const t0 = Date.now();
    print(`[${index + 1}] ${check.name}`);
    let failures: string[];
    try {
      failures = (await check.run(ctx)).failures;
    } catch (err) {
      failures = [err instanceof Error ? (err.stack ?? err.message) : String(err)];
    }
    const ms = Date.now() - t0;
    const pass = failures.length === 0;
    results.push({ name: check.name, pass, ms });
    if (pass) {
      print(`    PASS  (${seconds(ms)})\n`);
    } else {
      for (const f of failures) print(`    ✗ ${f}`);
      for (const app of ctx.apps) {
        print(`    log of ${app.options.name} (pid ${app.pid}):\n${app.logTail()}`);
      }
      print(`    FAIL  (${seconds(ms)})\n`);
    }
    await ctx.cleanup(); // each check starts from no running app
    ctx.apps.length = 0;
  }

  const failed = results.filter((r) => !r.pass);
  print('Summary');
  for (const r of results) print(`  ${r.pass ? 'PASS' : 'FAIL'}  ${r.name}  (${seconds(r.ms)})`);
  print(
    `${results.length - failed.length} passed, ${failed.length} failed, total ${seconds(Date.now() - started)}`,
  );
  return failed.length === 0 ? 0 : 1;
}

main()
  .catch((err: unknown) => {
    print(`FAIL  ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  })
  .then(async (code) => {
    await cleanup();
    if (code === 0) fs.rmSync(logDir, { recursive: true, force: true });
    else print(`logs kept in ${logDir}`);
    process.exit(code);
  });
