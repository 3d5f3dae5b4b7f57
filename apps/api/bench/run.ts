// The load benchmark (docs/performance.md): seeds a dedicated database in bulk, starts the real
// app as a separate process, and runs autocannon against the hot read endpoints.
//
//   scripts/with-postgres.sh npm run bench                     # 10k and 1M rows on PostgreSQL
//   scripts/with-postgres.sh npm run bench -- --sizes 1000000 --keep --explain
//   npm run bench                                              # no DATABASE_URL: PGlite, 50k rows
//
// Options: --sizes a,b  --duration s  --warmup s  --connections n  --cases a,b  --contacts x
//          --keep (leave the database)  --reuse (use a kept database, migrated and analyzed)
//          --explain (EXPLAIN ANALYZE of each case's statements)  --timeout-min m (whole run)
//          --quiet-wait s (before each case, wait up to s seconds for the machine to be idle)
//          --retries n (measure a case again, up to n times, when other processes used more than
//          25 % of a core during it; the least disturbed run is kept)
//          --read-cache-ms n (the app's READ_CACHE_MS; 0 measures every request against the
//          database, results then go to *-nocache.json; default: the app's default, 1000)
//          --ceiling (first measure a Fastify hello-world on the same machine with the same load,
//          and report every case also as a share of it)
//          --ceiling-bytes (also, after each single-URL case, a hello-world that answers as many
//          bytes as the case did: the framework's ceiling for that answer size, `ceilingBytesPct`)
//          --accept-encoding v (send `accept-encoding: v` with every request, as a browser does,
//          e.g. 'gzip, deflate, br'; without it answers are not compressed)
//          --cold-start (after the warm-up, stop the app and start it again, then measure from
//          its first second: a deploy; with --warmup 0, a start with nothing before it)
//          --proxy n,m (measure through nginx, deploy/nginx/trustlinks.conf, in front of n, then
//          m, instances on the same database; their CPU and nginx's is the app's)
//          --long-tail F (a share F, 0–1, of the mix's searches is never asked before: bench/mixed.ts)
//          --cpu-prof dir (run the app with `node --cpu-prof`, its profile written to dir when it
//          stops; keep profiles out of the repo)
//          --requests-out file (the mix's measured requests, one a line: kind, x-cache, visitor
//          or user, ms, the epoch ms it ended; what sets its p99, decisions/038-request-admission.md)
//          --out dir (where the JSON results go; default bench/results, the committed figures)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Client, type Options as CannonOptions, type Result } from 'autocannon';
import pg from 'pg';
import { entityPath } from '@trustlinks/contract/paths';
import { startSession } from '../src/auth/sessions.service';
import { START_NODE_FLAGS } from '../src/start-command';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { insertUser } from '../src/modules/users/users.repository';
import { rebuildDaily } from '../src/modules/results/results.service';
import { explainCases } from './explain';
import { startNginx, type Proxy } from './proxy';
import {
  MIXED_APP_ENV,
  MixedStats,
  MixedWorkload,
  prepareMixed,
  type Kind,
  type MixedFixture,
  type MixedReport,
} from './mixed';
import { seedBenchData, sizesFor, type Exec, type SeedReport } from './seed';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const API_DIR = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');

const TARGET_P99_MS = 50;
const TARGET_GROWTH = 2;
/** READ_CACHE_MS when --read-cache-ms is not given (apps/api/src/config.ts). */
const APP_DEFAULT_READ_CACHE_MS = 1000;

// ---- options ------------------------------------------------------------------------------

interface Options {
  sizes: number[];
  duration: number;
  warmup: number;
  connections: number;
  cases: string[] | null;
  contacts: number;
  keep: boolean;
  reuse: boolean;
  explain: boolean;
  timeoutMin: number;
  quietWait: number;
  retries: number;
  noiseLimit: number;
  readCacheMs: number | null;
  ceiling: boolean;
  ceilingBytes: boolean;
  /** The share of the mix's searches never asked before (bench/mixed.ts): 0–1. */
  longTail: number;
  /**
   * Each case measured on a new instance from its first second: after the warm-up (if any), the
   * app is stopped (gracefully: it saves its hottest URLs) and started again, then measured with
   * no further warm-up (docs/decisions/056-warm-start.md).
   */
  coldStart: boolean;
  /** Measure through nginx in front of this many instances, each count in turn (null: no proxy). */
  proxy: number[] | null;
  /** Sent as `accept-encoding` with every request (null: not sent, answers uncompressed). */
  acceptEncoding: string | null;
  /** Where the app's CPU profile goes (null: not profiled). */
  cpuProf: string | null;
  /** Where the mix's measured requests go, one a line (null: not written). */
  requestsOut: string | null;
  /** Where the JSON results go. */
  out: string;
}

/** The flags that take a number, and the option each sets. */
const NUMBER_FLAGS = {
  '--duration': 'duration',
  '--warmup': 'warmup',
  '--connections': 'connections',
  '--contacts': 'contacts',
  '--timeout-min': 'timeoutMin',
  '--quiet-wait': 'quietWait',
  '--retries': 'retries',
  '--read-cache-ms': 'readCacheMs',
  '--long-tail': 'longTail',
} as const satisfies Record<string, keyof Options>;

/** The flags that only turn an option on. */
const SWITCH_FLAGS = {
  '--keep': 'keep',
  '--explain': 'explain',
  '--ceiling': 'ceiling',
  '--ceiling-bytes': 'ceilingBytes',
  '--cold-start': 'coldStart',
} as const satisfies Record<string, keyof Options>;

