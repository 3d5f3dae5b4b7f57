import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { hitCounter, readCounter, resetCounter } from '../../lib/counters.repository';
import { USERS_MESSAGES } from './users.messages';
import { HOUR_MS, MINUTE_MS } from '../../lib/time';

/**
 * Failed password checks (logins, and wrong current passwords when changing one) are counted so
 * that a stranger can never lock the owner out (docs/decisions/010):
 * - per account and client address: what stops guessing from one place, and only that place;
 * - per client address: one place guessing many accounts;
 * - per account from everywhere: a high ceiling, the last resort against a distributed attack.
 */
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;
const CEILING_WINDOW_MS = HOUR_MS;

function keys(email: string, clientIp: string) {
  return {
    pair: `login-fail:pair:${email}|${clientIp}`,
    address: `login-fail:ip:${clientIp}`,
    account: `login-fail:account:${email}`,
  };
}

/** 429 when any of the three counts is used up; called before the password is checked. */
export async function requireLoginAllowed(
  db: DbOrTx,
  config: Pick<Config, 'LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR'>,
  email: string,
  clientIp: string,
): Promise<void> {
  const k = keys(email, clientIp);
  const [pair, address, account] = await Promise.all([
    readCounter(db, k.pair, LOGIN_WINDOW_MS),
    readCounter(db, k.address, LOGIN_WINDOW_MS),
    readCounter(db, k.account, CEILING_WINDOW_MS),
  ]);
  if (
    pair >= LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS ||
    address >= LOGIN_MAX_FAILURES_PER_ADDRESS ||
    account >= config.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR
  ) {
    throw tooManyRequests(USERS_MESSAGES.tooManyLoginAttempts);
  }
}

export async function recordLoginFailure(
  db: DbOrTx,
  email: string,
  clientIp: string,
): Promise<void> {
  const k = keys(email, clientIp);
  await hitCounter(db, k.pair, LOGIN_WINDOW_MS);
  await hitCounter(db, k.address, LOGIN_WINDOW_MS);
  await hitCounter(db, k.account, CEILING_WINDOW_MS);
}

/** A success from this address forgets its failures there (the others stay). */
export async function clearLoginFailures(
  db: DbOrTx,
  email: string,
  clientIp: string,
): Promise<void> {
  await resetCounter(db, keys(email, clientIp).pair, LOGIN_WINDOW_MS);
}
