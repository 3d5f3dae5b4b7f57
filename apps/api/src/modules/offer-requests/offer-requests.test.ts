import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REQUEST_MESSAGES, requestPriority } from '@trustlinks/contract/offer-requests';
import { useTestApp } from '../../../test/helpers';
import { decodeQuotedPrintable, startSmtpSink } from '../../../test/smtp-sink';
import {
  adminHeader,
  authHeader,
  buildEntityAccount,
  buildUser,
  mailsTo,
  offerRequestPayload,
} from '../../../test/factories';
import { offerRequests } from '../../db/schema';
import { createMailTransport } from '../../mail/transport';
import { MailWorker } from '../../mail/worker';
import { CONTACTS_PER_HOUR } from './offer-requests.service';

const ctx = useTestApp();
const { db, inject } = ctx;
const createRequest = (headers: Record<string, string>, overrides: Record<string, unknown> = {}) =>
  inject({
    method: 'POST',
    url: '/api/offers/offer-request',
    headers,
    payload: offerRequestPayload(overrides),
  });

describe('requestPriority', () => {
  it('follows the thresholds of docs/product/constants.md exactly', () => {
    expect(requestPriority(10000, false)).toBe('low');
    expect(requestPriority(10001, false)).toBe('medium');
    expect(requestPriority(50000, false)).toBe('medium');
    expect(requestPriority(50001, false)).toBe('high');
    expect(requestPriority(1, true)).toBe('high');
  });
});

describe('POST /api/offers/offer-request', () => {
  it('creates for the caller’s entity with split, trimmed lists and the derived priority', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate', { name: 'Northwind Traffic' });
    const res = await createRequest(aff.headers, {
      entity_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({
      entity_id: aff.entity.id,
      entity_name: 'Northwind Traffic',
      geos_targeting: ['US', 'CA', 'GB'],
      traffic_type: ['Native', 'Push'],
      platforms_used: ['Taboola', 'Outbrain'],
      traffic_volume: 25000,
      priority: 'medium',
      budget_range: null,
      request_status: 'active',
    });
    const withBudget = await createRequest(aff.headers, {
      traffic_volume: 100,
      budget_range: { min: 1000, max: 5000 },
    });
    expect(withBudget.json().request).toMatchObject({
      priority: 'high',
      budget_range: { min: 1000, max: 5000 },
    });
    const network = await buildEntityAccount(db(), 'network');
    expect((await createRequest(network.headers)).statusCode).toBe(201);
  });

  it('validates every field and stores nothing on refusal', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(offerRequests)
    )[0]!.n;
    const cases: Record<string, unknown>[] = [
      { title: '' },
      { vertical: '  ' },
      { geos_targeting: ' , ' },
      { traffic_type: '' },
      { platforms_used: [] },
      { traffic_volume: 0 },
      { traffic_volume: -5 },
      { traffic_volume: 12.5 },
      { traffic_volume: 'lots' },
      { budget_range: { min: 5000, max: 1000 } },
      { budget_range: { min: -1, max: 10 } },
      { budget_range: { min: 1 } },
      { budget_range: '{"min":1,"max":2}' },
      { desired_payout_type: 'CPX' },
      { expires_at: '2000-01-01T00:00:00Z' },
    ];
    for (const c of cases) {
      const res = await createRequest(aff.headers, c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
    }
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(offerRequests)
      )[0]!.n,
    ).toBe(before);
  });

  it('refuses visitors, advertisers, plain users and users without an entity', async () => {
    expect((await createRequest({})).statusCode).toBe(401);
    const adv = await buildEntityAccount(db(), 'advertiser');
    expect((await createRequest(adv.headers)).json()).toEqual({
      error: REQUEST_MESSAGES.onlyRequesters,
    });
    const plain = await authHeader(db(), await buildUser(db()));
    expect((await createRequest(plain)).statusCode).toBe(403);
    const noEntity = await authHeader(db(), await buildUser(db(), { role: 'network' }));
    const res = await createRequest(noEntity);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'User not properly authenticated' });
  });
});