function parseOptions(argv: string[], postgres: boolean): Options {
  const opts: Options = {
    sizes: postgres ? [10_000, 1_000_000] : [50_000],
    duration: 10,
    warmup: 3,
    connections: 50,
    cases: null,
    contacts: 0.5,
    keep: false,
    reuse: false,
    explain: false,
    timeoutMin: 90,
    quietWait: 120,
    retries: 2,
    noiseLimit: 25,
    readCacheMs: null,
    ceiling: false,
    ceilingBytes: false,
    longTail: 0,
    coldStart: false,
    proxy: null,
    acceptEncoding: null,
    cpuProf: null,
    requestsOut: null,
    out: RESULTS_DIR,
  };
  const num = (flag: string, v: string | undefined) => {
    const n = Number(v);
    if (!v || !Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? arg.split('=', 2) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag && Object.hasOwn(NUMBER_FLAGS, flag)) {
      opts[NUMBER_FLAGS[flag as keyof typeof NUMBER_FLAGS]] = num(flag, value());
      continue;
    }
    if (flag && Object.hasOwn(SWITCH_FLAGS, flag)) {
      opts[SWITCH_FLAGS[flag as keyof typeof SWITCH_FLAGS]] = true;
      continue;
    }
    switch (flag) {
      case '--sizes':
        opts.sizes = (value() ?? '').split(',').map((s) => num('--sizes', s.replace(/_/g, '')));
        break;
      case '--proxy':
        opts.proxy = (value() ?? '').split(',').map((n) => num('--proxy', n));
        if (opts.proxy.some((n) => n < 1 || !Number.isInteger(n))) {
          throw new Error('--proxy needs counts of instances (1,2)');
        }
        break;
      case '--cases':
        opts.cases = (value() ?? '').split(',').filter(Boolean);
        break;
      case '--reuse':
        opts.reuse = true;
        opts.keep = true;
        break;
      case '--accept-encoding':
        opts.acceptEncoding = value() ?? '';
        break;
      case '--cpu-prof':
        opts.cpuProf = path.resolve(value() ?? '');
        break;
      case '--requests-out':
        opts.requestsOut = path.resolve(value() ?? '');
        break;
      case '--out':
        opts.out = path.resolve(value() ?? '');
        break;
      default:
        throw new Error(`Unknown option ${arg} (see the head of apps/api/bench/run.ts)`);
    }
  }
  if (opts.proxy && opts.coldStart) throw new Error('--proxy and --cold-start: one at a time');
  if (opts.longTail > 1) throw new Error('--long-tail is a share from 0 to 1 (0.25: a quarter)');
  if (opts.sizes.length === 0 || opts.sizes.some((s) => s < 100)) {
    throw new Error('--sizes needs sizes of at least 100');
  }
  return opts;
}

// ---- cases --------------------------------------------------------------------------------

interface BenchCase {
  name: string;
  label: string;
  path: (ctx: CaseContext) => string;
  auth?: boolean;
  /** The mixed workload (bench/mixed.ts) instead of one URL. */
  mixed?: boolean;
  /** Signed in as a user of the results offer's company (docs/decisions/031) instead of the viewer. */
  owner?: boolean;
}

interface CaseContext {
  hotEntityId: string;
  /** The offer of the results case and its owner's session (docs/decisions/031). */
  resultsOfferId: string;
  ownerToken: string;
  /** Its page's address is /entity/{slug}; the uuid address answers a 301 (docs/decisions/022). */
  hotEntitySlug: string;
}

/** Search words: ordinary ones a person types (see docs/performance.md for their selectivity). */
export const TITLE_WORD = 'keto';
export const COMPANY_WORD = 'harbor';

export const CASES: BenchCase[] = [
  { name: 'offers-list', label: 'offers, no filter', path: () => '/api/offers/fetch_all' },
  {
    name: 'offers-title',
    label: `offers ?title=${TITLE_WORD}`,
    path: () => `/api/offers/fetch_all?title=${TITLE_WORD}`,
  },
  {
    name: 'offers-geo-category',
    label: 'offers ?geo=US&category=Nutra',
    path: () => '/api/offers/fetch_all?geo=US&category=Nutra',
  },
  {
    name: 'companies-search',
    label: `companies ?search=${COMPANY_WORD}`,
    path: () => `/api/affiliate-companies/fetch?search=${COMPANY_WORD}`,
    auth: true,
  },
  {
    name: 'reviews-hot-entity',
    label: 'reviews of a hot entity',
    path: (c) => `/api/reviews/entity/${c.hotEntityId}`,
  },
  // The entity page: its public JSON, and its HTML rendered on the server from that JSON and the
  // entity's TrustScore, first reviews and offers (docs/decisions/021-server-rendering.md). Cached
  // by default; `--read-cache-ms 0` measures both uncached.
  {
    name: 'entity-json',
    label: 'entity page JSON (public read)',
    path: (c) => `/api/entities/public/${c.hotEntityId}`,
  },
  {
    name: 'entity-html',
    label: 'entity page HTML (server-rendered)',
    path: (c) => entityPath(c.hotEntitySlug),
  },
  // Decision 031: a 30-day results query of the offer with the size's clicks (seed.ts), by day,
  // affiliate and sub1, from the daily roll-ups (docs/decisions/031).
  {
    name: 'results-30d',
    label: 'results of an offer, 30 days (size clicks)',
    path: (c) => `/api/offers/${c.resultsOfferId}/results?period=30d`,
    owner: true,
  },
  // Last: its writes (reviews, offer edits, clicks) change the data the other cases read.
  {
    name: 'mixed',
    label: 'mixed: 70/30 visitors/users, Zipf over searches and pages, ~2 % writes',
    path: () => '(mixed workload)',
    mixed: true,
  },
];

interface CaseResult {
  case: string;
  label: string;
  path: string;
  /** What the endpoint answered to one request before the load (its total, shown as "n+"). */
  total: string;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /**
   * CPU use during the measured run, in % of one core: the app process, its PostgreSQL
   * backends, autocannon (this process), and everything else on the machine.
   */
  cpu: { app: number; db: number; bench: number; other: number };
  /** How busy the machine was (% of all cores) just before the case, with the app idle. */
  busyBefore: number;
  /** Runs of this case (a run disturbed by other processes is measured again) … */
  tries: number;
  /** … and which of them is reported (the least disturbed). */
  kept: number;
  /** Answers with `x-cache: hit` among those with the header (null: none had it). */
  cacheHitRate: number | null;
  cache: { hits: number; misses: number };
  /** req/s as % of the hello-world ceiling of the same run (null without --ceiling). */
  ceilingPct: number | null;
  /** Bytes read per answer, headers included (compressed when --accept-encoding asked). */
  bytesPerAnswer: number;
  /**
   * --ceiling-bytes: a hello-world answering as many bytes per request as this case, measured
   * right after it, and req/s as % of it (the load generator reads the same bytes in both).
   */
  ceilingBytes?: { rps: number; bodyBytes: number; pct: number };
  /** CPU time per answered request (ms): the app process and its PostgreSQL backends. */
  cpuMsPerRequest: { app: number; db: number };
  /** The mixed case: per kind, expected and unexpected answers, pools. */
  mix?: MixedReport;
}

