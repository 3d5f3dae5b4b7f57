import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import {
  isSealed,
  openSecret,
  parseSecretKey,
  SEALED_PREFIX,
  sealSecret,
  SECRET_KEY_BYTES,
  SecretKeyMismatchError,
} from '../../../lib/secret-box';
import { findSealedTotpSecret, listPlainTotpSecrets, sealTotpSecretRow } from './mfa.repository';

/**
 * The authenticator apps' secrets at rest (docs/decisions/033): sealed with AES-256-GCM
 * (lib/secret-box.ts) under MFA_SECRET_KEY, tied to their account's id. Without the setting
 * (never in production: config.ts refuses to start) the key is generated once into
 * DATA_DIR/mfa-secret.key (0600), for the embedded database and a development PostgreSQL alike.
 */
export const MFA_KEY_FILE = 'mfa-secret.key';

type KeyConfig = Pick<Config, 'MFA_SECRET_KEY' | 'dataDir'>;

const fileKeys = new Map<string, Buffer>();

export class MfaSecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MfaSecretKeyError';
  }
}

/** MFA_SECRET_KEY, else the key kept in DATA_DIR (made on first use). */
export function mfaSecretKey(config: KeyConfig): Buffer {
  if (config.MFA_SECRET_KEY) return config.MFA_SECRET_KEY;
  const file = path.join(config.dataDir, MFA_KEY_FILE);
  const known = fileKeys.get(file);
  if (known) return known;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    const fresh = `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`;
    fs.writeFileSync(file, fresh, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseSecretKey(fs.readFileSync(file, 'utf8'));
  if (!key) {
    throw new MfaSecretKeyError(
      `${file} does not hold a 32-byte key (64 hex digits or base64): restore it, or set MFA_SECRET_KEY`,
    );
  }
  fileKeys.set(file, key);
  return key;
}

const associated = (userId: string) => `user_totp:${userId}`;

function wrongKey(config: KeyConfig): MfaSecretKeyError {
  const source = config.MFA_SECRET_KEY
    ? 'MFA_SECRET_KEY'
    : `the key in ${path.join(config.dataDir, MFA_KEY_FILE)} (MFA_SECRET_KEY is unset)`;
  return new MfaSecretKeyError(
    `The stored authenticator-app secrets do not open with ${source}: set MFA_SECRET_KEY to the key they were encrypted with`,
  );
}

/** The form a secret is stored in. */
export function sealTotpSecret(config: KeyConfig, userId: string, secret: string): string {
  return sealSecret(mfaSecretKey(config), secret, associated(userId));
}

/** The secret of a stored value (a plain one, not yet sealed at start, as it is). */
export function openTotpSecret(config: KeyConfig, userId: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  try {
    return openSecret(mfaSecretKey(config), stored, associated(userId));
  } catch (err) {
    if (err instanceof SecretKeyMismatchError) throw wrongKey(config);
    throw err;
  }
}

/**
 * At start: refuses a key that does not open the stored secrets, then seals the plain ones in
 * place (each only if still the value read: several instances may start at once). Answers how
 * many it sealed.
 */
export async function sealStoredTotpSecrets(db: DbOrTx, config: KeyConfig): Promise<number> {
  mfaSecretKey(config); // made or read now: a missing or broken key file stops the start
  const sample = await findSealedTotpSecret(db, SEALED_PREFIX);
  if (sample) openTotpSecret(config, sample.userId, sample.secret);
  const plain = await listPlainTotpSecrets(db, SEALED_PREFIX);
  for (const row of plain) {
    await sealTotpSecretRow(
      db,
      row.userId,
      row.secret,
      sealTotpSecret(config, row.userId, row.secret),
    );
  }
  return plain.length;
}
