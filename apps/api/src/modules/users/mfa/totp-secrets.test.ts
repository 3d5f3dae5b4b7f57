import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MFA_MESSAGES } from '@trustlinks/contract/mfa';
import { useTestApp, testConfig } from '../../../../test/helpers';
import { buildUser } from '../../../../test/factories';
import { hashPassword } from '../../../auth/passwords';
import { userTotp } from '../../../db/schema';
import { runStartupTasks } from '../../../seed/run';
import { TOTP_PERIOD_S } from './mfa.service';
import {
  MFA_KEY_FILE,
  MfaSecretKeyError,
  mfaSecretKey,
  openTotpSecret,
  sealStoredTotpSecrets,
  sealTotpSecret,
} from './totp-secrets';

// The authenticator apps' secrets at rest (docs/decisions/033): AES-256-GCM under MFA_SECRET_KEY.
const ctx = useTestApp();
const { db } = ctx;
const config = () => ctx.app.config;
const log = { info: () => {} };

const PASSWORD = 'correct horse 1';
const STEP_MS = TOTP_PERIOD_S * 1000;
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });
async function awayFromStepEdge() {
  const into = Date.now() % STEP_MS;
  if (into > STEP_MS - 3000) await new Promise((r) => setTimeout(r, STEP_MS - into + 100));
}

async function person() {
  return buildUser(db(), { passwordHash: await hashPassword(PASSWORD) });
}
const storedSecret = async (userId: string) =>
  (await db().select().from(userTotp).where(eq(userTotp.userId, userId)))[0]!.secret;

/** Password, then the code of `secret`: the status of the second step. */
async function signInWithCode(email: string, secret: string, steps = 0): Promise<number> {
  const first = await ctx.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: PASSWORD },
  });
  expect(first.json().mfa_required).toBe(true);
  const second = await ctx.inject({
    method: 'POST',
    url: '/api/users/login/mfa',
    payload: { mfa_token: first.json().mfa_token, code: codeAt(secret, steps) },
  });
  return second.statusCode;
}

const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-mfa-key-'));
  tmpDirs.push(dir);
  return dir;
};
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the authenticator secret at rest', () => {
  it('is stored encrypted (versioned, with IV and tag), never as the secret; its codes still sign in', async () => {
    const user = await person();
    const login = await ctx.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    await awayFromStepEdge();
    const start = await ctx.inject({ method: 'POST', url: '/api/users/mfa/totp', headers });
    const { secret } = start.json() as { secret: string };

    const pending = await storedSecret(user.id);
    expect(pending).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(pending).not.toContain(secret);
    const confirm = await ctx.inject({
      method: 'POST',
      url: '/api/users/mfa/totp/confirm',
      headers,
      payload: { code: codeAt(secret, -1) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await storedSecret(user.id)).toBe(pending);
    expect(await signInWithCode(user.email, secret)).toBe(200);
    // Each value has its own IV: the same secret sealed twice differs.
    expect(sealTotpSecret(config(), user.id, secret)).not.toBe(pending);
  });

  it('a plain secret stored before is encrypted at start, once; its codes still sign in', async () => {
    const user = await person();
    const secret = new Secret({ size: 20 }).base32;
    // As the app stored it before encryption at rest.
    await db().insert(userTotp).values({ userId: user.id, secret, enabledAt: new Date() });

    await runStartupTasks(ctx.database, config(), log);
    const sealed = await storedSecret(user.id);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(config(), user.id, sealed)).toBe(secret);
    // A second start leaves it as it is.
    expect(await sealStoredTotpSecrets(db(), config())).toBe(0);
    expect(await storedSecret(user.id)).toBe(sealed);
    await awayFromStepEdge();
    expect(await signInWithCode(user.email, secret)).toBe(200);
  });

  it('another key stops the start with a message naming MFA_SECRET_KEY', async () => {
    const user = await person();
    await db()
      .insert(userTotp)
      .values({ userId: user.id, secret: sealTotpSecret(config(), user.id, 'JBSWY3DPEHPK3PXP') });
    const other = testConfig({ MFA_SECRET_KEY: 'f0'.repeat(32) });
    await expect(runStartupTasks(ctx.database, other, log)).rejects.toThrow(
      /do not open with MFA_SECRET_KEY: set MFA_SECRET_KEY to the key they were encrypted with/,
    );
    await expect(sealStoredTotpSecrets(db(), other)).rejects.toBeInstanceOf(MfaSecretKeyError);
  });

  it('a sealed secret copied to another account does not open there', async () => {
    const [a, b] = [await person(), await person()];
    const sealed = sealTotpSecret(config(), a.id, 'JBSWY3DPEHPK3PXP');
    expect(openTotpSecret(config(), a.id, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openTotpSecret(config(), b.id, sealed)).toThrow(MfaSecretKeyError);
    // One bit of the ciphertext flipped (editing the base64 text's last characters may only
    // touch padding bits, which decode to the same bytes).
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const altered = [...parts.slice(0, 3), body.toString('base64url')].join(':');
    expect(altered).not.toBe(sealed);
    expect(() => openTotpSecret(config(), a.id, altered)).toThrow(MfaSecretKeyError);
  });

  it('a wrong code is still just a wrong code', async () => {
    const user = await person();
    const secret = new Secret({ size: 20 }).base32;
    await db()
      .insert(userTotp)
      .values({
        userId: user.id,
        secret: sealTotpSecret(config(), user.id, secret),
        enabledAt: new Date(),
      });
    await awayFromStepEdge();
    const login = await ctx.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const wrong = codeAt(secret, 5);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/users/login/mfa',
      payload: { mfa_token: login.json().mfa_token, code: wrong },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MFA_MESSAGES.invalidCode);
  });
});

describe('the key without MFA_SECRET_KEY (development, tests)', () => {
  it('is generated once into DATA_DIR/mfa-secret.key, readable by the owner only', () => {
    const dataDir = path.join(tmpDir(), 'data');
    const keyConfig = { MFA_SECRET_KEY: undefined, dataDir };
    const key = mfaSecretKey(keyConfig);
    expect(key).toHaveLength(32);
    const file = path.join(dataDir, MFA_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')).toEqual(key);
    expect(mfaSecretKey(keyConfig)).toEqual(key);
  });

  it('reads a key file that is there, and refuses a broken one by its name', () => {
    const kept = tmpDir();
    const key = Buffer.alloc(32, 7);
    fs.writeFileSync(path.join(kept, MFA_KEY_FILE), key.toString('hex'));
    expect(mfaSecretKey({ MFA_SECRET_KEY: undefined, dataDir: kept })).toEqual(key);
    const broken = tmpDir();
    fs.writeFileSync(path.join(broken, MFA_KEY_FILE), 'not a key');
    expect(() => mfaSecretKey({ MFA_SECRET_KEY: undefined, dataDir: broken })).toThrow(
      /mfa-secret\.key does not hold a 32-byte key/,
    );
  });

  it('MFA_SECRET_KEY wins over the file', () => {
    const key = Buffer.alloc(32, 9);
    expect(mfaSecretKey({ MFA_SECRET_KEY: key, dataDir: tmpDir() })).toBe(key);
  });
});

describe('production without MFA_SECRET_KEY', () => {
  it('does not start, naming the variable', () => {
    const apiDir = path.resolve(import.meta.dirname, '../../../..');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NODE_ENV: 'production',
        DATA_DIR: tmpDir(),
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/MFA_SECRET_KEY: is required when NODE_ENV=production/);
  });
});
