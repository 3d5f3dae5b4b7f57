import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseSecretKey } from './lib/secret-box';

/** Repository root, so that relative paths mean the same whether started from the root or the workspace. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be one of true, false, 1, 0, yes, no',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The groups MFA_REQUIRED_FOR can name (docs/decisions/033). */
export const MFA_GROUPS = ['admin', 'owner'] as const;
export type MfaGroup = (typeof MFA_GROUPS)[number];

const MFA_SECRET_KEY_FORMAT = 'must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    // The primary without a transaction pooler in between, for session advisory locks and
    // LISTEN (docs/deployment.md); unset: DATABASE_URL is used for them too.
    DATABASE_DIRECT_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    // A streaming read replica of DATABASE_URL for the public lists (src/db/replica.ts,
    // docs/decisions/017-read-replicas.md); unset: every query goes to DATABASE_URL.
    DATABASE_READ_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
        .optional(),
    ),
    // After a successful write, that client's reads go to the primary (and past the read cache)
    // this long, so it sees its own change however far the replica lags behind.
    REPLICA_STICKY_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(600_000, 'must be at most 600000 (ten minutes)')
      .default(5000),
    // Reads leave a replica that is further behind than this (0: lag is not checked).
    REPLICA_MAX_LAG_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (not checked) or more')
      .default(5000),
    // How long reads skip a replica that failed or lagged, and how often its lag is checked.
    REPLICA_RETRY_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(50, 'must be at least 50')
      .max(600_000, 'must be at most 600000 (ten minutes)')
      .default(2000),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Built SPA to serve; defaults to apps/web/dist. */
    WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().min(3).default('TrustLinks <no-reply@trustlinks.local>'),
    // Unset: the address the server listens on (PORT, HOST), see publicAddress.
    APP_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
        .transform((u) => u.replace(/\/+$/, ''))
        .optional(),
    ),
    // Passkeys (docs/decisions/034): the WebAuthn RP ID and the page origin the browser signs;
    // unset, APP_URL's host name and origin. A browser refuses an IP address as RP ID.
    PASSKEY_RP_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]+$/i, 'must be a host name such as example.com')
        .optional(),
    ),
    PASSKEY_ORIGIN: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' })
        .transform((u) => new URL(u).origin)
        .optional(),
    ),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an email address').optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(8, 'must be at least 8 characters').optional(),
    ),
    SEED_DEMO: z.preprocess(emptyToUndefined, booleanish.optional()),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(1000),
    // Server renders of pages not in the read cache per client address and minute
    // (docs/decisions/021-server-rendering.md): past it the client gets 429 with the app's shell,
    // rendered in its browser; a kept page is never counted. Tests and the e2e server raise it.
    PAGE_RENDERS_PER_CLIENT_PER_MINUTE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(60),
    // Sign-ups per client address and hour (429 beyond); tests and the e2e server raise it.
    SIGNUP_LIMIT_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(10),
    // Failed logins per account and hour from all addresses together: the last-resort ceiling
    // (per account and address the limit is 10 per 15 minutes, docs/decisions/010).
    LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(100),
    // Who must have a second factor (docs/decisions/033): a comma list of admin, owner (accounts
    // that speak for an entity) or none. Unset: admin,owner when NODE_ENV=production, else none.
    MFA_REQUIRED_FOR: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) => v.split(',').map((p) => p.trim().toLowerCase()))
        .refine((parts) => parts.every((p) => MFA_GROUPS.includes(p as MfaGroup) || p === 'none'), {
          message: 'must be a comma list of admin, owner, or none',
        })
        .refine((parts) => !(parts.includes('none') && parts.length > 1), {
          message: 'none cannot be combined with a group',
        })
        .transform((parts) => parts.filter((p): p is MfaGroup => p !== 'none'))
        .optional(),
    ),
    // The AES-256-GCM key of the authenticator apps' secrets at rest (docs/decisions/033): 32
    // bytes as 64 hex digits or base64 (`openssl rand -base64 32`). Required when
    // NODE_ENV=production; unset otherwise, a key is generated once into DATA_DIR/mfa-secret.key.
    MFA_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value, ctx) => {
          const key = parseSecretKey(value);
          if (!key) {
            ctx.addIssue({ code: 'custom', message: MFA_SECRET_KEY_FORMAT });
            return z.NEVER;
          }
          return key;
        })
        .optional(),
    ),
    // Wrong second-factor codes per account and hour, from everywhere (429 beyond): the holder of
    // the password gets this many guesses at a 6-digit code. Tests raise it.
    MFA_FAILURES_PER_ACCOUNT_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(10),
    // Company contact reads per account (anti-scraping, modules/companies): at most this many in
    // any hour (a sliding window) and in any 24 hours; accounts younger than 24 hours get the
    // smaller daily cap. Tests that read many contacts raise them.
    CONTACT_READS_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(100),
    CONTACT_READS_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(300),
    CONTACT_READS_NEW_ACCOUNT_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(30),
    // Company registrations per client address and hour (429 beyond; per email there is a fixed
    // daily cap, modules/entities/entity-moderation.service.ts); tests and the e2e server raise it.
    ENTITY_REGISTRATION_LIMIT_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(10),
    // How long the busiest public reads are kept (src/lib/read-cache/store.ts) while the instance cannot
    // hear other instances' writes (its LISTEN is not connected); 0 turns the cache off.
    READ_CACHE_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .max(60_000, 'must be at most 60000 (one minute)')
      .default(1000),
    // While it hears them (docs/decisions/029): kept until a write changes them, at most
    // this long (the backstop for changes no request makes: scripts, expiry).
    READ_CACHE_MAX_AGE_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1000, 'must be at least 1000 (one second)')
      .max(3_600_000, 'must be at most 3600000 (an hour)')
      .default(300_000),
    // The memory those answers may take on each instance (MiB); the least recently used go first.
    READ_CACHE_MAX_MB: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(16_384, 'must be at most 16384 (16 GiB)')
      .default(128),
    // A restarted instance first keeps the answers visitors asked for most on the instances before
    // it (their hottest URLs and, as an instance stops, their answers, kept in PostgreSQL:
    // src/lib/read-cache/warm.ts, docs/decisions/056-warm-start.md, 058-kept-answers.md), in the
    // background once it listens; 0 turns it off.
    READ_CACHE_WARM_URLS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .max(5000, 'must be at most 5000')
      .default(5000),
    // Client requests worked on at once by an instance (by default the database pool's size);
    // more wait their turn in arrival order (lib/concurrency.ts,
    // docs/decisions/038-request-admission.md). 0: no limit.
    MAX_ACTIVE_REQUESTS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (no limit) or more')
      .max(10_000, 'must be at most 10000')
      .default(10),
    // Visitors' answers to those reads: Cache-Control max-age and stale-while-revalidate (s).
    READ_CACHE_PUBLIC_MAX_AGE_S: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(3600, 'must be at most 3600 (an hour)')
      .default(5),
    READ_CACHE_PUBLIC_STALE_S: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(86_400, 'must be at most 86400 (a day)')
      .default(60),
    // The sitemap (docs/decisions/022, src/modules/seo): addresses per page (the protocol's maximum is
    // 50,000) and how long its documents are kept; 0 turns the keeping off.
    SITEMAP_PAGE_SIZE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(50_000, 'must be at most 50000 (the sitemap protocol)')
      .default(50_000),
    // Link-preview PNGs kept per instance, by what they show (docs/decisions/052-link-previews.md):
    // a picture asked again is not drawn again (~100 ms of CPU each); 0 keeps none.
    OG_IMAGE_CACHE_ENTRIES: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (none kept) or more')
      .max(100_000, 'must be at most 100000')
      .default(500),
    SITEMAP_CACHE_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .max(86_400_000, 'must be at most 86400000 (a day)')
      .default(3_600_000),
    // How long the landing page's counted figures are kept per instance (docs/decisions/026): counting
    // them reads up to a million index entries, so they are not counted on every request.
    LANDING_FIGURES_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (count every time) or more')
      .max(3_600_000, 'must be at most 3600000 (one hour)')
      .default(60_000),
    // Contact page messages per client address and hour (429 beyond); tests raise or lower it.
    CONTACT_MESSAGES_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(5),
    // Messages to companies ('Join' without a sign-up page) per member and hour (429 beyond).
    ENTITY_CONTACTS_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(10),
    // Messages one company receives from members a day, whoever sends them (429 beyond): the
    // relay from our address is capped per company too (docs/decisions/026).
    ENTITY_CONTACTS_PER_COMPANY_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(20),
    // Messages an account writes in deal conversations an hour, all threads together (429
    // beyond; docs/decisions/050-deal-threads.md); tests raise or lower it.
    THREAD_MESSAGES_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(30),
    // Messages one conversation takes a day, whoever writes them (429 beyond).
    THREAD_MESSAGES_PER_THREAD_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(100),
    // How long a resolved session is kept in memory (src/auth/session-cache.ts); every change to
    // a session, its user or entity empties it at once through LISTEN/NOTIFY; 0 turns it off.
    // The longest allowed by default: the barrier keeps a kept session exact whatever its age
    // (docs/decisions/016-cpu-per-request.md).
    SESSION_CACHE_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or more')
      .max(30_000, 'must be at most 30000 (30 seconds)')
      .default(30_000),
    // Saved-search alerts (docs/decisions/028-offer-word-search.md): a search is
    // matched at most once per period; the worker looks for due searches every poll.
    SAVED_SEARCH_ALERT_PERIOD_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1000, 'must be at least 1000 (a second)')
      .default(86_400_000),
    SAVED_SEARCH_ALERT_POLL_MS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1000, 'must be at least 1000 (a second)')
      .default(600_000),
    // TrustScore and swarm guard (docs/decisions/012-trustscore-and-swarm-guard.md).
    TRUSTSCORE_PRIOR_REVIEWS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(1000, 'must be at most 1000')
      .default(7),
    REVIEWS_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(5),
    // Review invitations (docs/decisions/057-review-invitations.md): how many a company may send
    // in 24 hours, and how many days an invitation works.
    REVIEW_INVITATIONS_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(50),
    REVIEW_INVITATION_DAYS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(365, 'must be at most 365')
      .default(30),
    REVIEW_VOTES_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(100),
    REVIEW_REPORTS_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(10),
    // Applications of one applicant company to one offer in any 24 hours (429 beyond): each one
    // mails the offer's owner, so apply-withdraw-apply cannot flood its inbox (docs/decisions/025).
    APPLICATIONS_PER_OFFER_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(3),
    // Distinct sub1 values one application keeps apart in its daily results (docs/decisions/031); further
    // ones of that day share one "other" bucket, so a sub-ID per click cannot grow the roll-ups.
    RESULTS_SUB1_PER_DAY: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(100),
    // The longest period (in days) a results query or export may cover; 400 beyond (docs/decisions/031).
    RESULTS_MAX_DAYS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(366),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('false')
        .transform((v): boolean | number | string => {
          if (v === 'true') return true;
          if (v === 'false') return false;
          if (/^\d+$/.test(v)) return Number(v);
          return v; // comma-separated addresses or CIDRs, as Fastify's trustProxy accepts
        }),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.MFA_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['MFA_SECRET_KEY'],
        message: `is required when NODE_ENV=production (it encrypts the authenticator apps' secrets): ${MFA_SECRET_KEY_FORMAT}`,
      });
    }
    for (const name of ['DATABASE_READ_URL', 'DATABASE_DIRECT_URL'] as const) {
      if (env[name] && !env.DATABASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'needs DATABASE_URL (it names another way to a PostgreSQL primary, not PGlite)',
        });
      }
    }
  });

