import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { tooManyRequests } from '../../errors';
import { clientKey } from '../../lib/client-key';
import {
  hitCounter,
  readCounter,
  releaseCounterSlot,
  resetCounter,
  takeCounterSlot,
} from '../../lib/counters.repository';
import { MFA_MESSAGES } from '@trustlinks/contract/mfa';
import { USERS_MESSAGES } from './users.messages';
import { HOUR_MS, MINUTE_MS } from '../../lib/time';

/**
 * Failed password checks (logins, and wrong current passwords when changing one) are counted so
 * that a stranger can never lock the owner out (docs/decisions/010, 024). A client is its
 * clientKey (an IPv6 client by its /64):
 * - per account and client: what stops guessing from one place, and only that place;
 * - per client: one place guessing many accounts;
 * - per account from everywhere: past the ceiling the account is under attack, and every client
 *   that has already failed on it in the window is refused; a client that has not failed still
 *   has its password checked, so the owner signs in while strangers are slowed to one guess.
 */
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 50;
const CEILING_WINDOW_MS = HOUR_MS;

function keys(email: string, clientIp: string) {
  const client = clientKey(clientIp);
  return {
    pair: `login-fail:pair:${email}|${client}`,
    address: `login-fail:ip:${client}`,
    account: `login-fail:account:${email}`,
  };
}

/**
 * 429 when the client's own counts are used up, or when the account is under attack and this
 * client has failed on it already; called before the password is checked.
 */
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
  const underAttack = account >= config.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR;
  if (
    pair >= LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS ||
    address >= LOGIN_MAX_FAILURES_PER_ADDRESS ||
    (underAttack && pair > 0)
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

/**
 * Wrong second-factor codes (docs/decisions/033): each also counts as a failed password check of
 * that client (above), and per account from everywhere they stop at
 * MFA_FAILURES_PER_ACCOUNT_PER_HOUR. Whoever guesses codes already holds the password, so this
 * ceiling refuses every client, the owner too, until the hour has passed.
 *
 * The account's count is exact under parallel requests: each attempt takes its place before its
 * code is checked, counted and compared in one statement (takeCounterSlot), and an attempt that
 * turns out not to be a wrong code (a right one, or a spent sign-in) gives its place back.
 */
const mfaKey = (userId: string) => `mfa-fail:account:${userId}`;

/** A second-factor attempt holding its place in the account's count (beginMfaAttempt). */
export interface MfaAttempt {
  user: { id: string; email: string };
  clientIp: string;
  windowStart: Date;
}

/** 429 when this client or the account may not try a code now; else the attempt's place. */
export async function beginMfaAttempt(
  db: DbOrTx,
  config: Pick<Config, 'LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR' | 'MFA_FAILURES_PER_ACCOUNT_PER_HOUR'>,
  user: { id: string; email: string },
  clientIp: string,
): Promise<MfaAttempt> {
  await requireLoginAllowed(db, config, user.email, clientIp);
  const windowStart = await takeCounterSlot(
    db,
    mfaKey(user.id),
    HOUR_MS,
    config.MFA_FAILURES_PER_ACCOUNT_PER_HOUR,
  );
  if (!windowStart) throw tooManyRequests(MFA_MESSAGES.tooManyCodeAttempts);
  return { user: { id: user.id, email: user.email }, clientIp, windowStart };
}

/** The code was wrong: its place stays taken, and it counts as this client's failed login. */
export async function recordMfaFailure(db: DbOrTx, attempt: MfaAttempt): Promise<void> {
  await recordLoginFailure(db, attempt.user.email, attempt.clientIp);
}

/** The attempt was no wrong code (it succeeded, or never got checked): its place is free again. */
export async function releaseMfaAttempt(db: DbOrTx, attempt: MfaAttempt): Promise<void> {
  await releaseCounterSlot(db, mfaKey(attempt.user.id), attempt.windowStart);
}