/** The Fastify hello-world of --ceiling, measured like a case. */
interface Ceiling {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  cpu: { app: number; db: number; bench: number; other: number };
  fastify: string;
}

interface SizeResult {
  size: number;
  database: 'postgresql' | 'pglite';
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; postgres?: string };
  load: {
    connections: number;
    durationS: number;
    warmupS: number;
    coldStart: boolean;
    longTail: number;
    readCacheMs: number;
    /** The accept-encoding every request sent (null: none, answers uncompressed). */
    acceptEncoding?: string | null;
  };
  seed: SeedReport | null;
  hotEntityReviews: number;
  ceiling: Ceiling | null;
  results: CaseResult[];
}

// ---- small helpers ------------------------------------------------------------------------

const log = (line = '') => console.log(line);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function fmtMs(n: number): string {
  return n >= 100 ? n.toFixed(0) : n.toFixed(1);
}

/** A share (0–1) as a percentage, or "–" when there is none. */
function fmtPct(share: number | null): string {
  return share === null ? '–' : `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
}

// ---- CPU accounting (Linux /proc; zeros elsewhere) -----------------------------------------

/** Clock ticks per second of /proc times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

function systemBusyTicks(): number {
  try {
    const [cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
    const v = cpu!.trim().split(/\s+/).slice(1).map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return total - (v[3] ?? 0) - (v[4] ?? 0); // minus idle and iowait
  } catch {
    return 0;
  }
}

interface CpuSnapshot {
  app: number;
  /** Each database backend's ticks so far. */
  db: Map<number, number>;
  bench: number;
  system: number;
  at: number;
}

function cpuSnapshot(appPids: number[], dbPids: number[]): CpuSnapshot {
  const own = process.cpuUsage();
  return {
    app: appPids.reduce((sum, pid) => sum + processTicks(pid), 0),
    db: new Map(dbPids.map((pid) => [pid, processTicks(pid)])),
    bench: ((own.user + own.system) / 1e6) * TICKS_PER_S,
    system: systemBusyTicks(),
    at: performance.now(),
  };
}

/**
 * The database's ticks between two snapshots: a backend that appeared between them (a pool
 * connecting during the run) counts from zero; one that ended counts nothing (its ticks are gone).
 */
function dbTicksBetween(a: CpuSnapshot, b: CpuSnapshot): number {
  let ticks = 0;
  for (const [pid, now] of b.db) ticks += Math.max(0, now - (a.db.get(pid) ?? 0));
  return ticks;
}

/** CPU use between two snapshots, in % of one core (the machine has os.cpus().length). */
function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (ticks: number) => Math.round((ticks / TICKS_PER_S / seconds) * 100);
  const app = pct(b.app - a.app);
  const db = pct(dbTicksBetween(a, b));
  const bench = pct(b.bench - a.bench);
  const busy = pct(b.system - a.system);
  return { app, db, bench, other: Math.max(0, busy - app - db - bench) };
}

/**
 * Waits (up to `maxSeconds`) until the machine is nearly idle before a case: other work on these
 * two cores (a browser test, a compiler) would otherwise be measured as the app's latency.
 * Returns the busy share seen last, in % of all cores.
 */
async function waitForQuiet(maxSeconds: number, threshold: number): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000;
  let busy = 0;
  for (;;) {
    const a = systemBusyTicks();
    const t = performance.now();
    await sleep(1000);
    const seconds = (performance.now() - t) / 1000;
    busy = Math.round(((systemBusyTicks() - a) / TICKS_PER_S / seconds / os.cpus().length) * 100);
    if (busy <= threshold || Date.now() >= deadline) return busy;
  }
}

// ---- the app process ----------------------------------------------------------------------

interface AppProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Behind --proxy: the other instances' and nginx's processes, counted as the app's CPU. */
  morePids?: () => number[];
}

const appPids = (app: AppProcess) => [app.child.pid ?? 0, ...(app.morePids?.() ?? [])];

async function startApp(
  env: Record<string, string>,
  script = 'src/server.ts',
  readyPath = '/api/health',
  nodeArgs: string[] = [],
): Promise<AppProcess> {
  const port = await freePort();
  const args = [...START_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', script];
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production needs the authenticator apps' key; this run's database is thrown away.
      MFA_SECRET_KEY: process.env.MFA_SECRET_KEY || 'be9c'.repeat(16),
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '100000000',
      // One client renders the entity page over and over (entity-html, uncached runs).
      PAGE_RENDERS_PER_CLIENT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // The built web app (`npm run build`), for the entity page's HTML (entity-html); the JSON
      // cases do not need it. BENCH_WEB_DIST: another build.
      WEB_DIST_DIR: process.env.BENCH_WEB_DIST ?? path.join(API_DIR, '..', 'web', 'dist'),
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const app: AppProcess = { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
  log(`  app started, pid ${child.pid}, ${app.baseUrl}`);

  // Startup applies pending migrations first (index builds on 1M rows take a while).
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the app exited with code ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`${app.baseUrl}${readyPath}`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return app;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the app did not answer ${readyPath} within 10 minutes:\n${output}`);
}

/** Empties what stopped instances saved for the next one's start (read_cache_warm_urls). */
async function forgetWarmStart(databaseUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('DELETE FROM read_cache_warm_urls');
  } finally {
    await c.end();
  }
}

/** SIGTERM by PID (graceful shutdown), SIGKILL if it is still there after 15 s. */
async function stopApp(app: AppProcess | null): Promise<void> {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => app.child.once('exit', () => r()));
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  log(`  app (pid ${app.child.pid}) stopped`);
}

// ---- load ---------------------------------------------------------------------------------

async function fireOnce(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  if (!(res.headers.get('content-type') ?? '').includes('json')) {
    // A rendered page (entity-html): a page without a server renderer is index.html, not HTML.
    const html = await res.text();
    if (!res.ok || !html.includes('data-ssr="hydrate"')) {
      throw new Error(
        `${url} answered ${res.status} without a server-rendered page (npm run build?)`,
      );
    }
    return '';
  }
  const body = (await res.json()) as {
    pagination?: { total?: number; totalIsCapped?: boolean; total_reviews?: number };
    error?: string;
  };
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  const p = body.pagination;
  const total = p?.total ?? p?.total_reviews;
  return total === undefined ? '' : `${total}${p?.totalIsCapped ? '+' : ''}`;
}