export type Config = Omit<
  z.infer<typeof envSchema>,
  'SEED_DEMO' | 'APP_URL' | 'MFA_REQUIRED_FOR'
> & {
  /** Who must have a second factor: MFA_REQUIRED_FOR, by default admin,owner in production. */
  MFA_REQUIRED_FOR: MfaGroup[];
  /** Where people open the app: APP_URL, else the address the server listens on. */
  APP_URL: string;
  dataDir: string;
  /** Demo data: on by default, off by default when NODE_ENV=production. */
  SEED_DEMO: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  // npm sets INIT_CWD to where the user typed the command; relative paths are taken from there.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production',
    MFA_REQUIRED_FOR:
      parsed.data.MFA_REQUIRED_FOR ??
      (parsed.data.NODE_ENV === 'production' ? [...MFA_GROUPS] : []),
    APP_URL: parsed.data.APP_URL ?? publicAddress(parsed.data.HOST, parsed.data.PORT),
    dataDir: path.resolve(base, parsed.data.DATA_DIR),
    ...(parsed.data.WEB_DIST_DIR
      ? { WEB_DIST_DIR: path.resolve(base, parsed.data.WEB_DIST_DIR) }
      : {}),
  };
}

/**
 * The address a browser on this machine opens for a server listening on HOST:PORT: "localhost"
 * for the loopback and any-address hosts (docs/deployment.md: mailed and tracking links must reach the
 * port the server really listens on).
 */
export function publicAddress(host: string, port: number): string {
  const local = ['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost'].includes(host);
  const shown = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
