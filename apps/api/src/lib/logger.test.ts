import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory, loggerOptions, redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides verification tokens in paths and secrets in query strings', () => {
    expect(redactUrl('/api/users/verify-email/abcDEF123_-')).toBe(
      '/api/users/verify-email/[redacted]',
    );
    expect(redactUrl('/verify-email?token=abc&x=1')).toBe('/verify-email?token=[redacted]&x=1');
    expect(redactUrl('/api/offers/fetch_all?title=x')).toBe('/api/offers/fetch_all?title=x');
  });

  it('hides a postback secret (decision 025: it reached the request log)', () => {
    expect(redactUrl('/api/postback?click_id=c1&secret=s3cr3t&payout=5')).toBe(
      '/api/postback?click_id=c1&secret=[redacted]&payout=5',
    );
    expect(redactUrl('/api/postback?SECRET=s3cr3t')).toBe('/api/postback?SECRET=[redacted]');
  });
});

describe('request loggers (lazyChildLoggerFactory, as app.ts sets them)', () => {
  /** A Fastify app with the app's logger options, its lines collected. */
  function appLogging(level: 'warn' | 'info') {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: {
        ...loggerOptions({ LOG_LEVEL: level, NODE_ENV: 'test' }),
        stream: { write: (line: string) => lines.push(JSON.parse(line)) },
      },
      childLoggerFactory: lazyChildLoggerFactory,
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/odd', async (request) => {
      request.log.warn({ user: { password: 'hunter2' } }, 'something odd');
      request.log.child({ step: 'two' }).error('deeper');
      return { id: request.id, level: request.log.level };
    });
    return { app, lines };
  }

  it('writes no postback secret into the request lines, from the query or a body (decision 025)', async () => {
    const { app, lines } = appLogging('info');
    app.get('/api/postback', async () => ({ ok: true }));
    app.post('/api/postback', async (request) => {
      request.log.warn({ body: request.body }, 'postback body');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/api/postback?click_id=c1&secret=TopSecret42' });
    await app.inject({
      method: 'POST',
      url: '/api/postback',
      payload: { click_id: 'c1', secret: 'TopSecret43' },
    });
    expect(lines.length).toBeGreaterThan(2);
    const written = JSON.stringify(lines);
    expect(written).not.toContain('TopSecret42');
    expect(written).not.toContain('TopSecret43');
    expect(written).toContain('secret=[redacted]');
  });

  it('makes no child logger for a request that writes no line', async () => {
    const { app, lines } = appLogging('warn');
    const child = vi.spyOn(app.log, 'child');
    const res = await app.inject({ method: 'GET', url: '/quiet' });
    expect(res.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('binds the request id to every line a request writes, with the redaction', async () => {
    const { app, lines } = appLogging('warn');
    const res = await app.inject({ method: 'GET', url: '/odd' });
    const { id, level } = res.json();
    expect(level).toBe('warn');
    expect(lines).toEqual([
      expect.objectContaining({
        reqId: id,
        msg: 'something odd',
        user: { password: '[redacted]' },
      }),
      expect.objectContaining({ reqId: id, step: 'two', msg: 'deeper' }),
    ]);
    await app.close();
  });

  it('at info, the request lines carry the request id and a redacted URL', async () => {
    const { app, lines } = appLogging('info');
    const first = (await app.inject({ method: 'GET', url: '/quiet?token=s3cret' })).statusCode;
    const second = (await app.inject({ method: 'GET', url: '/odd' })).json().id;
    expect(first).toBe(200);
    const requestLines = lines.filter((line) => 'reqId' in line);
    expect(requestLines.map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
      'incoming request',
      'something odd',
      'deeper',
      'request completed',
    ]);
    expect(new Set(requestLines.slice(2).map((line) => line.reqId))).toEqual(new Set([second]));
    expect(requestLines[0]!.reqId).not.toBe(second);
    expect(requestLines[0]!.reqId).toBe(requestLines[1]!.reqId);
    expect(requestLines[0]!.req).toEqual(
      expect.objectContaining({ method: 'GET', url: '/quiet?token=[redacted]' }),
    );
    expect(JSON.stringify(lines)).not.toContain('s3cret');
    await app.close();
  });
});