/** Counts `x-cache: hit|miss` answers (src/lib/read-cache/http.ts) from each connection's headers. */
function cacheCounter() {
  const counts = { hits: 0, misses: 0 };
  const setupClient = (client: Client) =>
    client.on('headers', (info) => {
      const raw = info.headers;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i]!.toLowerCase() !== 'x-cache') continue;
        if (raw[i + 1] === 'hit') counts.hits += 1;
        else counts.misses += 1;
        return;
      }
    });
  return { counts, setupClient };
}

const hitRate = (c: { hits: number; misses: number }) =>
  c.hits + c.misses > 0 ? c.hits / (c.hits + c.misses) : null;

async function cannon(
  target: Omit<CannonOptions, 'connections' | 'duration'>,
  opts: Options,
  seconds: number,
  onLatency?: (ms: number) => void,
): Promise<Result> {
  const instance = autocannon({
    ...target,
    connections: opts.connections,
    duration: seconds,
    timeout: 10,
    renderProgressBar: false,
    renderResultsTable: false,
  });
  if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  // A bound on top of autocannon's own duration, should a run ever hang.
  const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  try {
    return await instance;
  } finally {
    clearTimeout(guard);
  }
}

interface LoadRun {
  r: Result;
  cache: { hits: number; misses: number };
  mix?: MixedReport;
}

/** The request headers with --accept-encoding's, if given. */
function withEncoding(headers: Record<string, string>, opts: Options): Record<string, string> {
  return opts.acceptEncoding === null
    ? headers
    : { ...headers, 'accept-encoding': opts.acceptEncoding };
}

/** One URL, the same request on every connection. */
function singleLoad(url: string, headers: Record<string, string>, opts: Options) {
  headers = withEncoding(headers, opts);
  return async (seconds: number): Promise<LoadRun> => {
    const counter = cacheCounter();
    const r = await cannon({ url, headers, setupClient: counter.setupClient }, opts, seconds);
    return { r, cache: counter.counts };
  };
}

/** The mixed workload: every request drawn from the size's one deterministic stream. */
function mixedLoad(baseUrl: string, workload: MixedWorkload, opts: Options) {
  return async (seconds: number): Promise<LoadRun> => {
    const stats = new MixedStats(opts.requestsOut !== null);
    const r = await cannon(
      {
        url: baseUrl,
        requests: [
          {
            setupRequest: (req, context) => {
              const next = workload.next();
              context.kind = next.kind;
              context.path = next.path;
              context.signedIn = next.headers.authorization !== undefined;
              req.method = next.method;
              req.path = next.path;
              req.headers = withEncoding(next.headers, opts);
              req.body = next.body ?? '';
              return req;
            },
            onResponse: (status, _body, context, headers) =>
              stats.answer(
                context.kind as Kind,
                status,
                headers['x-cache'],
                context.path as string,
                context.signedIn as boolean,
              ),
          },
        ],
      },
      opts,
      seconds,
      (ms) => stats.latency(ms),
    );
    const mix = stats.report(workload);
    if (opts.requestsOut) fs.writeFileSync(opts.requestsOut, stats.requestLines());
    return { r, cache: { hits: mix.hits, misses: mix.misses }, mix };
  };
}

async function runCases(
  instance: { app: AppProcess; restart: () => Promise<AppProcess> },
  cases: BenchCase[],
  ctx: CaseContext,
  token: string,
  opts: Options,
  dbPids: () => Promise<number[]>,
  workload: MixedWorkload | null,
  ceiling: Ceiling | null,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const p = c.path(ctx);
    const bearer = c.owner ? ctx.ownerToken : c.auth ? token : null;
    const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
    // The load against the instance running now (--cold-start replaces it: another port).
    const loadOn = (app: AppProcess): ((seconds: number) => Promise<LoadRun>) => {
      if (!c.mixed) return singleLoad(`${app.baseUrl}${p}`, headers, opts);
      if (!workload) throw new Error('the mixed case has no workload');
      return mixedLoad(app.baseUrl, workload, opts);
    };
    const total = c.mixed ? '' : await fireOnce(`${instance.app.baseUrl}${p}`, headers);
    let best: CaseResult | null = null;
    let tries = 0;
    for (let attempt = 1; attempt <= opts.retries + 1; attempt++) {
      tries = attempt;
      const idleBusy = await waitForQuiet(opts.quietWait, 20);
      if (idleBusy > 20) log(`  (machine still ${idleBusy}% busy before ${c.name})`);
      if (opts.warmup > 0) await loadOn(instance.app)(opts.warmup);
      if (opts.coldStart) instance.app = await instance.restart();
      const app = instance.app;
      const load = loadOn(app);
      const pids = await dbPids();
      const before = cpuSnapshot(appPids(app), pids);
      const { r, cache, mix } = await load(opts.duration);
      // With the backends the app connected during the run (a new instance's pool opens them as
      // the load comes): all their CPU is the run's; left out, it was counted as other processes'.
      const during = [...new Set([...pids, ...(await dbPids())])];
      const cpu = cpuBetween(before, cpuSnapshot(appPids(app), during));
      const rps = Math.round(r.requests.average);
      const result: CaseResult = {
        case: c.name,
        label: c.label,
        path: p,
        total: mix ? `${mix.distinctPaths} urls` : total,
        requests: r.latency.totalCount,
        rps,
        p50: r.latency.p50,
        p90: r.latency.p90,
        p99: r.latency.p99,
        max: r.latency.max,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        cpu,
        busyBefore: idleBusy,
        tries: attempt,
        kept: attempt,
        cacheHitRate: hitRate(cache),
        cache,
        ceilingPct: ceiling ? Math.round((rps / ceiling.rps) * 1000) / 10 : null,
        bytesPerAnswer:
          r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
        cpuMsPerRequest: {
          app: rps > 0 ? Math.round((cpu.app * 1000) / rps) / 100 : 0,
          db: rps > 0 ? Math.round((cpu.db * 1000) / rps) / 100 : 0,
        },
        ...(mix ? { mix } : {}),
      };
      log(
        `  ${c.name.padEnd(20)} ${String(result.rps).padStart(6)} req/s  p50 ${fmtMs(result.p50)} ms  ` +
          `p99 ${fmtMs(result.p99)} ms  max ${fmtMs(result.max)} ms  errors ${result.errors}  ` +
          (mix
            ? `unexpected ${mix.unexpected}  expected 4xx ${mix.expected4xx}  `
            : `non-2xx ${result.non2xx}  `) +
          `cache hits ${fmtPct(result.cacheHitRate)}  ` +
          `cpu app ${cpu.app}% db ${cpu.db}% autocannon ${cpu.bench}% other ${cpu.other}%  ` +
          `cpu per request app ${result.cpuMsPerRequest.app} ms db ${result.cpuMsPerRequest.db} ms`,
      );
      // Keep the run the rest of the machine disturbed least; another try if it was disturbed.
      if (!best || cpu.other < best.cpu.other) best = result;
      if (cpu.other <= opts.noiseLimit) break;
      if (attempt <= opts.retries) {
        log(`    other processes used ${cpu.other}% of a core during the run: measuring again`);
      }
    }
    const kept: CaseResult = { ...best!, tries };
    if (kept.mix && workload) {
      kept.mix.serviceMs = await profileMix(instance.app.baseUrl, workload);
    }
    if (opts.ceilingBytes && !c.mixed) {
      const same = await measureByteCeiling(opts, kept.bytesPerAnswer);
      kept.ceilingBytes = { ...same, pct: Math.round((kept.rps / same.rps) * 1000) / 10 };
      log(
        `    same bytes: a hello-world answering ${kept.bytesPerAnswer} bytes a request ` +
          `${same.rps} req/s; ${c.name} is ${kept.ceilingBytes.pct}% of it`,
      );
    }
    results.push(kept);
  }
  return results;
}

