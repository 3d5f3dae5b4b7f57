import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTACT_MESSAGES } from '@trustlinks/contract/contact';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  buildEntity,
  buildEntityAccount,
  buildSignedInUser,
  buildUser,
  mailsTo,
  readEntity,
} from '../../../test/factories';
import { contactMessages, entityWarnings, threads } from '../../db/schema';

// Low limits, so the tests can pass them (both are settings).
const ctx = useTestApp({
  config: {
    CONTACT_MESSAGES_PER_HOUR: '3',
    ENTITY_CONTACTS_PER_HOUR: '2',
    ENTITY_CONTACTS_PER_COMPANY_PER_DAY: '3',
  },
});
const { db, inject } = ctx;

let ipCounter = 0;
const nextIp = () => `10.24.0.${++ipCounter}`;
const ATTACK = 'Buy cheap pills at http://spam.example now!';

const contactForm = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: nextIp(), ...extra });

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Vera Visitor',
  email: 'vera@example.com',
  subject: 'Listing question',
  message: 'How do I get my network listed on TrustLinks?',
  ...overrides,
});

describe('POST /api/contact', () => {
  it('stores the message, mails it to the admins and nothing to the unproven sender address', async () => {
    const admin = await buildUser(db(), {
      role: 'admin',
      email: `admin-${Date.now()}@example.com`,
    });
    const to = `victim-${Date.now()}@example.com`;
    const res = await contactForm(form({ email: to, message: ATTACK }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(CONTACT_MESSAGES.sent);
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.email, to));
    expect(stored).toMatchObject({ kind: 'site', message: ATTACK, status: 'new' });
    const adminMails = await mailsTo(db(), admin.email);
    expect(adminMails[0]?.textBody).toContain(ATTACK);
    // The address typed in the form is nobody's proven address: it gets nothing.
    expect(await mailsTo(db(), to)).toHaveLength(0);
  });

  it('takes a signed-in sender’s name and address from the account, not the form', async () => {
    const { user, headers } = await buildSignedInUser(db(), {
      firstName: 'Sam',
      lastName: 'Member',
    });
    const res = await contactForm(form({ name: 'Someone Else', email: 'else@example.com' }), {
      headers,
    });
    expect(res.statusCode).toBe(201);
    const [stored] = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.senderUserId, user.id));
    expect(stored).toMatchObject({ name: 'Sam Member', email: user.email });
  });

  it('answers bad input with 400 and a message, storing nothing', async () => {
    const before = (await db().select().from(contactMessages)).length;
    for (const bad of [
      form({ message: 'short' }),
      form({ email: 'not-an-email' }),
      form({ subject: '' }),
      form({ message: 'x'.repeat(5001) }),
      { name: 'Only a name' },
    ]) {
      const res = await contactForm(bad);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await db().select().from(contactMessages)).length).toBe(before);
  });

  it('limits one address to CONTACT_MESSAGES_PER_HOUR messages an hour (429 after)', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 3; i++) {
      const ok = await inject({
        method: 'POST',
        url: '/api/contact',
        payload: form(),
        remoteAddress: ip,
      });
      expect(ok.statusCode).toBe(201);
    }
    const refused = await inject({
      method: 'POST',
      url: '/api/contact',
      payload: form(),
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(CONTACT_MESSAGES.rateLimited);
    // Another address is not held back.
    expect((await contactForm(form())).statusCode).toBe(201);
  });
});

