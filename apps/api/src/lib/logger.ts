import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import type { Config } from '../config';

/**
 * pino-pretty's stream, loaded only in development (it is a devDependency, absent from a
 * production install).
 */
function prettyStream(): NodeJS.WritableStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (
    options: Record<string, unknown>,
  ) => NodeJS.WritableStream;
  return pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', sync: true });
}

/** Path segments that carry secrets by the spec's design (e.g. /users/verify-email/{token}). */
const SECRET_PATH = /(\/verify-email\/)[^/?#]+/gi;
/** Query parameters that carry secrets (a postback's `secret`, docs/postback.md). */
const SECRET_QUERY = /([?&](?:token|password|secret)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** pino options: no tokens, passwords or cookies ever reach the log. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    // In development lines are for people (pino-pretty, a devDependency); elsewhere JSON lines
    // for the log collector.
    // Written synchronously in this thread, so the start banner (server.ts) really comes last.
    ...(config.NODE_ENV === 'development' ? { stream: prettyStream() } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.new_password',
        '*.token',
        '*.secret',
        '*.postback_secret',
        '*.password_hash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
      },
    },
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (`request.log`) that makes its pino child, bound to the request id, only
 * when a line is written: at `warn` a request that goes well writes nothing, and making a child
 * per request was ~3 % of a cached answer's CPU (docs/decisions/016-cpu-per-request.md). Every
 * line written goes through the child, so it carries the request id and the redaction of
 * loggerOptions as before.
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Parameters<FastifyBaseLogger['child']>[0],
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  /** Writes a line through the child, unless the parent (pino) says `level` is off. */
  private write(level: Level, args: unknown[]): void {
    if (this.made === undefined) {
      const parent = this.parent as { isLevelEnabled?(level: string): boolean };
      if (parent.isLevelEnabled !== undefined && !parent.isLevelEnabled(level)) return;
    }
    const logger = this.logger;
    (logger[level] as (...args: unknown[]) => void).apply(logger, args);
  }

  get level(): FastifyBaseLogger['level'] {
    return (this.made ?? this.parent).level;
  }

  set level(level: FastifyBaseLogger['level']) {
    this.logger.level = level;
  }

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.logger.child(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
}

/**
 * Fastify's `childLoggerFactory`: LazyChildLogger, or Fastify's own eager child when a route sets
 * its own log level or serializers (none does today).
 */
export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : new LazyChildLogger(logger, bindings);