/**
 * --proxy: the cases through nginx in front of each count of instances in turn (the first
 * instance is `first`; the others are started beside it and stopped after their count). The
 * instances' and nginx's CPU is the app's; each result's case is named with the count.
 */
async function runBehindProxy(
  counts: number[],
  first: AppProcess,
  start: () => Promise<AppProcess>,
  measure: (on: { app: AppProcess; restart: () => Promise<AppProcess> }) => Promise<CaseResult[]>,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const count of counts) {
    const others: AppProcess[] = [];
    let proxy: Proxy | null = null;
    try {
      while (others.length < count - 1) others.push(await start());
      const upstreams = [first, ...others].map((a) => new URL(a.baseUrl).host);
      proxy = await startNginx(upstreams, await freePort());
      const through = proxy;
      log(`  nginx ${through.baseUrl} in front of ${upstreams.join(', ')}`);
      const view: AppProcess = {
        ...first,
        baseUrl: through.baseUrl,
        morePids: () => [...others.map((a) => a.child.pid ?? 0), ...through.pids()],
      };
      const measured = await measure({
        app: view,
        restart: () => Promise.reject(new Error('--proxy does not restart instances')),
      });
      for (const r of measured) {
        results.push({
          ...r,
          case: `${r.case} via nginx, ${count} instance${count > 1 ? 's' : ''}`,
        });
      }
    } finally {
      await proxy?.stop();
      for (const a of others) await stopApp(a);
    }
  }
  return results;
}

/**
 * What each kind of the mix costs on its own: requests of the stream sent one at a time (one
 * connection, nothing queued), 30 per kind. Under load the kinds' latencies are mostly queueing
 * behind each other; these times say which kinds are expensive.
 */
