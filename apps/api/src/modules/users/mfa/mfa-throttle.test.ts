import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MFA_MESSAGES } from '@trustlinks/contract/mfa';
import { useTestApp } from '../../../../test/helpers';
import { buildUser } from '../../../../test/factories';
import { hashPassword } from '../../../auth/passwords';
import { mfaRecoveryCodes, mfaSignIns } from '../../../db/schema';
import { readCounter } from '../../../lib/counters.repository';
import { HOUR_MS } from '../../../lib/time';
import { MFA_TOKEN_MAX_FAILURES, RECOVERY_CODE_COUNT, TOTP_PERIOD_S } from './mfa.service';

// The second factor's throttles hold under parallel requests (docs/decisions/033): on PostgreSQL
// (CI's second run, scripts/with-postgres.sh) forty guesses really run at once; PGlite runs them
// one statement at a time. The limits are the defaults: MFA_FAILURES_PER_ACCOUNT_PER_HOUR is 10.
const ACCOUNT_LIMIT = 10;
const PARALLEL = 40;
const ctx = useTestApp({ config: { MFA_FAILURES_PER_ACCOUNT_PER_HOUR: String(ACCOUNT_LIMIT) } });
const { db } = ctx;

const PASSWORD = 'correct horse 1';
const STEP_MS = TOTP_PERIOD_S * 1000;

const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });
/** A code the authenticator does not show now (nor one step either side). */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((s) => codeAt(secret, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** Counters are per clock hour and codes per 30 s step: start well inside both. */
async function awayFromEdges() {
  const intoHour = Date.now() % HOUR_MS;
  if (intoHour > HOUR_MS - 15_000)
    await new Promise((r) => setTimeout(r, HOUR_MS - intoHour + 100));
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - 5000) await new Promise((r) => setTimeout(r, STEP_MS - intoStep + 100));
}

const login = (email: string, ip: string) =>
  ctx.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: PASSWORD },
    remoteAddress: ip,
  });
const loginMfa = (mfa_token: string, code: string, ip: string) =>
  ctx.inject({
    method: 'POST',
    url: '/api/users/login/mfa',
    payload: { mfa_token, code },
    remoteAddress: ip,
  });

/** A user with an authenticator app, enrolled through the API. */
async function enrolledPerson() {
  const user = await buildUser(db(), { passwordHash: await hashPassword(PASSWORD) });
  const session = await login(user.email, '127.0.0.1');
  const headers = { authorization: `Bearer ${session.json().token as string}` };
  await awayFromEdges();
  const start = await ctx.inject({ method: 'POST', url: '/api/users/mfa/totp', headers });
  const { secret } = start.json() as { secret: string };
  const confirm = await ctx.inject({
    method: 'POST',
    url: '/api/users/mfa/totp/confirm',
    headers,
    payload: { code: codeAt(secret, -1) },
  });
  expect(confirm.statusCode).toBe(200);
  return { user, secret, recoveryCodes: confirm.json().recovery_codes as string[] };
}

async function mfaToken(email: string): Promise<string> {
  const res = await login(email, '127.0.0.1');
  expect(res.json()).toMatchObject({ mfa_required: true, mfa_token: expect.any(String) });
  return res.json().mfa_token as string;
}

/** Each guess from its own address: only the token's and the account's counts can stop it. */
const address = (i: number) => `10.60.${Math.floor(i / 200)}.${(i % 200) + 1}`;

