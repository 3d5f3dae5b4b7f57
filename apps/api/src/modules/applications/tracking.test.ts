import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { POSTBACK_MESSAGES } from '@trustlinks/contract/applications';
import { useTestApp } from '../../../test/helpers';
import { approvedTrackingLink } from '../../../test/offers';
import { offerApplications, offers, trackingClicks } from '../../db/schema';
import { recordTrackingClick } from './applications.repository';
import { isBot } from './tracking.service';

const ctx = useTestApp();
const { db, inject } = ctx;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

/** An approved application: the owner, its offer (with secret) and the tracking code. */
const approvedLink = (overrides: Record<string, unknown> = {}) =>
  approvedTrackingLink(db(), inject, 'network', {
    landing_page_url: 'https://land.example.com/lp?src=tl',
    ...overrides,
  });

const follow = (path: string, ua: string | undefined = BROWSER, ip = '203.0.113.7') =>
  inject({
    method: 'GET',
    url: path,
    remoteAddress: ip,
    headers: ua === undefined ? {} : { 'user-agent': ua },
  });
const clickIdOf = (location: string) => new URL(location).searchParams.get('click_id');
const offerRow = async (id: string) =>
  (await db().select().from(offers).where(eq(offers.id, id)))[0]!;
const applicationRow = async (id: string) =>
  (await db().select().from(offerApplications).where(eq(offerApplications.id, id)))[0]!;

describe('GET /go/:code', () => {
  it('records one click per visitor per day and redirects 302 to the landing page with click_id', async () => {
    const link = await approvedLink();
    const first = await follow(link.path);
    expect(first.statusCode).toBe(302);
    const location = first.headers.location as string;
    expect(location).toMatch(/^https:\/\/land\.example\.com\/lp\?src=tl&click_id=[0-9a-f-]{36}$/);
    const again = await follow(link.path);
    expect(clickIdOf(again.headers.location as string)).toBe(clickIdOf(location));
    const otherVisitor = await follow(link.path, BROWSER, '198.51.100.20');
    expect(clickIdOf(otherVisitor.headers.location as string)).not.toBe(clickIdOf(location));
    expect((await offerRow(link.offerId)).clickCount).toBe(2);
    expect((await applicationRow(link.applicationId)).clickCount).toBe(2);
  });

  it('sends bots on without counting them', async () => {
    const link = await approvedLink();
    for (const ua of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', '']) {
      const res = await follow(link.path, ua);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://land.example.com/lp?src=tl');
    }
    expect((await offerRow(link.offerId)).clickCount).toBe(0);
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBot(BROWSER)).toBe(false);
  });

  it('answers 404 for unknown codes and for offers that stopped running', async () => {
    expect((await follow('/go/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await follow('/go/short')).statusCode).toBe(404);
    const link = await approvedLink();
    await inject({
      method: 'PUT',
      url: `/api/offers/${link.offerId}/status`,
      headers: link.owner.headers,
      payload: { status: 'paused' },
    });
    const res = await follow(link.path);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect((await offerRow(link.offerId)).clickCount).toBe(0);
  });

  it('counts exactly under parallel clicks of distinct visitors and repeats', async () => {
    const link = await approvedLink();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => follow(link.path, BROWSER, `192.0.2.${i % 10}`)),
    );
    expect(results.every((r) => r.statusCode === 302)).toBe(true);
    expect(new Set(results.map((r) => clickIdOf(r.headers.location as string))).size).toBe(10);
    expect((await offerRow(link.offerId)).clickCount).toBe(10);
    expect((await applicationRow(link.applicationId)).clickCount).toBe(10);
  });
});

describe('the day of a click', () => {
  // A server whose TimeZone is not UTC (a managed database's default, say): a click's day, on
  // which a visitor counts once per offer, is the UTC day of its roll-up row, not the session's
  // local date. UTC+14 and UTC-12 are on another date than UTC at every hour, one or the other.
  it('is the UTC day whatever the session TimeZone, and a repeat that day is not counted', async () => {
    const link = await approvedLink();
    const utcDay = sql<string>`((now() AT TIME ZONE 'UTC')::date)::text`;
    for (const [zone, visitorKey] of [
      ['Etc/GMT-14', 'visitor-far-east'],
      ['Etc/GMT+12', 'visitor-far-west'],
    ] as const) {
      const click = () =>
        db().transaction(async (tx) => {
          await tx.execute(sql.raw(`SET LOCAL TIME ZONE '${zone}'`));
          const recorded = await recordTrackingClick(
            tx,
            {
              applicationId: link.applicationId,
              offerId: link.offerId,
              affiliateEntityId: link.aff.entity.id,
              visitorKey,
              sub1: null,
              sub2: null,
            },
            100,
          );
          const [row] = await tx
            .select({ day: sql<string>`${trackingClicks.day}::text`, utc: utcDay })
            .from(trackingClicks)
            .where(eq(trackingClicks.id, recorded.clickId));
          return { ...recorded, ...row! };
        });
      const first = await click();
      expect(first.counted).toBe(true);
      expect(first.day).toBe(first.utc);
      const repeat = await click();
      expect(repeat).toMatchObject({ counted: false, clickId: first.clickId });
    }
    expect((await offerRow(link.offerId)).clickCount).toBe(2);
  });
});