async function profileMix(baseUrl: string, workload: MixedWorkload, perKind = 30) {
  const times = new Map<Kind, number[]>();
  const slowest = new Map<Kind, { ms: number; path: string }>();
  for (let drawn = 0; drawn < 100_000; drawn++) {
    const next = workload.next();
    const list = times.get(next.kind) ?? [];
    times.set(next.kind, list);
    if (list.length >= perKind) {
      if ([...times.values()].every((l) => l.length >= perKind) && times.size >= 9) break;
      continue;
    }
    const start = performance.now();
    const res = await fetch(`${baseUrl}${next.path}`, {
      method: next.method,
      headers: next.headers,
      body: next.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    const ms = performance.now() - start;
    list.push(ms);
    if (ms > (slowest.get(next.kind)?.ms ?? -1)) slowest.set(next.kind, { ms, path: next.path });
  }
  const out: NonNullable<MixedReport['serviceMs']> = {};
  log('  mixed, each kind alone (one connection, 30 requests each):');
  for (const [kind, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
    const worst = slowest.get(kind)!;
    out[kind] = {
      n: sorted.length,
      p50: at(0.5),
      p90: at(0.9),
      max: worst.ms,
      slowest: worst.path,
    };
    log(
      `    ${kind.padEnd(20)} p50 ${fmtMs(at(0.5)).padStart(5)}  p90 ${fmtMs(at(0.9)).padStart(5)}  ` +
        `max ${fmtMs(worst.ms).padStart(5)} ms  (slowest: ${worst.path})`,
    );
  }
  return out;
}

// ---- the framework's ceiling (--ceiling) ---------------------------------------------------

/** A Fastify hello-world (bench/hello-world.ts) under the same load as every case. */
async function measureCeiling(opts: Options): Promise<Ceiling> {
  log('\n== ceiling: a Fastify hello-world on this machine, same load ==');
  const app = await startApp({}, 'bench/hello-world.ts', '/');
  currentApp = app;
  try {
    const url = `${app.baseUrl}/`;
    const idleBusy = await waitForQuiet(opts.quietWait, 20);
    if (idleBusy > 20) log(`  (machine still ${idleBusy}% busy before the ceiling)`);
    if (opts.warmup > 0) await cannon({ url }, opts, opts.warmup);
    const before = cpuSnapshot([app.child.pid ?? 0], []);
    const r = await cannon({ url }, opts, opts.duration);
    const cpu = cpuBetween(before, cpuSnapshot([app.child.pid ?? 0], []));
    const { version } = JSON.parse(
      fs.readFileSync(
        path.join(path.dirname(createRequire(import.meta.url).resolve('fastify')), 'package.json'),
        'utf8',
      ),
    ) as { version: string };
    const ceiling: Ceiling = {
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors + r.timeouts + r.non2xx,
      cpu,
      fastify: version,
    };
    log(
      `  hello-world (fastify ${version}) ${ceiling.rps} req/s  p50 ${fmtMs(ceiling.p50)} ms  ` +
        `p99 ${fmtMs(ceiling.p99)} ms  max ${fmtMs(ceiling.max)} ms  errors ${ceiling.errors}  ` +
        `cpu app ${cpu.app}% autocannon ${cpu.bench}% other ${cpu.other}%`,
    );
    return ceiling;
  } finally {
    await stopApp(app);
    currentApp = null;
  }
}

/**
 * --ceiling-bytes: the hello-world answering `answerBytes` bytes a request (headers included, as
 * autocannon counts them), under the same load, so the load generator reads as much as it did
 * for the case.
 */
async function measureByteCeiling(
  opts: Options,
  answerBytes: number,
): Promise<{ rps: number; bodyBytes: number }> {
  const app = await startApp({}, 'bench/hello-world.ts', '/');
  // Measured between two cases, while the case's app runs: that one is stopped afterwards as the
  // current app again (it was left running, busy with its own timers, when this forgot it).
  const caseApp = currentApp;
  currentApp = app;
  try {
    // What the hello-world's own status line and headers take, to size the body.
    const empty = await cannon({ url: `${app.baseUrl}/bytes/0` }, opts, 1);
    const headerBytes = Math.round(empty.throughput.total / Math.max(1, empty.requests.total));
    const bodyBytes = Math.max(0, answerBytes - headerBytes);
    const url = `${app.baseUrl}/bytes/${bodyBytes}`;
    await waitForQuiet(opts.quietWait, 20);
    if (opts.warmup > 0) await cannon({ url }, opts, opts.warmup);
    const r = await cannon({ url }, opts, opts.duration);
    return { rps: Math.round(r.requests.average), bodyBytes };
  } finally {
    await stopApp(app);
    currentApp = caseApp;
  }
}

// ---- one size -----------------------------------------------------------------------------

interface Prepared {
  appEnv: Record<string, string>;
  seed: SeedReport | null;
  hotEntityId: string;
  hotEntitySlug: string;
  hotEntityReviews: number;
  token: string;
  /** The results case's offer and a session of its company (docs/decisions/031). */
  results: { offerId: string; token: string };
  /** Users, sessions and targets of the mixed case (null when it is not run). */
  mixed: MixedFixture | null;
  cleanup: () => Promise<void>;
  benchUrl?: string;
}

const wantsMixed = (opts: Options) => !opts.cases || opts.cases.includes('mixed');

/** What every case reads besides the data: the viewer, the hot entity, results and mixed fixtures. */
async function prepareFixtures(
  database: Database,
  seeded: boolean,
  opts: Options,
): Promise<Omit<Prepared, 'appEnv' | 'seed' | 'cleanup' | 'benchUrl'>> {
  const token = await createViewer(database);
  const hot = await hotEntity(database.query);
  const results = await prepareResults(database, seeded);
  const mixed = wantsMixed(opts) ? await prepareMixed(database) : null;
  return {
    hotEntityId: hot.id,
    hotEntitySlug: hot.slug,
    hotEntityReviews: hot.reviews,
    token,
    results,
    mixed,
  };
}

async function createViewer(database: Database): Promise<string> {
  const user = await insertUser(database.db, {
    email: `bench-viewer-${Date.now()}@bench.example`,
    passwordHash: 'bench-not-a-password-hash',
    firstName: 'Bench',
    lastName: 'Viewer',
    emailVerifiedAt: new Date(),
  });
  const { token } = await startSession(database.db, user!.id);
  return token;
}

/**
 * The results case (docs/decisions/031): after a fresh seed, the daily roll-ups built from the seeded
 * clicks (the function the demo seed uses); then a session of the results offer's company.
 */
async function prepareResults(
  database: Database,
  seeded: boolean,
): Promise<{ offerId: string; token: string }> {
  if (seeded) {
    const start = performance.now();
    await rebuildDaily(database.db, 100);
    await database.query('VACUUM (ANALYZE) tracking_daily');
    log(
      `  ${'results roll-ups'.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s`,
    );
  }
  const { rows } = await database.query(`
    SELECT o.id, o.entity_id, e.entity_type FROM offer_applications a
    JOIN offers o ON o.id = a.offer_id JOIN entities e ON e.id = o.entity_id
    WHERE a.message = 'Benchmark application 1'`);
  const offer = rows[0] as { id: string; entity_id: string; entity_type: string };
  const user = await insertUser(database.db, {
    email: `bench-owner-${Date.now()}@bench.example`,
    passwordHash: 'bench-not-a-password-hash',
    firstName: 'Bench',
    lastName: 'Owner',
    emailVerifiedAt: new Date(),
    role: offer.entity_type,
    entityId: offer.entity_id,
  });
  const { token } = await startSession(database.db, user!.id);
  return { offerId: offer.id, token };
}

async function hotEntity(exec: Exec): Promise<{ id: string; slug: string; reviews: number }> {
  const { rows } = await exec(`
    SELECT id, slug, total_reviews FROM entities WHERE verification_status = 'approved'
    ORDER BY total_reviews DESC, id LIMIT 1`);
  return {
    id: String(rows[0]?.id),
    slug: String(rows[0]?.slug),
    reviews: Number(rows[0]?.total_reviews ?? 0),
  };
}

async function preparePostgres(serverUrl: string, size: number, opts: Options): Promise<Prepared> {
  const name = `trustlinks_bench_${size}`;
  const benchUrl = withDatabase(serverUrl, name);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]))
      .rowCount;
    let seed: SeedReport | null = null;
    if (!(opts.reuse && exists)) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const database = await openDatabase({ databaseUrl: benchUrl, poolSize: 2 });
      await migrate(database);
      await database.close();
      // Two sessions: offers and companies load side by side (the machine has two cores).
      const clients = [0, 1].map(() => new pg.Client({ connectionString: benchUrl }));
      try {
        const execs: Exec[] = [];
        for (const client of clients) {
          await client.connect();
          // Generous, but a run cannot hang on one statement.
          await client.query(`SET statement_timeout = '20min'`);
          execs.push(async (sql) => ({ rows: (await client.query(sql)).rows }));
        }
        log(`  seeding ${name} (PostgreSQL, two sessions):`);
        seed = await seedBenchData(execs, sizesFor(size, opts.contacts), log, { postgres: true });
      } finally {
        for (const client of clients) await client.end().catch(() => {});
      }
    } else {
      // Migrations added since it was seeded (new indexes) apply now, then fresh statistics.
      log(`  reusing the kept database ${name}: migrating and analyzing`);
      const database = await openDatabase({ databaseUrl: benchUrl, poolSize: 2 });
      try {
        await migrate(database);
        await database.query('ANALYZE');
      } finally {
        await database.close();
      }
    }
    const database = await openDatabase({ databaseUrl: benchUrl, poolSize: 2 });
    try {
      return {
        appEnv: { DATABASE_URL: benchUrl },
        seed,
        ...(await prepareFixtures(database, seed !== null, opts)),
        benchUrl,
        cleanup: async () => {
          if (opts.keep) {
            log(`  kept database ${name} (--keep)`);
            return;
          }
          const c = new pg.Client({ connectionString: serverUrl });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
          log(`  dropped database ${name}`);
        },
      };
    } finally {
      await database.close();
    }
  } finally {
    await admin.end();
  }
}

