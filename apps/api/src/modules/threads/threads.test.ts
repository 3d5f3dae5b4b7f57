import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { THREAD_MESSAGES } from '@trustlinks/contract/threads';
import * as notificationRoutes from '@trustlinks/contract/routes/notifications';
import * as routes from '@trustlinks/contract/routes/threads';
import { inject } from '../../../test/inject';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  buildEntity,
  buildEntityAccount,
  buildSignedInUser,
  insertOffer,
  mailsTo,
  offerRequestPayload,
} from '../../../test/factories';
import { buildApplicationDeal } from '../../../test/offers';
import { bids, offerApplications, offerRequests, threadMessages, users } from '../../db/schema';

// Low limits, so the tests can pass them (both are settings, docs/decisions/050).
const ctx = useTestApp({
  config: { THREAD_MESSAGES_PER_HOUR: '4', THREAD_MESSAGES_PER_THREAD_PER_DAY: '6' },
});
const db = () => ctx.db();
const app = () => ctx.app;

type Account = Awaited<ReturnType<typeof buildEntityAccount>>;

/** Another signed-in account of the same company. */
async function colleagueOf(account: Account) {
  return buildSignedInUser(db(), {
    role: account.user.role,
    entityId: account.entity.id,
    firstName: 'Colleague',
  });
}

/** An advertiser's offer, an affiliate's application to it. */
const deal = () => buildApplicationDeal(db());

const subject = (id: string) => ({ kind: 'application' as const, id });

function write(headers: Record<string, string> | undefined, id: string, body: string) {
  return inject(app(), routes.writeForSubject, {
    params: subject(id),
    body: { body },
    ...(headers ? { headers } : {}),
  });
}

function read(headers: Record<string, string> | undefined, id: string) {
  return inject(app(), routes.forSubject, {
    params: subject(id),
    ...(headers ? { headers } : {}),
  });
}

async function bell(headers: Record<string, string>) {
  return (await inject(app(), notificationRoutes.list, { query: {}, headers })).answer();
}

