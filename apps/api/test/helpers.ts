import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { ReplicaOptions } from '../src/db/replica';
import { withDatabase } from './global-setup';
import type { MailTransport } from '../src/mail/transport';
import type { RouteDef } from '@trustlinks/contract/route';
import { addRoute, type RouteSettings, type TableHandler } from '../src/lib/route-table';

/** A route a test describes (with defineRoute) to try the plumbing on; registered under /api. */
export interface TestRoute {
  route: RouteDef;
  register: (app: FastifyInstance) => void;
}

/** `testRoute(defineRoute({ …, path: '/_test/x' }), settings, handler)` for buildTestApp's `routes`. */
export function testRoute<R extends RouteDef>(
  route: R,
  settings: RouteSettings,
  handler: TableHandler<R>,
): TestRoute {
  return { route, register: (app) => addRoute(app, route, settings, handler) };
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template. With `readReplica`
 * and DATABASE_READ_URL set (scripts/with-replica.sh), public reads go to the replica's copy of it.
 */
export async function createTestDatabase(
  options: { readReplica?: Omit<ReplicaOptions, 'url'> } = {},
): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `trustlinks_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplateDatabase')}`);
    const readUrl = process.env.DATABASE_READ_URL;
    const readReplica =
      options.readReplica && readUrl
        ? { ...options.readReplica, url: withDatabase(readUrl, name) }
        : undefined;
    if (readReplica) await waitUntilReplayed(readReplica.url);
    const database = await openDatabase({
      databaseUrl: withDatabase(url, name),
      poolSize: 5,
      readReplica,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplateFile'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/** The replica replays CREATE DATABASE a moment after the primary ran it. */
async function waitUntilReplayed(replicaUrl: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: replicaUrl });
    try {
      await client.connect();
      return;
    } catch (err) {
      if (attempt >= 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** The authenticator apps' key of the tests (32 bytes, hex). */
export const TEST_MFA_SECRET_KEY = '7e57'.repeat(16);

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    APP_URL: 'http://localhost:3000',
    // Factories write to the database directly, past the HTTP writes that empty the read cache;
    // src/lib/read-cache.test.ts tests the cache with it on.
    READ_CACHE_MS: '0',
    // Test files sign many people up from one address; users.test.ts tests the limit itself.
    SIGNUP_LIMIT_PER_HOUR: '100000',
    // Pages are rendered for one address with the read cache off; pages.test.ts tests the limit.
    PAGE_RENDERS_PER_CLIENT_PER_MINUTE: '100000',
    // A fixed key, so that no test writes a key file into DATA_DIR (totp-secrets.test.ts tests
    // the file).
    MFA_SECRET_KEY: TEST_MFA_SECRET_KEY,
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

/**
 * Builds the real app on a fresh database. `extend` may add routes before the app is ready
 * (used to exercise plumbing such as guards without a feature route).
 */
export async function buildTestApp(
  options: {
    config?: Record<string, string>;
    webDistDir?: string;
    extend?: (app: FastifyInstance) => void | Promise<void>;
    /** Routes of the test's own (testRoute), registered under /api from their descriptions. */
    routes?: readonly TestRoute[];
    mailTransport?: MailTransport;
    /** Public lists read from DATABASE_READ_URL when it is set (createTestDatabase). */
    readReplica?: boolean;
    /** A database the test made itself (closed with the app) instead of a fresh one. */
    database?: Database;
  } = {},
): Promise<TestContext> {
  const config = testConfig(options.config);
  const database =
    options.database ??
    (await createTestDatabase(
      options.readReplica
        ? { readReplica: { maxLagMs: config.REPLICA_MAX_LAG_MS, retryMs: config.REPLICA_RETRY_MS } }
        : {},
    ));
  const app = await buildApp({
    config,
    database,
    logger: false,
    webDistDir: options.webDistDir ?? '/nonexistent-web-dist',
    // Mails stay in the outbox where tests read them; mail tests drive the worker themselves.
    startMailWorker: false,
    testRoutes: (options.routes ?? []).map((r) => r.route),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  const routes = options.routes ?? [];
  if (routes.length > 0) {
    await app.register(
      async (scope) => {
        for (const route of routes) route.register(scope);
      },
      { prefix: '/api' },
    );
  }
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A test file's app (useTestApp), with the two shortcuts every API test uses. */
export interface FileApp extends TestContext {
  /** The file's database (drizzle), for factories and direct reads. */
  db: () => Database['db'];
  /** A request to the real app. */
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
}

/**
 * The one preamble of an API test file: the real app on a fresh database, built before the
 * file's tests and closed after them. Read `app`/`database` only inside tests and hooks.
 */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}): FileApp {
  let built: TestContext | undefined;
  beforeAll(async () => {
    built = await buildTestApp(options);
  });
  afterAll(() => built?.close());
  const current = (): TestContext => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    close: () => current().close(),
    db: () => current().database.db,
    inject: (o) => current().app.inject(o),
  };
}

/**
 * Another instance of the app on `database` (as a second process would run it, here in this one):
 * the tests of what instances share (read cache, sessions, warm start, a proxy in front). Ready.
 */
export async function buildInstance(
  database: Database,
  config: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(config),
    database,
    logger: false,
    webDistDir: '/nonexistent-web-dist',
    startMailWorker: false,
  });
  await app.ready();
  return app;
}
