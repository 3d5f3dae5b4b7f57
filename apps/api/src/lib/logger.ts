import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Path segments that carry secrets by the spec's design (e.g. /users/verify-email/{token}). */
const SECRET_PATH = /(\/verify-email\/)[^/?#]+/gi;
const SECRET_QUERY = /([?&](?:token|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** pino options: no tokens, passwords or cookies ever reach the log. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.new_password',
        '*.token',
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