describe('a thread per application', () => {
  it('lets the two companies talk: every member reads, unread counts on the bell and the list', async () => {
    const { advertiser, affiliate, applicationId } = await deal();
    const empty = (await read(affiliate.headers, applicationId)).answer();
    expect(empty).toEqual({ thread: null, messages: [], can_write: true });

    const text = 'Hi! Is <b>email</b> traffic fine? See https://example.com/x?a=1';
    const sent = await write(affiliate.headers, applicationId, text);
    expect(sent.status).toBe(201);
    expect(sent.answer().sent).toMatchObject({ side: 'mine', body: text });

    // Both members of the advertiser see one unread conversation, on the bell's one request.
    const colleague = await colleagueOf(advertiser);
    for (const headers of [advertiser.headers, colleague.headers]) {
      expect((await bell(headers)).unread_threads).toBe(1);
    }
    const listed = (
      await inject(app(), routes.list, { query: {}, headers: advertiser.headers })
    ).answer();
    expect(listed.unread_count).toBe(1);
    expect(listed.threads[0]).toMatchObject({
      kind: 'application',
      title: 'Keto Trial US',
      counterpart: affiliate.entity.name,
      unread: true,
    });
    // The writer's own side has nothing unread.
    expect((await bell(affiliate.headers)).unread_threads).toBe(0);

    // Reading marks it read for that member only; the text comes back as written (plain text).
    const seen = (await read(advertiser.headers, applicationId)).answer();
    expect(seen.messages).toEqual([
      expect.objectContaining({
        side: 'theirs',
        body: text,
        sender_name: `Test (${affiliate.entity.name})`,
      }),
    ]);
    expect((await bell(advertiser.headers)).unread_threads).toBe(0);
    expect((await bell(colleague.headers)).unread_threads).toBe(1);

    // The colleague answers by the thread's id; the affiliate sees it unread.
    const answer = await inject(app(), routes.write, {
      params: { id: seen.thread!.thread_id },
      body: { body: 'Yes, opt-in email is fine.' },
      headers: colleague.headers,
    });
    expect(answer.status).toBe(201);
    expect((await bell(affiliate.headers)).unread_threads).toBe(1);
    const byId = (
      await inject(app(), routes.get, {
        params: { id: seen.thread!.thread_id },
        headers: affiliate.headers,
      })
    ).answer();
    expect(byId.messages.map((m) => [m.side, m.body])).toEqual([
      ['mine', text],
      ['theirs', 'Yes, opt-in email is fine.'],
    ]);
    expect((await bell(affiliate.headers)).unread_threads).toBe(0);
  });

  it('lets nobody else read or write: visitor, another affiliate, advertiser, network, member, an admin without a report', async () => {
    const { affiliate, applicationId } = await deal();
    const threadId = (await write(affiliate.headers, applicationId, 'Private terms.')).answer()
      .thread_id;
    const messageId = (await read(affiliate.headers, applicationId)).answer().messages[0]!
      .message_id;

    const visitor = await read(undefined, applicationId);
    expect(visitor.status).toBe(401);
    expect((await inject(app(), routes.get, { params: { id: threadId } })).status).toBe(401);

    const others: [string, Record<string, string>, string][] = [
      [
        'another affiliate',
        (await buildEntityAccount(db(), 'affiliate')).headers,
        THREAD_MESSAGES.notParty,
      ],
      [
        'another advertiser',
        (await buildEntityAccount(db(), 'advertiser')).headers,
        THREAD_MESSAGES.notParty,
      ],
      ['a network', (await buildEntityAccount(db(), 'network')).headers, THREAD_MESSAGES.notParty],
      [
        'a member without a company',
        (await buildSignedInUser(db())).headers,
        THREAD_MESSAGES.notParty,
      ],
      ['an admin', await adminHeader(db()), THREAD_MESSAGES.adminNoReport],
    ];
    for (const [who, headers, byIdMessage] of others) {
      const bySubject = await read(headers, applicationId);
      expect(bySubject.status, who).toBe(403);
      expect(bySubject.error().error, who).toBe(THREAD_MESSAGES.notParty);
      expect((await write(headers, applicationId, 'Let me in')).status, who).toBe(403);
      const byId = await inject(app(), routes.get, { params: { id: threadId }, headers });
      expect(byId.status, who).toBe(403);
      expect(byId.error().error, who).toBe(byIdMessage);
      const writeById = await inject(app(), routes.write, {
        params: { id: threadId },
        body: { body: 'Let me in' },
        headers,
      });
      expect(writeById.status, who).toBe(403);
      const reported = await inject(app(), routes.report, {
        params: { id: messageId },
        body: { reason: 'spam' },
        headers,
      });
      expect(reported.status, who).toBe(403);
      expect((await inject(app(), routes.list, { query: {}, headers })).answer().threads).toEqual(
        [],
      );
    }
    const count = await db()
      .select()
      .from(threadMessages)
      .where(eq(threadMessages.threadId, threadId));
    expect(count).toHaveLength(1);
  });

  it('a member of a company that is no longer approved loses the thread', async () => {
    const { affiliate, applicationId } = await deal();
    expect((await write(affiliate.headers, applicationId, 'Hello')).status).toBe(201);
    const { entities } = await import('../../db/schema');
    await db()
      .update(entities)
      .set({ verificationStatus: 'rejected' })
      .where(eq(entities.id, affiliate.entity.id));
    expect((await read(affiliate.headers, applicationId)).status).toBe(403);
  });

  it('refuses bad input with a human message (400) and unknown subjects (404)', async () => {
    const { affiliate, applicationId } = await deal();
    const cases: [string, string][] = [
      ['   ', 'Message is required'],
      ['x'.repeat(2001), 'Message must be at most 2000 characters'],
      ['bell\u0007', 'Message must be plain text'],
    ];
    for (const [body, message] of cases) {
      const res = await write(affiliate.headers, applicationId, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.error())).toContain(message);
    }
    const badKind = await ctx.inject({
      method: 'GET',
      url: `/api/threads/for/offer/${applicationId}`,
      headers: affiliate.headers,
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error).toMatch(/kind must be one of/);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const res = await read(affiliate.headers, id);
      expect(res.status).toBe(404);
      expect(res.error().error).toBe(THREAD_MESSAGES.subjectNotFound);
      expect(
        (await inject(app(), routes.get, { params: { id }, headers: affiliate.headers })).status,
      ).toBe(404);
    }
  });
});

