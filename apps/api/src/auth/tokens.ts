import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for sessions and single-use links. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;
export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}
