import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { RESULTS_MESSAGES } from '@trustlinks/contract/results';
import { parseCsv as readCsv } from '../companies/csv';
import { useTestApp } from '../../../test/helpers';
import {
  adminHeader,
  buildEntityAccount,
  buildSignedInUser,
  offerPayload,
} from '../../../test/factories';
import { trackingClicks, trackingDaily } from '../../db/schema';
import { rebuildDaily } from './results.repository';

// Limits the tests exceed are settings the tests lower.
const SUB1_PER_DAY = 2;
const MAX_DAYS = 31;
const ctx = useTestApp({
  config: { RESULTS_SUB1_PER_DAY: String(SUB1_PER_DAY), RESULTS_MAX_DAYS: String(MAX_DAYS) },
});
const { db, inject } = ctx;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
type Headers = Record<string, string>;
const today = () => new Date().toISOString().slice(0, 10);

/** An approved affiliate of an offer: its account, application and tracking path. */
async function approvedAffiliate(owner: Headers, offerId: string, affName?: string) {
  const aff = await buildEntityAccount(db(), 'affiliate', affName ? { name: affName } : {});
  const applied = await inject({
    method: 'POST',
    url: `/api/offers/${offerId}/click`,
    headers: aff.headers,
  });
  const applicationId = applied.json().application.application_id as string;
  await inject({
    method: 'PUT',
    url: `/api/offers/applications/${applicationId}`,
    headers: owner,
    payload: { status: 'approved' },
  });
  const mine = await inject({
    method: 'GET',
    url: '/api/offers/applications/mine',
    headers: aff.headers,
  });
  const trackingUrl = mine.json().applications[0].tracking_url as string;
  return { aff, applicationId, path: new URL(trackingUrl).pathname };
}

/** An offer (payout 45) with one approved affiliate: both accounts and the tracking path. */
async function approvedLink(affName?: string) {
  const owner = await buildEntityAccount(db(), 'advertiser');
  const created = await inject({
    method: 'POST',
    url: '/api/offers/create',
    headers: owner.headers,
    payload: offerPayload({ title: 'Results Offer' }),
  });
  const offer = created.json().offer as { offer_id: string; postback_secret: string };
  const first = await approvedAffiliate(owner.headers, offer.offer_id, affName);
  return { owner, offerId: offer.offer_id, secret: offer.postback_secret, ...first };
}