describe('limits', () => {
  it('limits an account to THREAD_MESSAGES_PER_HOUR messages an hour across threads (429)', async () => {
    const first = await deal();
    for (let i = 0; i < 4; i++) {
      expect((await write(first.affiliate.headers, first.applicationId, `m${i}`)).status).toBe(201);
    }
    const refused = await write(first.affiliate.headers, first.applicationId, 'one more');
    expect(refused.status).toBe(429);
    expect(refused.error().error).toBe(THREAD_MESSAGES.accountRateLimited);
    // Another thread of the same account: the limit is the account's.
    const offerId = await insertOffer(db(), first.advertiser.entity.id, { title: 'Second offer' });
    const [second] = await db()
      .insert(offerApplications)
      .values({
        offerId,
        ownerEntityId: first.advertiser.entity.id,
        entityId: first.affiliate.entity.id,
        userId: first.affiliate.user.id,
      })
      .returning();
    expect((await write(first.affiliate.headers, second!.id, 'hello')).status).toBe(429);
    // The other side still writes.
    expect((await write(first.advertiser.headers, first.applicationId, 'hi')).status).toBe(201);
  });

  it('limits a thread to THREAD_MESSAGES_PER_THREAD_PER_DAY messages, whoever writes (429)', async () => {
    const { advertiser, affiliate, applicationId } = await deal();
    for (let i = 0; i < 3; i++) {
      expect((await write(affiliate.headers, applicationId, `a${i}`)).status).toBe(201);
      expect((await write(advertiser.headers, applicationId, `b${i}`)).status).toBe(201);
    }
    const colleague = await colleagueOf(affiliate);
    const refused = await write(colleague.headers, applicationId, 'seventh');
    expect(refused.status).toBe(429);
    expect(refused.error().error).toBe(THREAD_MESSAGES.threadRateLimited);
  });
});

describe('mail to the other side', () => {
  it('sends at most one mail per thread and hour to each account, never with the text', async () => {
    const { advertiser, affiliate, applicationId } = await deal();
    for (const body of ['SECRET-ONE', 'SECRET-TWO', 'SECRET-THREE']) {
      expect((await write(affiliate.headers, applicationId, body)).status).toBe(201);
    }
    const mails = await mailsTo(db(), advertiser.user.email);
    expect(mails.every((m) => m.template === 'thread_message')).toBe(true);
    const now = Date.now();
    const dueNow = mails.filter((m) => m.nextAttemptAt.getTime() <= now);
    const later = mails.filter((m) => m.nextAttemptAt.getTime() > now);
    // One goes out now; the next two wait together for the hour's end.
    expect(dueNow).toHaveLength(1);
    expect(later).toHaveLength(1);
    expect(later[0]!.nextAttemptAt.getTime()).toBeGreaterThan(now + 59 * 60_000);
    expect(later[0]!.textBody).toContain('2 new messages');
    for (const m of mails) {
      expect(m.textBody + m.htmlBody).not.toContain('SECRET');
      expect(m.textBody).toContain(`${affiliate.entity.name} sent you`);
      expect(m.textBody).toMatch(/advertiser-dashboard\?tab=messages&thread=/);
    }
    // The writer's side gets nothing; another thread is mailed on its own at once.
    expect(await mailsTo(db(), affiliate.user.email)).toHaveLength(0);
    const offerId = await insertOffer(db(), advertiser.entity.id, { title: 'Other offer' });
    const other = await buildEntityAccount(db(), 'affiliate');
    const [app2] = await db()
      .insert(offerApplications)
      .values({
        offerId,
        ownerEntityId: advertiser.entity.id,
        entityId: other.entity.id,
        userId: other.user.id,
      })
      .returning();
    expect((await write(other.headers, app2!.id, 'hello')).status).toBe(201);
    const after = await mailsTo(db(), advertiser.user.email);
    expect(after.filter((m) => m.nextAttemptAt.getTime() <= Date.now())).toHaveLength(2);
  });
});

