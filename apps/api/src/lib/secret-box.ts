import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets the server must read back (a TOTP secret, docs/decisions/033) are stored sealed with
// AES-256-GCM under an application key: `v1:<iv>:<tag>:<ciphertext>`, each part base64url, a
// fresh 96-bit IV per value, the 128-bit tag, and an associated text (e.g. the owner's id) that
// ties the value to its row. The version prefix tells sealed values from plain ones.

export const SECRET_KEY_BYTES = 32;
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A 32-byte key as written in a setting or key file: 64 hex digits, or base64 (or base64url) of
 * 32 bytes. Null for anything else.
 */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === SECRET_KEY_BYTES ? bytes : null;
}

/** How every value sealed by sealSecret starts (a plain one does not). */
export const SEALED_PREFIX = `${VERSION}:`;
export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

export function sealSecret(key: Buffer, plain: string, associated: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'));
  return [VERSION, ...parts].join(':');
}

/** The stored value does not open with this key (another key, another row, or altered). */
export class SecretKeyMismatchError extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'SecretKeyMismatchError';
  }
}

/** Opens a sealed value; throws SecretKeyMismatchError when key or associated text differ. */
export function openSecret(key: Buffer, stored: string, associated: string): string {
  const [version, iv, tag, sealed, ...rest] = stored.split(':');
  if (version !== VERSION || !iv || !tag || sealed === undefined || rest.length > 0) {
    throw new SecretKeyMismatchError('not a sealed value');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(associated, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretKeyMismatchError('the key does not open this value');
  }
}