let ipCounter = 0;
/** A click from a new visitor; answers its click id. */
async function click(path: string, query = '') {
  ipCounter += 1;
  const res = await inject({
    method: 'GET',
    url: `${path}${query}`,
    remoteAddress: `203.0.113.${ipCounter}`,
    headers: { 'user-agent': BROWSER },
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('click_id')!;
}

async function convert(clickId: string, secret: string, payout?: number) {
  const res = await inject({
    method: 'POST',
    url: '/api/postback',
    payload: { click_id: clickId, secret, ...(payout === undefined ? {} : { payout }) },
  });
  expect(res.statusCode).toBe(200);
}

const get = (url: string, headers?: Headers) => inject({ method: 'GET', url, headers });

/** An application's roll-up rows, by day and sub1 (in code-unit order, not the collation's). */
const dailyRows = async (applicationId: string) =>
  (
    await db()
      .select()
      .from(trackingDaily)
      .where(eq(trackingDaily.applicationId, applicationId))
      .orderBy(asc(trackingDaily.day))
  ).sort((x, y) => x.day.localeCompare(y.day) || (x.sub1 < y.sub1 ? -1 : x.sub1 > y.sub1 ? 1 : 0));

const parseCsv = (text: string): string[][] => readCsv(text).map((r) => r.fields);

describe('sub-IDs on the tracking link', () => {
  it('keeps sub1 and sub2 with the click, and drops unclean ones without failing the link', async () => {
    const link = await approvedLink();
    const kept = await click(link.path, '?sub1=%20fb-campaign_7%20&sub2=ad%3A12');
    const long = await click(link.path, `?sub1=${'x'.repeat(101)}&sub2=ok`);
    const control = await click(link.path, '?sub1=a%0Ab');
    const rows = await db()
      .select({ id: trackingClicks.id, sub1: trackingClicks.sub1, sub2: trackingClicks.sub2 })
      .from(trackingClicks)
      .where(eq(trackingClicks.applicationId, link.applicationId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(kept)).toMatchObject({ sub1: 'fb-campaign_7', sub2: 'ad:12' });
    expect(byId.get(long)).toMatchObject({ sub1: null, sub2: 'ok' });
    expect(byId.get(control)).toMatchObject({ sub1: null, sub2: null });
  });
});

describe('GET /api/offers/:id/results', () => {
  it("answers an offer's clicks, conversions, rate, payout and EPC per day, affiliate and sub1", async () => {
    const link = await approvedLink('Results Affiliate One');
    const a1 = await click(link.path, '?sub1=fb');
    await click(link.path, '?sub1=fb');
    await click(link.path);
    await convert(a1, link.secret, 10);
    const res = await get(`/api/offers/${link.offerId}/results?period=today`, link.owner.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = { clicks: 3, conversions: 1, conversion_rate: 33.33, payout: 10, epc: 3.33 };
    expect(body.period).toEqual({ from: today(), to: today(), days: 1, time_zone: 'UTC' });
    expect(body.group_by).toBe('affiliate');
    expect(body.totals).toEqual(expected);
    expect(body.days).toEqual([{ day: today(), ...expected }]);
    expect(body.groups).toEqual([
      { key: link.aff.entity.id, label: 'Results Affiliate One', ...expected },
    ]);
    // The day × affiliate rows (the CSV's) only when asked for: the screen does not draw them.
    expect(body.rows).toBeUndefined();
    const withRows = await get(
      `/api/offers/${link.offerId}/results?period=today&include=rows`,
      link.owner.headers,
    );
    expect(withRows.json().rows).toEqual([
      { day: today(), key: link.aff.entity.id, label: 'Results Affiliate One', ...expected },
    ]);
    expect(withRows.json().days).toEqual(body.days);
    expect(body.sub_ids).toEqual([
      {
        sub1: 'fb',
        other: false,
        clicks: 2,
        conversions: 1,
        conversion_rate: 50,
        payout: 10,
        epc: 5,
      },
      {
        sub1: null,
        other: false,
        clicks: 1,
        conversions: 0,
        conversion_rate: 0,
        payout: 0,
        epc: 0,
      },
    ]);
    expect(body.truncated).toBe(false);

    // 7 days by default, ending today, zeros included; an admin may read it too.
    const week = await get(`/api/offers/${link.offerId}/results`, await adminHeader(db()));
    expect(week.statusCode).toBe(200);
    expect(week.json().days).toHaveLength(7);
    expect(week.json().days[6]).toEqual({ day: today(), ...expected });
    expect(week.json().days[0]).toMatchObject({ clicks: 0, conversion_rate: 0, epc: 0 });
    expect(
      (await get(`/api/offers/${link.offerId}/results?period=30d`, link.owner.headers)).json().days,
    ).toHaveLength(30);
  });

  it('is for the offer’s company and admins only (403 to others, 401 signed out, 404 no offer)', async () => {
    const link = await approvedLink();
    const stranger = await buildEntityAccount(db(), 'advertiser');
    const url = `/api/offers/${link.offerId}/results`;
    expect((await get(url, stranger.headers)).statusCode).toBe(403);
    expect((await get(url, link.aff.headers)).statusCode).toBe(403);
    expect((await get(`${url}/csv`, link.aff.headers)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/offers/${missing}/results`, link.owner.headers)).statusCode).toBe(404);
  });
});

describe('sums of a period', () => {
  it('sums by day, by affiliate (most clicks, then name) and by sub1 as the rows do', async () => {
    const link = await approvedLink('Zeta Media');
    const beta = await approvedAffiliate(link.owner.headers, link.offerId, 'Beta Media');
    const alpha = await approvedAffiliate(link.owner.headers, link.offerId, 'Alpha Media');
    /** One click of an application on a day (converted for 2 on that day when `conv`). */
    const day = (applicationId: string, d: string, sub1: string, n: number, conv = 0) => ({
      applicationId,
      offerId: link.offerId,
      visitorKey: `visitor-${n}`,
      day: d,
      createdAt: new Date(`${d}T12:00:00Z`),
      sub1: sub1 || null,
      convertedAt: conv ? new Date(`${d}T13:00:00Z`) : null,
      payout: conv ? 2 : null,
    });
    const rows = [];
    // Zeta: 3 clicks (2 on the 1st, 1 on the 3rd); Alpha and Beta: 2 each (a tie, by name).
    rows.push(day(link.applicationId, '2026-04-01', 'x', 1, 1));
    rows.push(day(link.applicationId, '2026-04-01', 'x', 2));
    rows.push(day(link.applicationId, '2026-04-03', '', 3));
    rows.push(day(beta.applicationId, '2026-04-02', 'y', 4, 1));
    rows.push(day(beta.applicationId, '2026-04-03', 'x', 5));
    rows.push(day(alpha.applicationId, '2026-04-01', '', 6));
    rows.push(day(alpha.applicationId, '2026-04-02', '', 7));
    await db().insert(trackingClicks).values(rows);
    await rebuildDaily(db(), SUB1_PER_DAY, [
      link.applicationId,
      beta.applicationId,
      alpha.applicationId,
    ]);
    const res = await get(
      `/api/offers/${link.offerId}/results?from=2026-04-01&to=2026-04-03&include=rows`,
      link.owner.headers,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const pick = (list: Record<string, unknown>[], ...keys: string[]) =>
      list.map((r) => keys.map((k) => r[k]));
    expect(pick(body.days, 'day', 'clicks', 'conversions')).toEqual([
      ['2026-04-01', 3, 1],
      ['2026-04-02', 2, 1],
      ['2026-04-03', 2, 0],
    ]);
    expect(pick(body.groups, 'label', 'clicks', 'payout')).toEqual([
      ['Zeta Media', 3, 2],
      ['Alpha Media', 2, 0],
      ['Beta Media', 2, 2],
    ]);
    expect(pick(body.sub_ids, 'sub1', 'clicks')).toEqual([
      [null, 3],
      ['x', 3],
      ['y', 1],
    ]);
    expect(body.totals).toMatchObject({ clicks: 7, conversions: 2, payout: 4 });
    // The rows add up to the same days and groups.
    const sumBy = (key: string) => {
      const m = new Map<string, number>();
      for (const r of body.rows) m.set(r[key], (m.get(r[key]) ?? 0) + r.clicks);
      return m;
    };
    expect(Object.fromEntries(sumBy('day'))).toEqual({
      '2026-04-01': 3,
      '2026-04-02': 2,
      '2026-04-03': 2,
    });
    expect(Object.fromEntries(sumBy('label'))).toEqual({
      'Zeta Media': 3,
      'Alpha Media': 2,
      'Beta Media': 2,
    });
    // A period without results: every day at zero, no groups, no sub-IDs.
    const empty = (
      await get(
        `/api/offers/${link.offerId}/results?from=2026-05-01&to=2026-05-02`,
        link.owner.headers,
      )
    ).json();
    expect(empty.days).toHaveLength(2);
    expect(empty.groups).toEqual([]);
    expect(empty.sub_ids).toEqual([]);
    expect(empty.totals.clicks).toBe(0);
  });
});

describe('periods', () => {
  it('refuses from after to, half a range, a bad date and a range longer than the limit (400)', async () => {
    const link = await approvedLink();
    const url = `/api/offers/${link.offerId}/results`;
    const h = link.owner.headers;
    const after = await get(`${url}?from=2026-03-02&to=2026-03-01`, h);
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe(RESULTS_MESSAGES.fromAfterTo);
    const half = await get(`${url}?from=2026-03-02`, h);
    expect(half.statusCode).toBe(400);
    expect(half.json().error).toBe(RESULTS_MESSAGES.bothDates);
    expect((await get(`${url}?from=2026-02-30&to=2026-03-01`, h)).statusCode).toBe(400);
    expect((await get(`${url}?period=year`, h)).statusCode).toBe(400);
    // MAX_DAYS days pass; one more is refused (the CSV alike).
    const longest = await get(`${url}?from=2026-01-01&to=2026-01-31`, h);
    expect(longest.statusCode).toBe(200);
    expect(longest.json().days).toHaveLength(MAX_DAYS);
    const tooLong = await get(`${url}?from=2026-01-01&to=2026-02-01`, h);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(RESULTS_MESSAGES.tooLong(MAX_DAYS));
    expect((await get(`${url}/csv?from=2026-01-01&to=2026-02-01`, h)).statusCode).toBe(400);
  });

  it('counts a click at 23:59:59.999 UTC on its day and one at 00:00 UTC on the next', async () => {
    const link = await approvedLink();
    await db()
      .insert(trackingClicks)
      .values([
        {
          applicationId: link.applicationId,
          offerId: link.offerId,
          visitorKey: 'late',
          day: '2026-03-01',
          createdAt: new Date('2026-03-01T23:59:59.999Z'),
          convertedAt: new Date('2026-03-02T00:00:00.000Z'),
          payout: 12.5,
        },
        {
          applicationId: link.applicationId,
          offerId: link.offerId,
          visitorKey: 'early',
          day: '2026-03-02',
          createdAt: new Date('2026-03-02T00:00:00.000Z'),
        },
      ]);
    await rebuildDaily(db(), SUB1_PER_DAY, [link.applicationId]);
    const url = `/api/offers/${link.offerId}/results`;
    const first = (await get(`${url}?from=2026-03-01&to=2026-03-01`, link.owner.headers)).json();
    expect(first.totals).toMatchObject({ clicks: 1, conversions: 0, payout: 0 });
    const second = (await get(`${url}?from=2026-03-02&to=2026-03-02`, link.owner.headers)).json();
    // The conversion counts on the UTC day it was reported.
    expect(second.totals).toMatchObject({ clicks: 1, conversions: 1, payout: 12.5, epc: 12.5 });
    const both = (await get(`${url}?from=2026-02-28&to=2026-03-03`, link.owner.headers)).json();
    expect(both.days.map((d: { clicks: number }) => d.clicks)).toEqual([0, 1, 1, 0]);
  });
});

describe('GET /api/results/mine', () => {
  it("answers an affiliate's results per offer over its applications", async () => {
    const link = await approvedLink();
    const c = await click(link.path, '?sub1=mine');
    await convert(c, link.secret);
    const res = await get('/api/results/mine?period=7d', link.aff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group_by).toBe('offer');
    expect(body.groups).toEqual([
      {
        key: link.offerId,
        label: 'Results Offer',
        clicks: 1,
        conversions: 1,
        conversion_rate: 100,
        payout: 45,
        epc: 45,
      },
    ]);
    expect(body.sub_ids).toEqual([
      {
        sub1: 'mine',
        other: false,
        clicks: 1,
        conversions: 1,
        conversion_rate: 100,
        payout: 45,
        epc: 45,
      },
    ]);
    // Another affiliate sees none of it.
    const other = await buildEntityAccount(db(), 'affiliate');
    expect((await get('/api/results/mine', other.headers)).json().totals.clicks).toBe(0);
  });

  it('is for affiliates and networks only (403 to an advertiser and an admin)', async () => {
    const advertiser = await buildEntityAccount(db(), 'advertiser');
    const res = await get('/api/results/mine', advertiser.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(RESULTS_MESSAGES.onlyRunners);
    expect((await get('/api/results/mine/csv', advertiser.headers)).statusCode).toBe(403);
    expect((await get('/api/results/mine', await adminHeader(db()))).statusCode).toBe(403);
    const network = await buildEntityAccount(db(), 'network');
    expect((await get('/api/results/mine', network.headers)).statusCode).toBe(200);
  });
});

describe('GET /api/results/own-offers', () => {
  /** A second offer of the same owner (payout 45), with its own approved affiliate. */
  async function secondOffer(owner: Headers, title: string) {
    const created = await inject({
      method: 'POST',
      url: '/api/offers/create',
      headers: owner,
      payload: offerPayload({ title }),
    });
    const offer = created.json().offer as { offer_id: string; postback_secret: string };
    const first = await approvedAffiliate(owner, offer.offer_id);
    return { offerId: offer.offer_id, secret: offer.postback_secret, ...first };
  }

  it("sums an advertiser's offers per day, with totals and each offer's own figures", async () => {
    const one = await approvedLink();
    const two = await secondOffer(one.owner.headers, 'Second Offer');
    const c1 = await click(one.path);
    await click(one.path);
    await click(one.path);
    await convert(c1, one.secret, 10);
    const c2 = await click(two.path);
    await convert(c2, two.secret, 5.5);
    // Another company's traffic is not in it.
    const stranger = await approvedLink();
    await convert(await click(stranger.path), stranger.secret, 99);

    const res = await get('/api/results/own-offers?period=7d', one.owner.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group_by).toBe('offer');
    expect(body.totals).toEqual({
      clicks: 4,
      conversions: 2,
      conversion_rate: 50,
      payout: 15.5,
      epc: 3.88,
    });
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)).toEqual({ day: today(), ...body.totals });
    expect(body.groups).toEqual([
      {
        key: one.offerId,
        label: 'Results Offer',
        clicks: 3,
        conversions: 1,
        conversion_rate: 33.33,
        payout: 10,
        epc: 3.33,
      },
      {
        key: two.offerId,
        label: 'Second Offer',
        clicks: 1,
        conversions: 1,
        conversion_rate: 100,
        payout: 5.5,
        epc: 5.5,
      },
    ]);
    // The totals are the sum of the per-offer figures, of the days, and of each offer's own view.
    const sum = (k: 'clicks' | 'conversions' | 'payout', xs: Record<string, number>[]) =>
      xs.reduce((n, x) => n + x[k]!, 0);
    const perOffer = await Promise.all(
      [one.offerId, two.offerId].map(
        async (id) =>
          (await get(`/api/offers/${id}/results?period=7d`, one.owner.headers)).json().totals,
      ),
    );
    for (const k of ['clicks', 'conversions', 'payout'] as const) {
      expect(body.totals[k]).toBe(sum(k, body.groups));
      expect(body.totals[k]).toBe(sum(k, body.days));
      expect(body.totals[k]).toBe(sum(k, perOffer));
    }
    // The other advertiser sees its own offer only.
    const theirs = (await get('/api/results/own-offers?period=7d', stranger.owner.headers)).json();
    expect(theirs.groups.map((g: { key: string }) => g.key)).toEqual([stranger.offerId]);
    expect(theirs.totals).toMatchObject({ clicks: 1, conversions: 1, payout: 99 });
  });

  it("is a network's too, over the offers it owns, not the ones it runs", async () => {
    const network = await buildEntityAccount(db(), 'network');
    const own = await secondOffer(network.headers, 'Network Offer');
    await click(own.path);
    // Traffic the network sends to another company's offer is in /results/mine, not here.
    const other = await approvedLink();
    const run = await approvedAffiliate(other.owner.headers, other.offerId);
    await click(run.path);
    const body = (await get('/api/results/own-offers?period=today', network.headers)).json();
    expect(body.groups.map((g: { key: string }) => g.key)).toEqual([own.offerId]);
    expect(body.totals.clicks).toBe(1);
  });

  it('answers zeros for an advertiser without offers', async () => {
    const advertiser = await buildEntityAccount(db(), 'advertiser');
    const res = await get('/api/results/own-offers?period=today', advertiser.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totals: { clicks: 0, payout: 0 }, groups: [] });
  });

  it('is for advertisers and networks only, from the session (401, 403 to every other role)', async () => {
    const url = '/api/results/own-offers';
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`${url}/csv`)).statusCode).toBe(401);
    const affiliate = await buildEntityAccount(db(), 'affiliate');
    const user = await buildSignedInUser(db(), { role: 'user' });
    for (const headers of [affiliate.headers, user.headers, await adminHeader(db())]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(RESULTS_MESSAGES.onlyOwners);
      expect((await get(`${url}/csv`, headers)).statusCode).toBe(403);
    }
    // An advertiser whose company is not approved acts for none.
    const pending = await buildEntityAccount(db(), 'advertiser', {
      verificationStatus: 'pending',
    });
    expect((await get(url, pending.headers)).statusCode).toBe(403);
    // The query names no company: a parameter cannot point at another one.
    const link = await approvedLink();
    await click(link.path);
    const other = await buildEntityAccount(db(), 'advertiser');
    const res = await get(`${url}?entity_id=${link.owner.entity.id}`, other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totals: { clicks: 0 }, groups: [] });
  });

  it('downloads the same rows as CSV, starting with a UTF-8 byte order mark', async () => {
    const one = await approvedLink();
    const two = await secondOffer(one.owner.headers, 'Zweites Angebot — Größe');
    await convert(await click(one.path), one.secret, 7.5);
    await click(two.path);
    const api = (
      await get('/api/results/own-offers?period=today&include=rows', one.owner.headers)
    ).json();
    const res = await get('/api/results/own-offers/csv?period=today', one.owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="results-all-offers-${today()}-to-${today()}.csv"`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith('\uFEFFDate,Offer,')).toBe(true);
    const [, ...rows] = parseCsv(res.body);
    expect(rows).toEqual(
      api.rows.map((r: Record<string, number | string>) => [
        r.day,
        r.label,
        String(r.clicks),
        String(r.conversions),
        Number(r.conversion_rate).toFixed(2),
        Number(r.payout).toFixed(2),
        Number(r.epc).toFixed(2),
      ]),
    );
    expect(rows.map((r) => r[1]).sort()).toEqual(['Results Offer', 'Zweites Angebot — Größe']);
  });
});

describe('CSV export', () => {
  it('holds the same rows as the API, escaped, with formula cells defused, as a download', async () => {
    const name = '=HYPERLINK("http://x.example"), "Media"';
    const link = await approvedLink(name);
    const c = await click(link.path);
    await click(link.path);
    await convert(c, link.secret, 7.5);
    const url = `/api/offers/${link.offerId}/results`;
    const api = (await get(`${url}?period=7d&include=rows`, link.owner.headers)).json();
    const res = await get(`${url}/csv?period=7d`, link.owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="results-${api.period.from}-to-${api.period.to}.csv"`,
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://x.example""), ""Media"""`);
    // A UTF-8 byte order mark first, so Excel reads the labels as UTF-8.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Date',
      'Affiliate',
      'Clicks',
      'Conversions',
      'Conversion rate (%)',
      'Payout',
      'EPC',
    ]);
    expect(rows).toEqual(
      api.rows.map((r: Record<string, number | string>) => [
        r.day,
        `'${r.label}`,
        String(r.clicks),
        String(r.conversions),
        Number(r.conversion_rate).toFixed(2),
        Number(r.payout).toFixed(2),
        Number(r.epc).toFixed(2),
      ]),
    );
    expect(rows).toEqual([[today(), `'${name}`, '2', '1', '50.00', '7.50', '3.75']]);

    const mine = await get('/api/results/mine/csv?period=today', link.aff.headers);
    expect(parseCsv(mine.body)).toEqual([
      ['Date', 'Offer', 'Clicks', 'Conversions', 'Conversion rate (%)', 'Payout', 'EPC'],
      [today(), 'Results Offer', '2', '1', '50.00', '7.50', '3.75'],
    ]);
  });
});

describe('CSV export, regression: cells a spreadsheet would split or evaluate', () => {
  it('quotes a label with a semicolon or tab, and defuses a formula after spaces or a quote', async () => {
    const names = ['Deal;=1+1', 'Tab\t@SUM(A1)', ' =HYPERLINK("x")', '"+1+1', 'Plain Media'];
    const link = await approvedLink(names[0]);
    await click(link.path);
    for (const name of names.slice(1)) {
      await click((await approvedAffiliate(link.owner.headers, link.offerId, name)).path);
    }
    const res = await get(
      `/api/offers/${link.offerId}/results/csv?period=today`,
      link.owner.headers,
    );
    expect(res.statusCode).toBe(200);
    // Each would split into a second cell, or run as a formula, in a spreadsheet that reads `;`
    // or tab as the separator: quoted whole, formulas behind an apostrophe.
    expect(res.body).toContain('"Deal;=1+1"');
    expect(res.body).toContain('"Tab\t@SUM(A1)"');
    expect(res.body).toContain(`"' =HYPERLINK(""x"")"`);
    expect(res.body).toContain(`"'""+1+1"`);
    for (const line of res.body.split('\r\n').filter(Boolean)) {
      // No cell, split at `;` or tab outside quotes, starts with a formula character.
      for (const cell of splitOutsideQuotes(line, /[,;\t]/)) {
        expect(cell, line).not.toMatch(/^[=+\-@]/);
      }
    }
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => r[1]).sort()).toEqual(
      [names[0], names[1], `'${names[2]}`, `'${names[3]}`, names[4]].sort(),
    );
  });
});

/** A CSV line cut at every `separator` outside double quotes (a spreadsheet's dialect). */
function splitOutsideQuotes(line: string, separator: RegExp): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && separator.test(ch)) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  return [...cells, cell];
}