describe('second-factor throttles under parallel guesses', () => {
  it.each(['app', 'recovery'] as const)(
    `one mfa_token takes exactly ${MFA_TOKEN_MAX_FAILURES} wrong codes, whatever runs at once (%s codes)`,
    async (kind) => {
      const { user, secret } = await enrolledPerson();
      const token = await mfaToken(user.email);
      const wrong = kind === 'app' ? wrongCode(secret) : 'aaaa-bbbb-cccc-dddd';
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => loginMfa(token, wrong, address(i))),
      );
      const errors = answers.map((a) => `${a.statusCode} ${a.json().error as string}`);
      expect(errors.filter((e) => e === `401 ${MFA_MESSAGES.invalidCode}`)).toHaveLength(
        MFA_TOKEN_MAX_FAILURES,
      );
      // The others never had their code checked: the token was used up, or for a moment the
      // account's places were all held by guesses still under way.
      const refused = new Set([
        `401 ${MFA_MESSAGES.signInExpired}`,
        `429 ${MFA_MESSAGES.tooManyCodeAttempts}`,
      ]);
      expect(errors.filter((e) => refused.has(e))).toHaveLength(PARALLEL - MFA_TOKEN_MAX_FAILURES);
      // Burnt: even the right code is refused, and the account counted only the checked guesses.
      const right = await loginMfa(token, codeAt(secret), address(PARALLEL));
      expect(right.json().error).toBe(MFA_MESSAGES.signInExpired);
      const [row] = await db().select().from(mfaSignIns).where(eq(mfaSignIns.userId, user.id));
      expect(row!.failures).toBe(MFA_TOKEN_MAX_FAILURES);
      expect(await readCounter(db(), `mfa-fail:account:${user.id}`, HOUR_MS)).toBe(
        MFA_TOKEN_MAX_FAILURES,
      );
    },
  );

  it(`one account takes exactly ${ACCOUNT_LIMIT} wrong codes an hour, over many tokens at once`, async () => {
    const { user, secret } = await enrolledPerson();
    // Enough tokens that their own limit never decides: 14 × 3 places for 40 guesses.
    const tokens: string[] = [];
    for (let i = 0; i < Math.ceil(PARALLEL / MFA_TOKEN_MAX_FAILURES) + 1; i++) {
      tokens.push(await mfaToken(user.email));
    }
    const wrong = wrongCode(secret);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        loginMfa(tokens[i % tokens.length]!, wrong, address(i)),
      ),
    );
    const errors = answers.map((a) => `${a.statusCode} ${a.json().error as string}`);
    expect(errors.filter((e) => e === `401 ${MFA_MESSAGES.invalidCode}`)).toHaveLength(
      ACCOUNT_LIMIT,
    );
    expect(errors.filter((e) => e === `429 ${MFA_MESSAGES.tooManyCodeAttempts}`)).toHaveLength(
      PARALLEL - ACCOUNT_LIMIT,
    );
    expect(await readCounter(db(), `mfa-fail:account:${user.id}`, HOUR_MS)).toBe(ACCOUNT_LIMIT);
    // Every client is refused for the hour, the owner with the right code too.
    const owner = await loginMfa(await mfaToken(user.email), codeAt(secret), '10.61.0.1');
    expect(owner.statusCode).toBe(429);
    expect(owner.json().error).toBe(MFA_MESSAGES.tooManyCodeAttempts);
  });

  it('right codes at once on one token: one signs in; the others are refused and stay unspent', async () => {
    const { user, recoveryCodes } = await enrolledPerson();
    const token = await mfaToken(user.email);
    const tries = recoveryCodes.slice(0, MFA_TOKEN_MAX_FAILURES);
    const answers = await Promise.all(tries.map((code, i) => loginMfa(token, code, address(i))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const others = answers.filter((a) => a.statusCode !== 200);
    expect(others.map((a) => a.json().error)).toEqual(others.map(() => MFA_MESSAGES.signInExpired));
    const unused = await db()
      .select()
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, user.id), isNull(mfaRecoveryCodes.usedAt)));
    expect(unused).toHaveLength(RECOVERY_CODE_COUNT - 1);
    // No right code counted against the account.
    expect(await readCounter(db(), `mfa-fail:account:${user.id}`, HOUR_MS)).toBe(0);
  });

  it('a right code gives its place back: it never counts toward the account’s limit', async () => {
    const { user, secret } = await enrolledPerson();
    const wrong = wrongCode(secret);
    for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) {
      const res = await loginMfa(await mfaToken(user.email), wrong, address(i));
      expect(res.json().error).toBe(MFA_MESSAGES.invalidCode);
    }
    await awayFromEdges();
    const ok = await loginMfa(await mfaToken(user.email), codeAt(secret), address(100));
    expect(ok.statusCode).toBe(200);
    expect(await readCounter(db(), `mfa-fail:account:${user.id}`, HOUR_MS)).toBe(ACCOUNT_LIMIT - 1);
    // One wrong guess is still left, then the ceiling.
    const last = await loginMfa(await mfaToken(user.email), wrong, address(101));
    expect(last.json().error).toBe(MFA_MESSAGES.invalidCode);
    const refused = await loginMfa(await mfaToken(user.email), wrong, address(102));
    expect(refused.statusCode).toBe(429);
  });
});