describe('the admins’ Contact tab', () => {
  it('lists messages newest first and marks them read (admins only)', async () => {
    const headers = await adminHeader(db());
    await contactForm(form({ subject: 'Newest question' }));
    const list = await inject({
      method: 'GET',
      url: '/api/admin/contact-messages?limit=1',
      headers,
    });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().messages;
    expect(first.subject).toBe('Newest question');
    expect(list.json().has_more).toBe(true);
    const read = await inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${first.message_id}/read`,
      headers,
    });
    expect(read.statusCode).toBe(200);
    const fresh = await inject({
      method: 'GET',
      url: '/api/admin/contact-messages?status=new&limit=100',
      headers,
    });
    expect(fresh.json().messages.map((m: { message_id: string }) => m.message_id)).not.toContain(
      first.message_id,
    );
    const missing = await inject({
      method: 'POST',
      url: '/api/admin/contact-messages/00000000-0000-0000-0000-000000000000/read',
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses visitors (401) and members (403)', async () => {
    expect((await inject({ method: 'GET', url: '/api/admin/contact-messages' })).statusCode).toBe(
      401,
    );
    const { headers } = await buildSignedInUser(db());
    expect(
      (await inject({ method: 'GET', url: '/api/admin/contact-messages', headers })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/entities/:id/join', () => {
  it('counts the visit and redirects to the entity’s own http(s) sign-up page', async () => {
    const entity = await buildEntity(db(), {
      verificationStatus: 'approved',
      entityMetadata: { signup_url: 'https://partners.example.com/join' },
    });
    const res = await inject({ method: 'GET', url: `/api/entities/${entity.id}/join` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://partners.example.com/join');
    expect((await readEntity(db(), entity.id)).joinClickCount).toBe(1);
    // The entity's own users see the count (its private read); the public page does not carry it.
    const { headers } = await buildSignedInUser(db(), { role: 'advertiser', entityId: entity.id });
    const own = await inject({ method: 'GET', url: `/api/entities/${entity.id}`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().entity.join_click_count).toBe(1);
    const pub = await inject({ method: 'GET', url: `/api/entities/public/${entity.id}` });
    expect(pub.json().entity).not.toHaveProperty('join_click_count');
  });

  it('never redirects to a script or an entity without a sign-up page (404, not counted)', async () => {
    for (const signup_url of ['javascript:alert(1)', 'data:text/html,hi', 'not a url', undefined]) {
      const entity = await buildEntity(db(), {
        verificationStatus: 'approved',
        entityMetadata: signup_url === undefined ? {} : { signup_url },
      });
      const res = await inject({ method: 'GET', url: `/api/entities/${entity.id}/join` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(CONTACT_MESSAGES.noSignupPage);
      expect((await readEntity(db(), entity.id)).joinClickCount).toBe(0);
    }
  });

  it('refuses an unapproved entity (404) and one under an active warning (409)', async () => {
    const pending = await buildEntity(db(), {
      entityMetadata: { signup_url: 'https://p.example.com' },
    });
    expect(
      (await inject({ method: 'GET', url: `/api/entities/${pending.id}/join` })).statusCode,
    ).toBe(404);
    const warned = await buildEntity(db(), {
      verificationStatus: 'approved',
      entityMetadata: { signup_url: 'https://w.example.com' },
    });
    await warn(warned.id);
    const res = await inject({ method: 'GET', url: `/api/entities/${warned.id}/join` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CONTACT_MESSAGES.entityWarned);
    expect((await inject({ method: 'GET', url: '/api/entities/not-a-uuid/join' })).statusCode).toBe(
      404,
    );
  });
});

async function warn(entityId: string) {
  const admin = await buildUser(db(), { role: 'admin' });
  await db()
    .insert(entityWarnings)
    .values({
      entityId,
      kind: 'non_payment',
      publicText: 'Several affiliates report unpaid commissions since March.',
      warningDate: new Date().toISOString().slice(0, 10),
      placedByUserId: admin.id,
    });
}

describe('POST /api/entities/:id/contact', () => {
  const send = (
    id: string,
    headers: Record<string, string> | undefined,
    message = 'I run US Nutra traffic and would like to join your program.',
  ) =>
    inject({ method: 'POST', url: `/api/entities/${id}/contact`, headers, payload: { message } });

  /** The company's conversations as its account lists them (docs/decisions/050). */
  const threadsOf = async (headers: Record<string, string>) =>
    (await inject({ method: 'GET', url: '/api/threads', headers })).json();

  it('opens a conversation with the company: its accounts see it unread and get a mail without the text or our voice', async () => {
    const company = await buildEntityAccount(db(), 'advertiser');
    const sender = await buildSignedInUser(db(), {
      firstName: 'TrustLinks',
      lastName: 'Security Team',
    });
    const res = await send(company.entity.id, sender.headers, ATTACK);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: CONTACT_MESSAGES.entitySent,
      delivered_text: true,
    });
    const threadId = res.json().thread_id as string;
    const [mail] = await mailsTo(db(), company.user.email);
    expect(mail?.template).toBe('thread_message');
    for (const body of [mail!.textBody, mail!.htmlBody]) {
      expect(body).not.toContain('pills');
      expect(body).not.toContain('spam.example');
      // Not the name the member chose (free text that would read as ours).
      expect(body).not.toContain('Security Team');
    }
    expect(mail?.textBody).toContain(
      `http://localhost:3000/advertiser-dashboard?tab=messages&thread=${threadId}`,
    );
    expect(mail?.replyTo).toBeNull();
    // The bell's one request counts the unread conversation.
    const bell = await inject({
      method: 'GET',
      url: '/api/notifications',
      headers: company.headers,
    });
    expect(bell.json().unread_threads).toBe(1);
    // The company's account reads the text in the app, and answers in the same thread.
    const listed = await threadsOf(company.headers);
    expect(listed.threads[0]).toMatchObject({ thread_id: threadId, kind: 'contact', unread: true });
    const read = await inject({
      method: 'GET',
      url: `/api/threads/${threadId}`,
      headers: company.headers,
    });
    expect(read.json().messages).toMatchObject([{ body: ATTACK, side: 'theirs' }]);
    const answer = await inject({
      method: 'POST',
      url: `/api/threads/${threadId}/messages`,
      headers: company.headers,
      payload: { body: 'Welcome aboard.' },
    });
    expect(answer.statusCode).toBe(201);
    expect((await threadsOf(sender.headers)).unread_count).toBe(1);
    // A second message from the same member goes into the same thread.
    const again = await send(company.entity.id, sender.headers);
    expect(again.json().thread_id).toBe(threadId);
  });

  it('shows the sender’s approved company as the other side', async () => {
    const company = await buildEntityAccount(db(), 'network');
    const memberOf = await buildEntityAccount(db(), 'affiliate', {
      name: `Verified Traffic ${Date.now()}`,
    });
    expect((await send(company.entity.id, memberOf.headers)).statusCode).toBe(201);
    const [mail] = await mailsTo(db(), company.user.email);
    expect(mail?.textBody).toContain(`${memberOf.entity.name} sent you a new message`);
    expect((await threadsOf(company.headers)).threads[0]).toMatchObject({
      counterpart: memberOf.entity.name,
    });
  });

  it('lets only the two sides read the conversation (401, 403)', async () => {
    const company = await buildEntityAccount(db(), 'advertiser');
    const sender = await buildSignedInUser(db());
    const threadId = (await send(company.entity.id, sender.headers, ATTACK)).json().thread_id;
    const url = `/api/threads/${threadId}`;
    expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await buildEntityAccount(db(), 'advertiser');
    const stranger = await buildSignedInUser(db());
    for (const headers of [stranger.headers, other.headers, await adminHeader(db())]) {
      expect((await inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    }
  });

  it('limits a company to ENTITY_CONTACTS_PER_COMPANY_PER_DAY messages a day, whoever sends them', async () => {
    const company = await buildEntityAccount(db(), 'advertiser');
    for (let i = 0; i < 3; i++) {
      const { headers } = await buildSignedInUser(db());
      expect((await send(company.entity.id, headers)).statusCode).toBe(201);
    }
    const { headers } = await buildSignedInUser(db());
    const refused = await send(company.entity.id, headers, ATTACK);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(CONTACT_MESSAGES.companyRateLimited);
    expect(await mailsTo(db(), company.user.email)).toHaveLength(3);
    expect((await threadsOf(company.headers)).threads).toHaveLength(3);
    // Another company still gets messages.
    const other = await buildEntityAccount(db(), 'advertiser');
    expect((await send(other.entity.id, headers)).statusCode).toBe(201);
  });

  it('sends an unproven company address a fixed notice without the text, at most once a day', async () => {
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const first = await buildSignedInUser(db(), { firstName: 'Mallory' });
    const res = await send(entity.id, first.headers, ATTACK);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: CONTACT_MESSAGES.entityNoticeSent,
      delivered_text: false,
    });
    const second = await buildSignedInUser(db());
    expect((await send(entity.id, second.headers)).statusCode).toBe(201);
    const mails = await mailsTo(db(), entity.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).not.toContain('pills');
    expect(mails[0]!.textBody).not.toContain('Mallory');
    expect(mails[0]!.htmlBody).not.toContain('pills');
    // The text waits in the thread for when the company proves its address.
    const kept = await db().select().from(threads).where(eq(threads.ownerEntityId, entity.id));
    expect(kept).toHaveLength(2);
  });

  it('requires a signed-in sender (401) and refuses one’s own company (403)', async () => {
    const company = await buildEntityAccount(db(), 'network');
    expect((await send(company.entity.id, undefined)).statusCode).toBe(401);
    const own = await send(company.entity.id, company.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(CONTACT_MESSAGES.entityOwn);
  });

  it('refuses a warned company (409), an unknown one (404), one without any address (400) and short text (400)', async () => {
    const { headers } = await buildSignedInUser(db());
    const warned = await buildEntity(db(), { verificationStatus: 'approved' });
    await warn(warned.id);
    expect((await send(warned.id, headers)).statusCode).toBe(409);
    expect((await send('00000000-0000-0000-0000-000000000000', headers)).statusCode).toBe(404);
    const noAddress = await buildEntity(db(), { verificationStatus: 'approved', email: null });
    const res = await send(noAddress.id, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(CONTACT_MESSAGES.entityNotContactable);
    const other = await buildEntity(db(), { verificationStatus: 'approved' });
    expect((await send(other.id, headers, 'hi')).statusCode).toBe(400);
  });

  it('limits a member to ENTITY_CONTACTS_PER_HOUR messages an hour', async () => {
    const { headers } = await buildSignedInUser(db());
    for (let i = 0; i < 2; i++) {
      const entity = await buildEntity(db(), { verificationStatus: 'approved' });
      expect((await send(entity.id, headers)).statusCode).toBe(201);
    }
    const entity = await buildEntity(db(), { verificationStatus: 'approved' });
    const refused = await send(entity.id, headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(CONTACT_MESSAGES.rateLimited);
  });
});
