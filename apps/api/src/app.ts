import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { REPO_ROOT, type Config } from './config';
import type { Database, Db } from './db/client';
import { registerReadRouting, withReadRouting } from './db/read-routing';
import { registerAuth } from './auth/guards';
import type { RouteDef } from '@trustlinks/contract/route';
import { ALL_ROUTES } from '@trustlinks/contract/routes/index';
import { registerRouteTable } from './lib/route-table';
import { needsEnrolment } from './modules/users/mfa/mfa.service';
import { registerSessionCache } from './auth/session-cache';
import { ERROR_MESSAGES, registerErrorHandling, registerInputGuards } from './lib/http-errors';
import { COMPRESSION } from './lib/compression';
import { registerFloodGuard } from './lib/flood-guard';
import { MINUTE_MS } from './lib/time';
import { lazyChildLoggerFactory, loggerOptions } from './lib/logger';
import { ReadCache, registerReadCache, registerWarmStart } from './lib/read-cache';
import { registerRequestAdmission } from './lib/concurrency';
import { compiledSerializerCompiler } from './lib/serializer';
import type { Deps } from './lib/deps';
import { createMailTransport, type MailTransport } from './mail/transport';
import { MailWorker } from './mail/worker';
import { TrustWorker } from './modules/reviews/trust/trust.worker';
import { warningsRoutes } from './modules/warnings/warnings.routes';
import { healthRoutes } from './modules/health/health.routes';
import { usersRoutes } from './modules/users/users.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { entitiesRoutes } from './modules/entities/entities.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { offerRequestsRoutes } from './modules/offer-requests/offer-requests.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { applicationsRoutes, trackingLinkRoutes } from './modules/applications/applications.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { resultsRoutes } from './modules/results/results.routes';
import { registerAddressRedirects, seoRoutes } from './modules/seo/seo.routes';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { reviewInvitationsRoutes } from './modules/reviews/invitations/invitations.routes';
import { SavedSearchAlertWorker } from './modules/saved-searches/saved-search-alerts';
import { landingRoutes } from './modules/landing/landing.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { threadsRoutes } from './modules/threads/threads.routes';
import { accountRoutes } from './modules/account/account.routes';
import { reviewersRoutes } from './modules/reviewers/reviewers.routes';
import { transparencyRoutes } from './modules/transparency/transparency.routes';
import { loadPageRenderer, type PageRenderer } from './modules/pages/pages';
import { isApiPath, registerPagePosts } from './modules/pages/page-posts';
import { registerFormPosts } from './modules/pages/form-posts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    deps: Deps;
    mailWorker: MailWorker;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Built SPA to serve; defaults to apps/web/dist. Absent folder: API only. */
  webDistDir?: string;
  /** Tests pass false to keep output quiet. */
  logger?: boolean;
  /** Defaults to SMTP when SMTP_URL is set, else the console. */
  mailTransport?: MailTransport;
  /**
   * Deliver the outbox and run the TrustScore upkeep in the background (default true); tests
   * drive `app.mailWorker` and runTrustUpkeep by hand.
   */
  startMailWorker?: boolean;
  /**
   * Routes a test describes beside the table, to try the plumbing (guards, errors, the read
   * cache) on a route of its own; they are held to the same rules (lib/route-table.ts).
   */
  testRoutes?: readonly RouteDef[];
}

export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
const BODY_LIMIT_BYTES = 1024 * 1024;
const TRUST_UPKEEP_INTERVAL_MS = 10 * 60_000;