describe('GET /api/offers/offer-requests', () => {
  it('filters by vertical and GEO (case-insensitive substring), priority and excluded entity', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const other = await buildEntityAccount(db(), 'network');
    const tag = `V${Date.now()}`;
    await createRequest(aff.headers, {
      vertical: `${tag} Dating`,
      geos_targeting: 'US,DE',
      traffic_volume: 60000,
    });
    await createRequest(aff.headers, {
      vertical: `${tag} Crypto`,
      geos_targeting: 'BR',
      traffic_volume: 500,
    });
    await createRequest(other.headers, {
      vertical: `${tag} Dating`,
      geos_targeting: 'us',
      traffic_volume: 20000,
    });
    const list = async (q: string) => {
      const res = await inject({
        method: 'GET',
        url: `/api/offers/offer-requests?vertical=${tag}${q}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      return res.json().requests as { vertical: string; priority: string; entity_id: string }[];
    };
    expect(await list('')).toHaveLength(3);
    expect(await list('%20dat')).toHaveLength(2);
    expect(await list('&geo=us')).toHaveLength(2);
    expect(await list('&geo=b')).toHaveLength(1);
    expect((await list('&priority=high')).map((r) => r.priority)).toEqual(['high']);
    expect((await list('&priority=low')).map((r) => r.priority)).toEqual(['low']);
    expect((await list(`&exclude_entity_id=${aff.entity.id}`)).map((r) => r.entity_id)).toEqual([
      other.entity.id,
    ]);
    await db()
      .update(offerRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offerRequests.entityId, other.entity.id));
    expect(await list('')).toHaveLength(2);
    expect(
      (await inject({ method: 'GET', url: '/api/offers/offer-requests?limit=1000' })).statusCode,
    ).toBe(400);
  });

  it('lists a user’s own requests with bid counts for that user or admins only', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    await createRequest(aff.headers);
    const mine = await inject({
      method: 'GET',
      url: `/api/offers/offer-requests/user/${aff.user.id}`,
      headers: aff.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().requests[0]).toMatchObject({ bid_count: 0 });
    const stranger = await buildEntityAccount(db(), 'affiliate');
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/offers/offer-requests/user/${aff.user.id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(403);
    const admin = await adminHeader(db());
    expect(
      (
        await inject({
          method: 'GET',
          url: `/api/offers/offer-requests/user/${aff.user.id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('bids', () => {
  it('advertisers and networks bid; a new bid replaces the open one; the owner sees them and gets a mail', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const id = (await createRequest(aff.headers)).json().request.offer_request_id as string;
    const adv = await buildEntityAccount(db(), 'advertiser', { name: 'Vitality Partners' });
    const bid = (amount: unknown, headers = adv.headers) =>
      inject({
        method: 'POST',
        url: `/api/offers/offer-requests/${id}/bid`,
        headers,
        payload: { bid_amount: amount, bid_notes: 'Weekly pay', offer_details: {} },
      });
    expect((await bid(12.5)).statusCode).toBe(201);
    const second = await bid(15.25);
    expect(second.json()).toMatchObject({
      success: true,
      bid: { bid_amount: 15.25, entity_name: 'Vitality Partners' },
    });
    const net = await buildEntityAccount(db(), 'network');
    expect((await bid(9, net.headers)).statusCode).toBe(201);
    const seen = await inject({
      method: 'GET',
      url: `/api/offers/offer-requests/${id}/bids`,
      headers: aff.headers,
    });
    expect(seen.statusCode).toBe(200);
    expect(
      seen
        .json()
        .bids.map((b: { bid_amount: number }) => b.bid_amount)
        .sort(),
    ).toEqual([15.25, 9].sort());
    // One mail per bidding entity and day (docs/decisions/011): the advertiser's second bid was silent.
    expect(
      (await mailsTo(db(), aff.user.email)).filter((m) => m.template === 'bid_received'),
    ).toHaveLength(2);
    // Counts show on the owner's list.
    const mine = await inject({
      method: 'GET',
      url: `/api/offers/offer-requests/user/${aff.user.id}`,
      headers: aff.headers,
    });
    expect(
      mine.json().requests.find((r: { offer_request_id: string }) => r.offer_request_id === id)
        .bid_count,
    ).toBe(2);
  });

  it('refuses bids on your own request, from affiliates and plain users, and bad amounts', async () => {
    const net = await buildEntityAccount(db(), 'network');
    const id = (await createRequest(net.headers)).json().request.offer_request_id as string;
    const own = await inject({
      method: 'POST',
      url: `/api/offers/offer-requests/${id}/bid`,
      headers: net.headers,
      payload: { bid_amount: 5 },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: REQUEST_MESSAGES.ownRequest });
    const aff = await buildEntityAccount(db(), 'affiliate');
    expect(
      (
        await inject({
          method: 'POST',
          url: `/api/offers/offer-requests/${id}/bid`,
          headers: aff.headers,
          payload: { bid_amount: 5 },
        })
      ).json(),
    ).toEqual({ error: REQUEST_MESSAGES.onlyBidders });
    expect(
      (
        await inject({
          method: 'POST',
          url: `/api/offers/offer-requests/${id}/bid`,
          payload: { bid_amount: 5 },
        })
      ).statusCode,
    ).toBe(401);
    const adv = await buildEntityAccount(db(), 'advertiser');
    for (const amount of [0, -1, 1.234, 'abc', null]) {
      const res = await inject({
        method: 'POST',
        url: `/api/offers/offer-requests/${id}/bid`,
        headers: adv.headers,
        payload: { bid_amount: amount },
      });
      expect(res.statusCode, String(amount)).toBe(400);
    }
  });

  it('shows bids only to the request’s owner and admins', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const id = (await createRequest(aff.headers)).json().request.offer_request_id as string;
    const adv = await buildEntityAccount(db(), 'advertiser');
    const res = await inject({
      method: 'GET',
      url: `/api/offers/offer-requests/${id}/bids`,
      headers: adv.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: REQUEST_MESSAGES.bidsForOwnerOnly });
    expect(
      (await inject({ method: 'GET', url: `/api/offers/offer-requests/${id}/bids` })).statusCode,
    ).toBe(401);
    expect(
      (
        await inject({
          method: 'GET',
          url: '/api/offers/offer-requests/nope/bids',
          headers: adv.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('contact and email history', () => {
  it('delivers the message to the owner through SMTP with the sender as reply-to, and both see it in history', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const id = (await createRequest(aff.headers, { title: 'Dating traffic wanted' })).json().request
      .offer_request_id as string;
    const adv = await buildEntityAccount(db(), 'advertiser', { name: 'Apex Gaming Group' });
    const res = await inject({
      method: 'POST',
      url: `/api/offers/offer-requests/${id}/contact`,
      headers: adv.headers,
      payload: { message: '  We have a CPA Dating offer at $4.50 per SOI.  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: REQUEST_MESSAGES.contactSent });

    const sink = await startSmtpSink();
    const transport = createMailTransport(sink.url);
    try {
      await new MailWorker({
        db: db(),
        transport,
        from: 'x@trustlinks.local',
        log: { info: () => {}, warn: () => {}, error: () => {} },
      }).drain();
      const mail = sink.received.find((m) => m.to.includes(aff.user.email));
      expect(mail).toBeDefined();
      const text = decodeQuotedPrintable(mail!.raw);
      expect(text).toContain('We have a CPA Dating offer at $4.50 per SOI.');
      expect(text).toMatch(new RegExp(`Reply-To: ${adv.user.email.replace('.', '\\.')}`, 'i'));
    } finally {
      transport.close();
      await sink.close();
    }

    const sent = await inject({
      method: 'GET',
      url: '/api/offers/email-history?type=sent',
      headers: adv.headers,
    });
    expect(sent.json().emails).toHaveLength(1);
    expect(sent.json().emails[0]).toMatchObject({
      direction: 'sent',
      to: aff.user.email,
      status: 'sent',
    });
    const received = await inject({
      method: 'GET',
      url: '/api/offers/email-history',
      headers: aff.headers,
    });
    expect(received.json().emails[0]).toMatchObject({
      direction: 'received',
      reply_to: adv.user.email,
    });
    expect(
      (
        await inject({
          method: 'GET',
          url: '/api/offers/email-history?type=received',
          headers: adv.headers,
        })
      ).json().emails,
    ).toHaveLength(0);
    expect((await inject({ method: 'GET', url: '/api/offers/email-history' })).statusCode).toBe(
      401,
    );
  });

  it('refuses empty or huge messages, affiliates and visitors, and limits each sender per hour', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const id = (await createRequest(aff.headers)).json().request.offer_request_id as string;
    const net = await buildEntityAccount(db(), 'network');
    const send = (message: unknown, headers = net.headers) =>
      inject({
        method: 'POST',
        url: `/api/offers/offer-requests/${id}/contact`,
        headers,
        payload: { message },
      });
    const empty = await send('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain(REQUEST_MESSAGES.messageRequired);
    expect((await send('x'.repeat(5001))).statusCode).toBe(400);
    expect((await send('hello', aff.headers)).json()).toEqual({
      error: REQUEST_MESSAGES.onlyContacters,
    });
    expect(
      (
        await inject({
          method: 'POST',
          url: `/api/offers/offer-requests/${id}/contact`,
          payload: { message: 'hi' },
        })
      ).statusCode,
    ).toBe(401);
    for (let i = 0; i < CONTACTS_PER_HOUR; i++)
      expect((await send(`message ${i}`)).statusCode).toBe(200);
    const limited = await send('one more');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: REQUEST_MESSAGES.contactRateLimited });
    expect(
      (await mailsTo(db(), aff.user.email)).filter((m) => m.template === 'contact_request'),
    ).toHaveLength(CONTACTS_PER_HOUR);
  });
});

describe('bid abuse', () => {
  const bidOn = (id: string, headers: Record<string, string>, payload: unknown) =>
    inject({
      method: 'POST',
      url: `/api/offers/offer-requests/${id}/bid`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const bidMails = async (email: string) =>
    (await mailsTo(db(), email)).filter((m) => m.template === 'bid_received');

  it('mails the owner once per request, bidding entity and day; later changes update the bid silently', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const id = (await createRequest(aff.headers)).json().request.offer_request_id as string;
    const adv = await buildEntityAccount(db(), 'advertiser');
    for (const amount of [10, 11, 12, 13, 14]) {
      expect((await bidOn(id, adv.headers, { bid_amount: amount })).statusCode).toBe(201);
    }
    expect(await bidMails(aff.user.email)).toHaveLength(1);
    const bids = await inject({
      method: 'GET',
      url: `/api/offers/offer-requests/${id}/bids`,
      headers: aff.headers,
    });
    expect(bids.json().bids).toHaveLength(1);
    expect(bids.json().bids[0].bid_amount).toBe(14);
    // Another entity's bid is news of its own.
    const net = await buildEntityAccount(db(), 'network');
    await bidOn(id, net.headers, { bid_amount: 9 });
    expect(await bidMails(aff.user.email)).toHaveLength(2);
    // And the same entity on another request.
    const id2 = (await createRequest(aff.headers)).json().request.offer_request_id as string;
    await bidOn(id2, adv.headers, { bid_amount: 10 });
    expect(await bidMails(aff.user.email)).toHaveLength(3);
  });

  it('regression: a 50,000-deep offer_details is a 400 with a clear message, not a 500', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const id = (await createRequest(aff.headers)).json().request.offer_request_id as string;
    const adv = await buildEntityAccount(db(), 'advertiser');
    const deep = `{"bid_amount":5,"offer_details":{"x":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`;
    const res = await bidOn(id, adv.headers, deep);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(REQUEST_MESSAGES.offerDetailsTooDeep);
    expect(await bidMails(aff.user.email)).toHaveLength(0);
  });

  it('bounds offer_details: depth at most 5, at most 4 KB serialized', async () => {
    const aff = await buildEntityAccount(db(), 'affiliate');
    const id = (await createRequest(aff.headers)).json().request.offer_request_id as string;
    const adv = await buildEntityAccount(db(), 'advertiser');
    const five = { a: { b: { c: { d: { e: 'fine' } } } } };
    const ok = await bidOn(id, adv.headers, { bid_amount: 5, offer_details: five });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().bid.offer_details).toEqual(five);
    const six = await bidOn(id, adv.headers, {
      bid_amount: 5,
      offer_details: { a: { b: { c: { d: { e: ['too deep'] } } } } },
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().error).toContain(REQUEST_MESSAGES.offerDetailsTooDeep);
    // 4,096 bytes exactly passes; one more byte (or multi-byte text over it) does not.
    const fill = (bytes: number) => ({ note: 'x'.repeat(bytes - '{"note":""}'.length) });
    expect(
      (await bidOn(id, adv.headers, { bid_amount: 5, offer_details: fill(4096) })).statusCode,
    ).toBe(201);
    const big = await bidOn(id, adv.headers, { bid_amount: 5, offer_details: fill(4097) });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toContain(REQUEST_MESSAGES.offerDetailsTooLarge);
    const wide = await bidOn(id, adv.headers, {
      bid_amount: 5,
      offer_details: { note: 'é'.repeat(2100) },
    });
    expect(wide.statusCode).toBe(400);
  });
});
