import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, t=2, p=1: the OWASP baseline); a test checks
// the $argon2id$ prefix so a library change cannot silently weaken it.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // malformed stored hash: never a match
  }
}

let dummyHash: Promise<string> | null = null;
/**
 * Spends the same work as a real check when there is no account, so response time does not
 * tell whether an email is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