/** The whole HTTP application, in dependency order: infrastructure → auth → modules → SPA. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    // request.log makes its pino child only when the request writes a line (lib/logger.ts).
    ...(options.logger === false ? {} : { childLoggerFactory: lazyChildLoggerFactory }),
    // In development a line per request buries what matters; errors are still logged.
    ...(config.NODE_ENV === 'development'
      ? { logController: new LogController({ disableRequestLogging: true }) }
      : {}),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    // Honour a sane upstream request id (load balancer), otherwise make one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Compiled per route from the zod response schemas; outside production every answer is also
  // checked against zod's (lib/serializer.ts, docs/decisions/016-cpu-per-request.md).
  app.setSerializerCompiler(
    compiledSerializerCompiler({ check: config.NODE_ENV !== 'production' }),
  );
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  const transport = options.mailTransport ?? createMailTransport(config.SMTP_URL);
  const mailWorker = new MailWorker({
    db: database.db,
    transport,
    from: config.MAIL_FROM,
    log: app.log,
  });
  app.decorate('mailWorker', mailWorker);
  // forPublicRead: public lists read from DATABASE_READ_URL when set (db/read-routing.ts).
  const deps: Deps = withReadRouting(
    { db: database.db, config, log: app.log, wakeMailer: () => mailWorker.wake() },
    database.replica,
  );
  app.decorate('deps', deps);
  if (options.startMailWorker !== false) app.addHook('onReady', async () => mailWorker.start());
  // TrustScore upkeep (platform prior, votes of accounts come of age, ageing scores); tests run
  // runTrustUpkeep by hand, like the mail worker.
  const trustWorker = new TrustWorker({
    db: database.db,
    priorReviews: config.TRUSTSCORE_PRIOR_REVIEWS,
    intervalMs: TRUST_UPKEEP_INTERVAL_MS,
    log: app.log,
  });
  if (options.startMailWorker !== false) app.addHook('onReady', async () => trustWorker.start());
  // Saved-search alerts (docs/decisions/028); tests run runSavedSearchAlerts by hand.
  const alertWorker = new SavedSearchAlertWorker(deps, app.log);
  if (options.startMailWorker !== false) app.addHook('onReady', async () => alertWorker.start());
  app.addHook('onClose', async () => {
    await alertWorker.stop();
    await trustWorker.stop();
    await mailWorker.stop();
    transport.close();
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // First of the request hooks: what a request costs is worked on in its turn.
  registerRequestAdmission(app, config.MAX_ACTIVE_REQUESTS);
  registerErrorHandling(app);
  registerInputGuards(app);
  const readCache = new ReadCache(
    config.READ_CACHE_MS,
    config.READ_CACHE_MAX_MB * 1024 * 1024,
    undefined,
    config.READ_CACHE_MAX_AGE_MS,
  );
  await registerReadCache(app, readCache, {
    database,
    replicaLagMs: database.replica ? config.REPLICA_MAX_LAG_MS : 0,
    publicMaxAgeS: config.READ_CACHE_PUBLIC_MAX_AGE_S,
    publicStaleS: config.READ_CACHE_PUBLIC_STALE_S,
  });
  registerWarmStart(app, readCache, { database, urls: config.READ_CACHE_WARM_URLS });
  await registerReadRouting(app, config, database.replica, database.db);

  const webDistDir = options.webDistDir ?? config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  // helmet's headers, worked out once: the options give the same headers on every answer (no
  // nonce), so instead of running helmet's middleware per request (~13 functions, each setting a
  // header on the raw response) one hook copies the finished set (docs/decisions/016-cpu-per-request.md).
  const securityHeaders = staticHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The SPA's tiny inline theme script (no flash of the wrong theme) is allowed by its hash.
          'script-src': ["'self'", ...inlineScriptHashes(path.join(webDistDir, 'index.html'))],
          'img-src': ["'self'", 'data:', 'https:'],
          'connect-src': ["'self'"],
        },
      },
      // The SPA links out to offer landing pages and entity websites.
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  // JSON answers over 1 KB are compressed for clients that ask (brotli at quality 4, gzip); the
  // SPA's files come precompressed from the build (registerSpa), so they cost no CPU here, and
  // the read cache keeps its answers' compressed bytes, sent with their Content-Encoding, which
  // the plugin passes as they are (lib/read-cache/http.ts).
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION.threshold,
    encodings: [...COMPRESSION.encodings],
    brotliOptions: COMPRESSION.brotliOptions,
  });

  // Before the session check and the routes: a flood costs one Map lookup a request.
  registerFloodGuard(app, {
    max: config.RATE_LIMIT_PER_MINUTE,
    windowMs: MINUTE_MS,
    message: ERROR_MESSAGES.rateLimited,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'TrustLinks API',
        description: 'Trust, directory and marketplace API for the affiliate-marketing industry.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every /api route comes from the contract's route table (docs/decisions/046-route-table.md).
  registerRouteTable(app, [...ALL_ROUTES, ...(options.testRoutes ?? [])]);
  registerAuth(app, database.db, await registerSessionCache(app, database, config), (db, user) =>
    needsEnrolment(db, config, user),
  );

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(identityRoutes, { prefix: '/api' });
  await app.register(companiesRoutes, { prefix: '/api' });
  await app.register(entitiesRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(offersRoutes, { prefix: '/api' });
  await app.register(offerRequestsRoutes, { prefix: '/api' });
  await app.register(reviewsRoutes, { prefix: '/api' });
  await app.register(warningsRoutes, { prefix: '/api' });
  await app.register(applicationsRoutes, { prefix: '/api' });
  await app.register(resultsRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(savedSearchesRoutes, { prefix: '/api' });
  await app.register(reviewInvitationsRoutes, { prefix: '/api' });
  // Decision 026: the landing's data, contact messages, account data rights.
  await app.register(landingRoutes, { prefix: '/api' });
  await app.register(categoriesRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(threadsRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(reviewersRoutes, { prefix: '/api' });
  await app.register(transparencyRoutes, { prefix: '/api' });
  // Tracking links live outside /api (shared as /go/{code}); registered before the SPA fallback.
  await app.register(trackingLinkRoutes);
  // robots.txt, the sitemap, badges and the readable addresses' redirects (docs/decisions/022).
  await app.register(seoRoutes);
  registerAddressRedirects(app);

  registerSpa(app, webDistDir, await loadPageRenderer(app, webDistDir));
  return app;
}

/**
 * The bodies of the inline scripts a browser would run in `html`: not those with a `src`, not the
 * non-executed JSON ones (data handed to the app, JSON-LD).
 */
