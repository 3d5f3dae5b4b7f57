// Decision 010, attack 1 (account pre-hijacking), end to end: every mail is read from a real SMTP
// server, as the company would read it. docs/decisions/010.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestContext } from '../../../test/helpers';
import { adminHeader, registrationPayload } from '../../../test/factories';
import { decodeQuotedPrintable, startSmtpSink } from '../../../test/smtp-sink';
import { startSession } from '../../auth/sessions.service';
import { mailOutbox, users } from '../../db/schema';
import { SCRUBBED_BODY } from '../../mail/outbox.repository';
import { createMailTransport, type MailTransport } from '../../mail/transport';
import { MailWorker } from '../../mail/worker';
import { USERS_MESSAGES } from './users.messages';

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let transport: MailTransport;
let worker: MailWorker;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await buildTestApp();
  sink = await startSmtpSink();
  transport = createMailTransport(sink.url);
  worker = new MailWorker({
    db: ctx.database.db,
    transport,
    from: 'TrustLinks <no-reply@trustlinks.local>',
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  admin = await adminHeader(ctx.database.db);
});
afterAll(async () => {
  transport.close();
  await sink.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const login = (email: string, password: string) => post('/api/users/login', { email, password });

/** Delivers the outbox to the SMTP server and returns the decoded mails to `to`, oldest first. */
async function inbox(to: string): Promise<string[]> {
  await worker.drain();
  return sink.received.filter((m) => m.to.includes(to)).map((m) => decodeQuotedPrintable(m.raw));
}

describe('account pre-hijacking (regression)', () => {
  it('approval takes an unverified account over for the mailbox; the attacker is locked out', async () => {
    const companyEmail = `partnerships-${Date.now()}@vitality-corp.example`;

    // 1. The attacker signs up with the company's address, picks the password, never verifies.
    const signup = await post('/api/users/register', {
      first_name: 'Attacker',
      last_name: 'Eve',
      email: companyEmail,
      password: 'attacker-chosen',
    });
    expect(signup.statusCode).toBe(201);
    const squatted = (await db().select().from(users).where(eq(users.email, companyEmail)))[0]!;
    // Say the attacker also held a session on it somehow: the takeover must end it.
    const attackerSession = await startSession(db(), squatted.id);

    // 2. The company registers its entity with that address; 3. the admin approves it.
    const registered = await post(
      '/api/entities/register',
      registrationPayload('advertiser', { name: 'Vitality Partners', email: companyEmail }),
    );
    expect(registered.statusCode).toBe(201);
    const entityId = registered.json().entity.entity_id as string;
    const approved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/entities/${entityId}/verification`,
      headers: admin,
      payload: { verification_status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().entity.user_account_created).toBe(true);

    // The mailbox gets a one-time password; the account is the same row, now the entity's.
    const mails = await inbox(companyEmail);
    const temporary = mails.map((m) => /Temporary password: (\S+)/.exec(m)?.[1]).find(Boolean);
    expect(temporary).toBeTruthy();
    const [taken] = await db().select().from(users).where(eq(users.email, companyEmail));
    expect(taken).toMatchObject({
      id: squatted.id,
      role: 'advertiser',
      entityId,
      passwordResetRequired: true,
      emailVerifiedAt: null,
      firstName: 'Vitality',
      lastName: 'Partners',
    });

    // The attacker's password and session are gone.
    const attackerLogin = await login(companyEmail, 'attacker-chosen');
    expect(attackerLogin.statusCode).toBe(401);
    expect(attackerLogin.json()).toEqual({ error: USERS_MESSAGES.invalidCredentials });
    const oldSession = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${attackerSession.token}` },
    });
    expect(oldSession.statusCode).toBe(401);

    // The old attack's next step: the company asks for a new verification link and clicks it.
    // That now only verifies the company's own account: the password is still the mailed one.
    await post('/api/users/resend-verification', { email: companyEmail });
    const link = (await inbox(companyEmail))
      .map((m) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(m)?.[1])
      .filter(Boolean)
      .pop()!;
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/verify-email/${link}` })).statusCode,
    ).toBe(200);
    expect((await login(companyEmail, 'attacker-chosen')).statusCode).toBe(401);

    // 4. The company logs in with the mailed password (once), and chooses its own.
    const first = await login(companyEmail, temporary!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      password_reset_required: true,
      user: { role: 'advertiser', entity_id: entityId, first_name: 'Vitality' },
    });
    expect((await login(companyEmail, temporary!)).statusCode).toBe(401);
    const headers = { authorization: `Bearer ${first.json().token}` };
    const reset = await post('/api/users/reset-password', { new_password: 'company-own' }, headers);
    expect(reset.statusCode).toBe(200);
    expect((await login(companyEmail, 'company-own')).statusCode).toBe(200);
    expect((await login(companyEmail, 'attacker-chosen')).statusCode).toBe(401);

    // Delivered secrets are not kept: the temporary password and the links are scrubbed.
    const stored = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, companyEmail), eq(mailOutbox.containsSecret, true)));
    expect(stored.map((m) => m.template).sort()).toEqual([
      'entity_account_created',
      'verify_email',
      'verify_email',
    ]);
    for (const row of stored) {
      expect(row.status).toBe('sent');
      expect(row.textBody).toBe(SCRUBBED_BODY);
      expect(row.htmlBody).toBe(SCRUBBED_BODY);
    }
  });

  it('the mailed password of a taken-over account proves the email at its first use', async () => {
    const email = `sales-${Date.now()}@northwind.example`;
    await post('/api/users/register', {
      first_name: 'X',
      last_name: 'Y',
      email,
      password: 'squatter-pass',
    });
    const registered = await post(
      '/api/entities/register',
      registrationPayload('affiliate', { email }),
    );
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/entities/${registered.json().entity.entity_id}/verification`,
      headers: admin,
      payload: { verification_status: 'approved' },
    });
    const temporary = (await inbox(email))
      .map((m) => /Temporary password: (\S+)/.exec(m)?.[1])
      .find(Boolean)!;
    expect(
      (await db().select().from(users).where(eq(users.email, email)))[0]!.emailVerifiedAt,
    ).toBeNull();
    expect((await login(email, temporary)).statusCode).toBe(200);
    expect(
      (await db().select().from(users).where(eq(users.email, email)))[0]!.emailVerifiedAt,
    ).toBeInstanceOf(Date);
  });
});