describe('roll-ups', () => {
  it('agree with the raw clicks and conversions, a day’s sub1 values past the limit in one bucket', async () => {
    const link = await approvedLink();
    const ids = [];
    for (const sub of ['a', 'b', 'a', 'c', 'd', '']) {
      ids.push(await click(link.path, sub ? `?sub1=${sub}` : ''));
    }
    await convert(ids[0]!, link.secret, 5);
    await convert(ids[3]!, link.secret, 3);
    await convert(ids[5]!, link.secret);
    await convert(ids[5]!, link.secret); // a repeat changes nothing
    const live = await dailyRows(link.applicationId);
    expect(live.map((r) => [r.sub1, r.clicks, r.conversions, r.payout])).toEqual([
      ['', 1, 1, 45],
      ['\u001fother', 2, 1, 3],
      ['a', 2, 1, 5],
      ['b', 1, 0, 0],
    ]);
    await rebuildDaily(db(), SUB1_PER_DAY, [link.applicationId]);
    const rebuilt = await dailyRows(link.applicationId);
    expect(rebuilt).toEqual(live);
    const body = (
      await get(`/api/offers/${link.offerId}/results?period=today`, link.owner.headers)
    ).json();
    expect(body.sub_ids).toContainEqual({
      sub1: null,
      other: true,
      clicks: 2,
      conversions: 1,
      conversion_rate: 50,
      payout: 3,
      epc: 1.5,
    });
    const [raw] = await db()
      .select({
        clicks: sql<number>`count(*)::int`,
        conversions: sql<number>`count(${trackingClicks.convertedAt})::int`,
      })
      .from(trackingClicks)
      .where(eq(trackingClicks.applicationId, link.applicationId));
    expect(body.totals).toMatchObject(raw!);
  });
});