describe('/api/postback', () => {
  const postback = (query: Record<string, string>) =>
    inject({ method: 'GET', url: `/api/postback?${new URLSearchParams(query).toString()}` });

  it('records one conversion per click id with its payout; a replay answers 200 and changes nothing', async () => {
    const link = await approvedLink();
    const clickId = clickIdOf((await follow(link.path)).headers.location as string)!;
    const res = await postback({ click_id: clickId, secret: link.secret, payout: '12.50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      duplicate: false,
      message: POSTBACK_MESSAGES.recorded,
      click_id: clickId,
      payout: 12.5,
      over_cap: false,
      test: false,
    });
    const replay = await postback({ click_id: clickId, secret: link.secret, payout: '99' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true, payout: 12.5 });
    const offer = await offerRow(link.offerId);
    expect([offer.conversionCount, Number(offer.payoutTotal)]).toEqual([1, 12.5]);
    const application = await applicationRow(link.applicationId);
    expect([application.conversionCount, Number(application.payoutTotal)]).toEqual([1, 12.5]);

    // The owner's card reads the same numbers.
    const card = await inject({
      method: 'GET',
      url: `/api/offers/${link.offerId}`,
      headers: link.owner.headers,
    });
    expect(card.json().offer).toMatchObject({
      click_count: 1,
      conversion_count: 1,
      payout_total: 12.5,
      postback_secret: link.secret,
    });
    // The public sees neither the counts nor the secret.
    const pub = await inject({ method: 'GET', url: `/api/offers/${link.offerId}` });
    expect(pub.json().offer.postback_secret).toBeUndefined();
    expect(pub.json().offer.click_count).toBeUndefined();
  });

  it('takes the offer’s fixed payout when none is reported, and POST with a form body', async () => {
    const link = await approvedLink({ payout_value: 45 });
    const clickId = clickIdOf((await follow(link.path)).headers.location as string)!;
    const res = await inject({
      method: 'POST',
      url: '/api/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ click_id: clickId, secret: link.secret }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payout).toBe(45);
    expect(Number((await offerRow(link.offerId)).payoutTotal)).toBe(45);
  });

  it('refuses a wrong secret (403), an unknown click (404), missing fields and bad payouts (400)', async () => {
    const link = await approvedLink();
    const other = await approvedLink();
    const clickId = clickIdOf((await follow(link.path)).headers.location as string)!;
    const wrong = await postback({ click_id: clickId, secret: other.secret });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: POSTBACK_MESSAGES.wrongSecret });
    const unknown = await postback({
      click_id: '00000000-0000-4000-8000-000000000000',
      secret: link.secret,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: POSTBACK_MESSAGES.unknownClick });
    expect((await postback({ click_id: 'garbage', secret: link.secret })).statusCode).toBe(404);
    expect((await postback({ click_id: clickId })).statusCode).toBe(400);
    expect((await postback({ secret: link.secret })).statusCode).toBe(400);
    for (const payout of ['-1', 'abc', '1.234']) {
      const res = await postback({ click_id: clickId, secret: link.secret, payout });
      expect(res.statusCode, payout).toBe(400);
    }
    const offer = await offerRow(link.offerId);
    expect([offer.conversionCount, Number(offer.payoutTotal)]).toEqual([0, 0]);
  });

  it('counts exactly one conversion under 20 parallel postbacks of one click id', async () => {
    const link = await approvedLink();
    const clickId = clickIdOf((await follow(link.path)).headers.location as string)!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        postback({ click_id: clickId, secret: link.secret, payout: '5' }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    const offer = await offerRow(link.offerId);
    expect([offer.conversionCount, Number(offer.payoutTotal)]).toEqual([1, 5]);
    const application = await applicationRow(link.applicationId);
    expect(application.conversionCount).toBe(1);
    const clicks = await db()
      .select()
      .from(trackingClicks)
      .where(eq(trackingClicks.offerId, link.offerId));
    expect(clicks.filter((c) => c.convertedAt !== null)).toHaveLength(1);
  });
});

describe('indexes', () => {
  it('the application lists, tracking links, clicks and the bell read through their indexes', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    // One transaction, so SET LOCAL applies to the same connection as the EXPLAINs (pg pool).
    const plans = await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const plan = async (query: string) =>
        (
          (await tx.execute(sql.raw(`EXPLAIN ${query}`))) as unknown as {
            rows: Record<string, string>[];
          }
        ).rows
          .map((r) => Object.values(r).join(' '))
          .join('\n');
      const recent = 'ORDER BY created_at DESC LIMIT 20';
      return {
        perOffer: await plan(
          `SELECT id FROM offer_applications WHERE offer_id = '${id}' ${recent}`,
        ),
        received: await plan(
          `SELECT id FROM offer_applications WHERE owner_entity_id = '${id}' AND status = 'pending' ${recent}`,
        ),
        mine: await plan(`SELECT id FROM offer_applications WHERE entity_id = '${id}' ${recent}`),
        link: await plan(`SELECT id FROM offer_applications WHERE tracking_code = 'abc'`),
        click: await plan(
          `SELECT id FROM tracking_clicks WHERE offer_id = '${id}' AND visitor_key = 'k' AND day = CURRENT_DATE`,
        ),
        bell: await plan(
          `SELECT id FROM notifications WHERE user_id = '${id}' ORDER BY created_at DESC, id DESC LIMIT 11`,
        ),
        unread: await plan(
          `SELECT 1 FROM notifications WHERE user_id = '${id}' AND read_at IS NULL LIMIT 100`,
        ),
      };
    });
    expect(plans.perOffer).toContain('offer_applications_offer_idx');
    expect(plans.received).toContain('offer_applications_owner_status_idx');
    // On an empty table the planner may take the offer page's (entity, offer) index instead.
    expect(plans.mine).toMatch(/offer_applications_entity_(offer_)?idx/);
    expect(plans.link).toContain('offer_applications_tracking_code_key');
    expect(plans.click).toContain('tracking_clicks_visitor_day_key');
    expect(plans.bell).toContain('notifications_user_idx');
    expect(plans.unread).toContain('notifications_user_unread_idx');
  });
});