async function preparePglite(size: number, opts: Options): Promise<Prepared> {
  const dir = path.join(os.tmpdir(), `trustlinks-bench-pglite-${size}`);
  let seed: SeedReport | null = null;
  const reuse = opts.reuse && fs.existsSync(dir);
  if (!reuse) fs.rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dir });
  try {
    if (!reuse) {
      await migrate(database);
      log(`  seeding ${dir} (PGlite):`);
      seed = await seedBenchData([database.query], sizesFor(size, opts.contacts), log, {
        postgres: false,
      });
    } else {
      log(`  reusing the kept PGlite folder ${dir}: migrating and analyzing`);
      await migrate(database);
      await database.query('ANALYZE');
    }
    return {
      appEnv: { DATABASE_URL: '', DATA_DIR: dir },
      seed,
      ...(await prepareFixtures(database, seed !== null, opts)),
      cleanup: async () => {
        if (opts.keep) {
          log(`  kept ${dir} (--keep)`);
          return;
        }
        fs.rmSync(dir, { recursive: true, force: true });
        log(`  removed ${dir}`);
      },
    };
  } finally {
    await database.close();
  }
}

let currentApp: AppProcess | null = null;
let currentCleanup: (() => Promise<void>) | null = null;

async function runSize(
  size: number,
  opts: Options,
  serverUrl: string | undefined,
  ceiling: Ceiling | null,
) {
  log(`\n== ${size.toLocaleString('en-US')} rows on ${serverUrl ? 'PostgreSQL' : 'PGlite'} ==`);
  const startedAt = new Date().toISOString();
  const prepared = serverUrl
    ? await preparePostgres(serverUrl, size, opts)
    : await preparePglite(size, opts);
  currentCleanup = prepared.cleanup;
  let postgresVersion: string | undefined;
  try {
    if (prepared.benchUrl) {
      const c = new pg.Client({ connectionString: prepared.benchUrl });
      await c.connect();
      postgresVersion = String((await c.query('SHOW server_version')).rows[0]?.server_version);
      await c.end();
    }
    const cases = CASES.filter((c) => !opts.cases || opts.cases.includes(c.name));
    const workload = prepared.mixed
      ? new MixedWorkload(prepared.mixed, undefined, opts.longTail)
      : null;
    const start = () =>
      startApp(
        {
          ...prepared.appEnv,
          ...(workload ? MIXED_APP_ENV : {}),
          ...(opts.readCacheMs === null ? {} : { READ_CACHE_MS: String(opts.readCacheMs) }),
        },
        undefined,
        undefined,
        opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProf}`] : [],
      );
    currentApp = await start();
    log(
      `  load: ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s per case` +
        (opts.coldStart
          ? ', measured on a new instance from its first second (--cold-start)'
          : '') +
        (opts.longTail > 0 ? `, ${opts.longTail * 100} % of searches never asked before` : '') +
        `, app: node ${START_NODE_FLAGS.join(' ')}` +
        (serverUrl ? '' : ' (PGlite: one connection, every query queues behind the last)'),
    );
    const benchUrl = prepared.benchUrl;
    // The app's pooled connections to the bench database (PGlite runs inside the app process).
    const dbPids = async () => {
      if (!benchUrl) return [];
      const c = new pg.Client({ connectionString: benchUrl });
      await c.connect();
      try {
        const { rows } = await c.query(
          'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        return rows.map((r: { pid: number }) => Number(r.pid));
      } finally {
        await c.end();
      }
    };
    const instance = {
      app: currentApp,
      restart: async () => {
        await stopApp(currentApp);
        // --warmup 0: a start with nothing before it, not even what earlier runs on this database
        // saved as they stopped (docs/decisions/056, 058).
        if (opts.warmup === 0 && benchUrl) await forgetWarmStart(benchUrl);
        currentApp = await start();
        return currentApp;
      },
    };
    const caseContext: CaseContext = {
      hotEntityId: prepared.hotEntityId,
      hotEntitySlug: prepared.hotEntitySlug,
      resultsOfferId: prepared.results.offerId,
      ownerToken: prepared.results.token,
    };
    const measure = (on: { app: AppProcess; restart: () => Promise<AppProcess> }) =>
      runCases(on, cases, caseContext, prepared.token, opts, dbPids, workload, ceiling);
    const results = opts.proxy
      ? await runBehindProxy(opts.proxy, currentApp, start, measure)
      : await measure(instance);
    await stopApp(currentApp);
    currentApp = null;
    if (opts.explain && prepared.benchUrl) {
      await explainCases(prepared.benchUrl, {
        title: TITLE_WORD,
        companySearch: COMPANY_WORD,
        hotEntityId: prepared.hotEntityId,
      });
    }
    const out: SizeResult = {
      size,
      database: serverUrl ? 'postgresql' : 'pglite',
      startedAt,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        ...(postgresVersion ? { postgres: postgresVersion } : {}),
      },
      load: {
        connections: opts.connections,
        durationS: opts.duration,
        warmupS: opts.warmup,
        coldStart: opts.coldStart,
        longTail: opts.longTail,
        readCacheMs: opts.readCacheMs ?? APP_DEFAULT_READ_CACHE_MS,
        acceptEncoding: opts.acceptEncoding,
      },
      seed: prepared.seed,
      hotEntityReviews: prepared.hotEntityReviews,
      ceiling,
      results,
    };
    return out;
  } finally {
    await stopApp(currentApp);
    currentApp = null;
    await prepared.cleanup();
    currentCleanup = null;
  }
}

// ---- report -------------------------------------------------------------------------------

function meetsTarget(c: CaseResult): boolean {
  // The mix answers clicks with 302 and may get expected 4xx: only unexpected answers count.
  const wrong = c.mix ? c.mix.unexpected : c.non2xx;
  return c.requests > 0 && c.p99 <= TARGET_P99_MS && c.errors === 0 && wrong === 0;
}

function printTable(r: SizeResult) {
  log(
    `\n${r.size.toLocaleString('en-US')} rows (${r.database}), ${r.load.connections} connections, ` +
      `${r.load.durationS} s per case, read cache ${r.load.readCacheMs ? `${r.load.readCacheMs} ms` : 'off'}; autocannon runs on the same ${r.machine.cpus} cores as the app and the database` +
      (r.ceiling
        ? `; hello-world ceiling ${r.ceiling.rps} req/s (p99 ${fmtMs(r.ceiling.p99)} ms)`
        : ''),
  );
  const head = [
    'case',
    'total',
    'req/s',
    '% ceil',
    '% bytes ceil',
    'p50 ms',
    'p99 ms',
    'max ms',
    'errors',
    'non-2xx',
    'cache hits',
    'target',
    'cpu% app/db/ac/other',
    'run',
  ];
  const rows = r.results.map((c) => [
    c.case,
    c.total,
    String(c.rps),
    c.ceilingPct === null || c.ceilingPct === undefined ? '–' : `${c.ceilingPct}%`,
    c.ceilingBytes ? `${c.ceilingBytes.pct}%` : '–',
    fmtMs(c.p50),
    fmtMs(c.p99),
    fmtMs(c.max),
    String(c.errors),
    // The mix: unexpected answers (+ expected ones: 302 of clicks, 409 of a repeated review).
    c.mix ? `${c.mix.unexpected} (+${c.non2xx - c.mix.unexpected})` : String(c.non2xx),
    fmtPct(c.cacheHitRate ?? null),
    meetsTarget(c) ? 'ok' : 'MISS',
    `${c.cpu.app}/${c.cpu.db}/${c.cpu.bench}/${c.cpu.other}`,
    `${c.kept}/${c.tries}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  log(line(head));
  for (const row of rows) log(line(row));
  for (const c of r.results) if (c.mix) printMix(c.mix);
}

/** The mixed case per kind of request. */
function printMix(mix: MixedReport) {
  log(
    `  mixed: ${mix.distinctPaths} distinct URLs; pools: ${Object.entries(mix.pools)
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}; writes ${mix.writes}; expected 4xx ${mix.expected4xx}; unexpected ${mix.unexpected}` +
      (mix.unexpected ? ` (${JSON.stringify(mix.unexpectedStatuses)})` : ''),
  );
  for (const k of mix.kinds) {
    log(
      `    ${k.kind.padEnd(20)} ${String(k.requests).padStart(7)} (${k.share.toFixed(1).padStart(4)}%)  ` +
        `p50 ${fmtMs(k.p50).padStart(5)}  p99 ${fmtMs(k.p99).padStart(5)}  max ${fmtMs(k.max).padStart(5)} ms  ` +
        `cache hits ${fmtPct(k.cacheHitRate).padStart(4)}  ${Object.entries(k.statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
  }
}

function growth(all: SizeResult[]) {
  if (all.length < 2) return null;
  const small = all[0]!;
  const large = all[all.length - 1]!;
  const factors = large.results.map((c) => {
    const base = small.results.find((s) => s.case === c.case);
    const factor = base && base.p99 > 0 ? c.p99 / base.p99 : NaN;
    return { case: c.case, smallP99: base?.p99 ?? NaN, largeP99: c.p99, factor };
  });
  log(
    `\np99 growth ${small.size.toLocaleString('en-US')} → ${large.size.toLocaleString('en-US')} rows (target ≤ ${TARGET_GROWTH}×)`,
  );
  for (const f of factors) {
    log(
      `  ${f.case.padEnd(20)} ${fmtMs(f.smallP99).padStart(6)} → ${fmtMs(f.largeP99).padStart(6)} ms  ` +
        `${f.factor.toFixed(2)}×  ${f.factor <= TARGET_GROWTH ? 'ok' : 'MISS'}`,
    );
  }
  return { from: small.size, to: large.size, factors };
}

const resultSuffix = (opts: Options) => (opts.readCacheMs === 0 ? '-nocache' : '');

// ---- main ---------------------------------------------------------------------------------

async function main() {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const opts = parseOptions(process.argv.slice(2), Boolean(serverUrl));
  log(
    `TrustLinks benchmark on ${serverUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (no DATABASE_URL; embedded and single-connection: every query waits for the one before)'}; ` +
      `sizes ${opts.sizes.map((s) => s.toLocaleString('en-US')).join(', ')}; ${os.cpus().length} cores shared by autocannon, the app and the database`,
  );
  const watchdog = setTimeout(() => {
    console.error(`benchmark: over ${opts.timeoutMin} minutes, stopping`);
    void shutdown(2);
  }, opts.timeoutMin * 60_000);
  watchdog.unref();

  fs.mkdirSync(opts.out, { recursive: true });
  const ceiling = opts.ceiling ? await measureCeiling(opts) : null;
  const all: SizeResult[] = [];
  for (const size of opts.sizes) {
    const r = await runSize(size, opts, serverUrl, ceiling);
    all.push(r);
    const file = path.join(opts.out, `${r.database}-${size}${resultSuffix(opts)}.json`);
    fs.writeFileSync(file, `${JSON.stringify(r, null, 2)}\n`);
    log(`  results written to ${path.relative(process.cwd(), file)}`);
  }
  for (const r of all) printTable(r);
  const g = growth(all);
  const summary = { runs: all, growth: g };
  log('\nJSON:');
  log(
    JSON.stringify(
      {
        ceiling,
        runs: all.map((r) => ({ size: r.size, database: r.database, results: r.results })),
        growth: g,
      },
      null,
      2,
    ),
  );
  if (all.length > 1) {
    fs.writeFileSync(
      path.join(opts.out, `${all[0]!.database}-summary${resultSuffix(opts)}.json`),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
  }
  clearTimeout(watchdog);
}

async function shutdown(code: number) {
  try {
    await stopApp(currentApp);
    await currentCleanup?.();
  } finally {
    process.exit(code);
  }
}

process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

main().then(
  () => process.exit(0),
  async (err: unknown) => {
    console.error('benchmark failed:', err instanceof Error ? err.message : err);
    await shutdown(1);
  },
);