describe('reports', () => {
  let parties: Awaited<ReturnType<typeof deal>>;
  let threadId: string;
  beforeEach(async () => {
    parties = await deal();
    await write(parties.advertiser.headers, parties.applicationId, 'Pay me in gift cards first.');
    threadId = (await read(parties.affiliate.headers, parties.applicationId)).answer().thread!
      .thread_id;
  });

  it('lets a party report the other side’s message; admins then read that thread only, read only', async () => {
    const admin = await adminHeader(db());
    const before = await inject(app(), routes.get, { params: { id: threadId }, headers: admin });
    expect(before.status).toBe(403);
    const messageId = (await read(parties.affiliate.headers, parties.applicationId)).answer()
      .messages[0]!.message_id;
    const res = await inject(app(), routes.report, {
      params: { id: messageId },
      body: { reason: 'Asks for gift cards' },
      headers: parties.affiliate.headers,
    });
    expect(res.status).toBe(201);
    expect(res.answer().message).toBe(THREAD_MESSAGES.reported);

    const reports = (
      await inject(app(), routes.reportsForAdmin, { query: {}, headers: admin })
    ).answer();
    expect(reports.reports[0]).toMatchObject({
      message_id: messageId,
      thread_id: threadId,
      reason: 'Asks for gift cards',
      body: 'Pay me in gift cards first.',
    });
    const read1 = (
      await inject(app(), routes.get, { params: { id: threadId }, headers: admin })
    ).answer();
    expect(read1.can_write).toBe(false);
    expect(read1.messages[0]).toMatchObject({
      body: 'Pay me in gift cards first.',
      reported: true,
    });
    const adminWrite = await inject(app(), routes.write, {
      params: { id: threadId },
      body: { body: 'Admin here' },
      headers: admin,
    });
    expect(adminWrite.status).toBe(403);

    // Another thread, never reported, stays closed to the admin.
    const other = await deal();
    const otherThread = (await write(other.affiliate.headers, other.applicationId, 'Hi')).answer()
      .thread_id;
    const closed = await inject(app(), routes.get, { params: { id: otherThread }, headers: admin });
    expect(closed.status).toBe(403);
    expect(closed.error().error).toBe(THREAD_MESSAGES.adminNoReport);
    // Only admins list reports.
    expect(
      (
        await inject(app(), routes.reportsForAdmin, {
          query: {},
          headers: parties.affiliate.headers,
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a report of one’s own message (400), a second report (409) and no reason (400)', async () => {
    const messageId = (await read(parties.affiliate.headers, parties.applicationId)).answer()
      .messages[0]!.message_id;
    const own = await inject(app(), routes.report, {
      params: { id: messageId },
      body: { reason: 'x' },
      headers: parties.advertiser.headers,
    });
    expect(own.status).toBe(400);
    expect(own.error().error).toBe(THREAD_MESSAGES.ownMessage);
    const empty = await inject(app(), routes.report, {
      params: { id: messageId },
      body: { reason: '  ' },
      headers: parties.affiliate.headers,
    });
    expect(empty.status).toBe(400);
    const ok = {
      params: { id: messageId },
      body: { reason: 'spam' },
      headers: parties.affiliate.headers,
    };
    expect((await inject(app(), routes.report, ok)).status).toBe(201);
    const twice = await inject(app(), routes.report, ok);
    expect(twice.status).toBe(409);
    expect(twice.error().error).toBe(THREAD_MESSAGES.alreadyReported);
  });
});

describe('a thread per offer request and bid', () => {
  it('the bid’s thread is its request’s thread between the two companies; only bidders ask', async () => {
    const affiliate = await buildEntityAccount(db(), 'affiliate');
    const advertiser = await buildEntityAccount(db(), 'advertiser');
    const payload = offerRequestPayload();
    const [request] = await db()
      .insert(offerRequests)
      .values({
        entityId: affiliate.entity.id,
        userId: affiliate.user.id,
        title: payload.title as string,
        vertical: 'Nutra',
        geosTargeting: ['US'],
        geosSearch: 'us',
        trafficType: ['Email'],
        trafficVolume: 1000,
        platformsUsed: ['Web'],
        priority: 'medium',
      })
      .returning();
    const ask = await inject(app(), routes.writeForSubject, {
      params: { kind: 'request', id: request!.id },
      body: { body: 'Which GEOs convert best for you?' },
      headers: advertiser.headers,
    });
    expect(ask.status).toBe(201);
    // The owner picks a company: by the bid, or from the list.
    const own = await inject(app(), routes.forSubject, {
      params: { kind: 'request', id: request!.id },
      headers: affiliate.headers,
    });
    expect(own.status).toBe(400);
    expect(own.error().error).toBe(THREAD_MESSAGES.ownerPicks);
    // Another affiliate cannot ask (bidders only).
    const other = await buildEntityAccount(db(), 'affiliate');
    const refused = await inject(app(), routes.forSubject, {
      params: { kind: 'request', id: request!.id },
      headers: other.headers,
    });
    expect(refused.status).toBe(403);
    expect(refused.error().error).toBe(THREAD_MESSAGES.onlyBidders);

    const [bid] = await db()
      .insert(bids)
      .values({
        offerRequestId: request!.id,
        entityId: advertiser.entity.id,
        userId: advertiser.user.id,
        bidAmount: 12,
      })
      .returning();
    for (const side of [affiliate, advertiser]) {
      const res = (
        await inject(app(), routes.forSubject, {
          params: { kind: 'bid', id: bid!.id },
          headers: side.headers,
        })
      ).answer();
      expect(res.thread?.thread_id).toBe(ask.answer().thread_id);
      expect(res.messages.map((m) => m.body)).toEqual(['Which GEOs convert best for you?']);
    }
    const network = await buildEntityAccount(db(), 'network');
    expect(
      (
        await inject(app(), routes.forSubject, {
          params: { kind: 'bid', id: bid!.id },
          headers: network.headers,
        })
      ).status,
    ).toBe(403);
  });
});

describe('a member with no company', () => {
  it('keeps its own side of a Contact thread (by account, not company)', async () => {
    const company = await buildEntityAccount(db(), 'network');
    const member = await buildSignedInUser(db(), { firstName: 'Mia' });
    const res = await inject(app(), routes.writeForSubject, {
      params: { kind: 'entity', id: company.entity.id },
      body: { body: 'Can I join your program?' },
      headers: member.headers,
    });
    expect(res.status).toBe(201);
    expect((await bell(company.headers)).unread_threads).toBe(1);
    const other = await buildSignedInUser(db());
    expect(
      (
        await inject(app(), routes.get, {
          params: { id: res.answer().thread_id },
          headers: other.headers,
        })
      ).status,
    ).toBe(403);
    // An unapproved company cannot be written to.
    const pending = await buildEntity(db());
    expect(
      (
        await inject(app(), routes.writeForSubject, {
          params: { kind: 'entity', id: pending.id },
          body: { body: 'hello' },
          headers: member.headers,
        })
      ).status,
    ).toBe(404);
    void users;
  });
});
