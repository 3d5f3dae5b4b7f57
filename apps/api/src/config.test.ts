import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/app' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('/srv/app', 'data'));
    expect(config.APP_URL).toBe('http://localhost:3000');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('defaults APP_URL to the address the server listens on', () => {
    expect(loadConfig({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000', HOST: '0.0.0.0' }).APP_URL).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '8080', HOST: '10.0.0.5' }).APP_URL).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ PORT: '4000', APP_URL: 'https://t.example' }).APP_URL).toBe(
      'https://t.example',
    );
  });

  it('parses the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/trustlinks',
      SMTP_URL: 'smtp://mail:2525',
      APP_URL: 'https://trustlinks.example/',
      SEED_DEMO: 'false',
      TRUST_PROXY: '2',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(config.PORT).toBe(8080);
    expect(config.APP_URL).toBe('https://trustlinks.example');
    expect(config.SEED_DEMO).toBe(false);
    expect(config.TRUST_PROXY).toBe(2);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one clear error', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED_DEMO: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SEED_DEMO']) {
        expect(message).toContain(`${name}:`);
      }
    }
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' })).toThrow(
      /at least 8/,
    );
  });

  it('takes a read replica and a direct URL only beside DATABASE_URL', () => {
    const primary = 'postgres://u:p@db:5432/trustlinks';
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URL: 'postgres://u:p@replica:5432/trustlinks',
      DATABASE_DIRECT_URL: 'postgres://u:p@db-direct:5432/trustlinks',
    });
    expect(config.DATABASE_READ_URL).toBe('postgres://u:p@replica:5432/trustlinks');
    expect(config.REPLICA_STICKY_MS).toBe(5000);
    expect(config.REPLICA_MAX_LAG_MS).toBe(5000);
    expect(config.REPLICA_RETRY_MS).toBe(2000);
    expect(() => loadConfig({ DATABASE_READ_URL: primary })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_DIRECT_URL: primary })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://x' })).toThrow(
      /DATABASE_READ_URL: must be a postgres/,
    );
    expect(() => loadConfig({ REPLICA_RETRY_MS: '10' })).toThrow(/REPLICA_RETRY_MS/);
  });
});

/** What production needs at the least (MFA_SECRET_KEY: below). */
const PRODUCTION = { NODE_ENV: 'production', MFA_SECRET_KEY: 'ab'.repeat(32) };

describe('MFA_SECRET_KEY (docs/decisions/033)', () => {
  const HEX = '0123456789abcdef'.repeat(4);

  it('takes 32 bytes as 64 hex digits or base64 (standard or url-safe)', () => {
    expect(loadConfig({ MFA_SECRET_KEY: HEX }).MFA_SECRET_KEY).toEqual(Buffer.from(HEX, 'hex'));
    const bytes = Buffer.alloc(32, 0xfb);
    expect(loadConfig({ MFA_SECRET_KEY: bytes.toString('base64') }).MFA_SECRET_KEY).toEqual(bytes);
    expect(loadConfig({ MFA_SECRET_KEY: bytes.toString('base64url') }).MFA_SECRET_KEY).toEqual(
      bytes,
    );
    expect(loadConfig({ MFA_SECRET_KEY: ` ${HEX}\n` }).MFA_SECRET_KEY).toEqual(
      Buffer.from(HEX, 'hex'),
    );
  });

  it('refuses anything but 32 bytes, naming the variable', () => {
    for (const bad of [
      'secret',
      HEX.slice(2),
      `${HEX}00`,
      Buffer.alloc(16).toString('base64'),
      Buffer.alloc(33).toString('base64'),
    ]) {
      expect(() => loadConfig({ MFA_SECRET_KEY: bad })).toThrow(
        /MFA_SECRET_KEY: must be 32 bytes: 64 hex digits or base64/,
      );
    }
  });

  it('is required in production (the start refuses without it); optional elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', MFA_SECRET_KEY: '' })).toThrow(
      /MFA_SECRET_KEY: is required when NODE_ENV=production/,
    );
    expect(loadConfig(PRODUCTION).MFA_SECRET_KEY).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'development' }).MFA_SECRET_KEY).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://u:p@db:5432/t' }).MFA_SECRET_KEY,
    ).toBeUndefined();
  });
});

describe('MFA_REQUIRED_FOR (docs/decisions/033)', () => {
  it('is admin,owner in production and none otherwise, unless set', () => {
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).MFA_REQUIRED_FOR).toEqual([
      'admin',
      'owner',
    ]);
    expect(loadConfig({ NODE_ENV: 'development' }).MFA_REQUIRED_FOR).toEqual([]);
    expect(loadConfig({ MFA_REQUIRED_FOR: ' Admin , owner' }).MFA_REQUIRED_FOR).toEqual([
      'admin',
      'owner',
    ]);
    expect(loadConfig({ ...PRODUCTION, MFA_REQUIRED_FOR: 'none' }).MFA_REQUIRED_FOR).toEqual([]);
  });

  it('refuses other groups and none mixed with a group', () => {
    expect(() => loadConfig({ MFA_REQUIRED_FOR: 'admin,everyone' })).toThrow(ConfigError);
    expect(() => loadConfig({ MFA_REQUIRED_FOR: 'none,admin' })).toThrow(ConfigError);
  });
});