export function executableInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\btype="application\/(ld\+)?json"/i.test(attributes!))
    .map(([, , body]) => body!)
    .filter((body) => body.trim() !== '');
}

/** CSP source expressions for the inline scripts of the built index.html. */
export function inlineScriptHashes(indexPath: string): string[] {
  if (!fs.existsSync(indexPath)) return [];
  return executableInlineScripts(fs.readFileSync(indexPath, 'utf8')).map(
    (body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

type Middleware = (req: never, res: never, next: (error?: unknown) => void) => void;

/**
 * The headers a middleware sets when it sets the same ones on every response (helmet with static
 * options), recorded once; it must not read the request, remove or read headers.
 */
export function staticHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as never, res as never, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the header middleware did not finish synchronously');
  return headers;
}

/** TRUST_PROXY: true/false, a hop count, or addresses/CIDRs (comma-separated). */
function trustProxyOption(value: boolean | number | string) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return value;
}

/**
 * Serves the built SPA: the pages of the app rendered on the server (modules/pages,
 * docs/decisions/021-server-rendering.md), or index.html when the build has no server renderer;
 * unknown /api paths get JSON 404.
 */
function registerSpa(app: FastifyInstance, distDir: string, pages: PageRenderer | undefined): void {
  const indexPath = path.join(distDir, 'index.html');
  const hasSpa = fs.existsSync(indexPath);
  // A form the browser posted itself: the sign-in is answered (modules/pages/form-posts.ts), any
  // other goes back to its page (modules/pages/page-posts.ts).
  if (pages) registerFormPosts(app, pages);
  registerPagePosts(app);
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The server's build (dist/ssr) and Vite's manifest are never sent.
      globIgnore: ['ssr/**', '.vite/**'],
      // apps/web/scripts/precompress.mjs writes .br and .gz beside each file at build time.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  // Unknown paths count against the flood guard too (scanners probe them): its onRequest hook
  // runs before this handler as before any route.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url)) {
      return reply.status(404).send({ error: ERROR_MESSAGES.notFound });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: ERROR_MESSAGES.notFound });
    }
    if (!hasSpa) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`).');
    }
    const asset = path.join(distDir, url);
    if (
      asset.startsWith(distDir + path.sep) &&
      !/^\/(ssr|\.vite)(\/|$)/.test(url) &&
      fs.existsSync(asset) &&
      fs.statSync(asset).isFile()
    ) {
      return reply.sendFile(path.relative(distDir, asset));
    }
    // A missing fingerprinted asset is a real 404, not the app shell.
    if (url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (pages) return pages.send(request, reply);
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
