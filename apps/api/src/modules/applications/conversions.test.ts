import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { POSTBACK_MESSAGES } from '@trustlinks/contract/applications';
import { CONVERSION_MESSAGES } from '@trustlinks/contract/conversions';
import * as applications from '@trustlinks/contract/routes/applications';
import * as conversions from '@trustlinks/contract/routes/conversions';
import * as offersRoutes from '@trustlinks/contract/routes/offers';
import * as results from '@trustlinks/contract/routes/results';
import { postbackLog, trackingDaily, offers, trackingClicks } from '../../db/schema';
import {
  adminHeader,
  buildEntityAccount,
  buildSignedInUser,
  countRows,
} from '../../../test/factories';
import { useTestApp } from '../../../test/helpers';
import { inject as call } from '../../../test/inject';
import { approvedTrackingLink } from '../../../test/offers';
import { rebuildDaily } from '../results/results.service';

// Caps, conversion statuses, test conversions and the postback log
// (docs/decisions/049-caps-and-postback-tooling.md).

const ctx = useTestApp();
const { db, inject } = ctx;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
let visitor = 0;

const linkWith = (overrides: Record<string, unknown> = {}) =>
  approvedTrackingLink(db(), inject, 'advertiser', {
    landing_page_url: 'https://land.example.com/lp',
    ...overrides,
  });

/** A new visitor follows the link: its answer (location, click id). */
async function follow(path: string) {
  visitor += 1;
  const res = await inject({
    method: 'GET',
    url: path,
    remoteAddress: `198.51.${Math.floor(visitor / 250)}.${visitor % 250}`,
    headers: { 'user-agent': BROWSER },
  });
  const location = res.headers.location as string;
  return {
    status: res.statusCode,
    location,
    clickId: new URL(location).searchParams.get('click_id'),
  };
}

const postback = (query: Record<string, string>) => call(ctx.app, applications.postback, { query });

async function convert(link: { path: string; secret: string }, payout = '10') {
  const { clickId } = await follow(link.path);
  const res = await postback({ click_id: clickId!, secret: link.secret, payout });
  return { clickId: clickId!, res };
}

const offerRow = async (id: string) =>
  (await db().select().from(offers).where(eq(offers.id, id)))[0]!;

const mine = (headers: Record<string, string>, query: Record<string, string> = {}) =>
  call(ctx.app, results.mine, { headers, query: { period: 'today', ...query } });

describe('caps on conversions', () => {
  it('records a conversion past the daily cap as over cap: not paid, left out of every figure', async () => {
    const link = await linkWith({ daily_cap: 2, monthly_cap: 100 });
    expect((await convert(link)).res.answer()).toMatchObject({ over_cap: false, payout: 10 });
    expect((await convert(link)).res.answer()).toMatchObject({ over_cap: false, payout: 10 });
    const third = await convert(link);
    expect(third.res.answer()).toMatchObject({
      success: true,
      duplicate: false,
      over_cap: true,
      payout: null,
      message: POSTBACK_MESSAGES.overCap,
    });
    // A replay says so and changes nothing.
    const replay = await postback({ click_id: third.clickId, secret: link.secret, payout: '10' });
    expect(replay.answer()).toMatchObject({
      duplicate: true,
      over_cap: true,
      payout: null,
      message: POSTBACK_MESSAGES.duplicateOverCap,
    });
    const offer = await offerRow(link.offerId);
    expect([offer.conversionCount, Number(offer.payoutTotal)]).toEqual([2, 20]);

    const seen = (await mine(link.aff.headers)).answer();
    expect(seen.totals).toMatchObject({ conversions: 2, payout: 20 });
    expect(seen.conversion_counts).toEqual({
      pending: 2,
      approved: 0,
      rejected: 0,
      paid: 0,
      over_cap: 1,
    });
    const over = seen.conversions.find((c) => c.click_id === third.clickId)!;
    expect(over).toMatchObject({ over_cap: true, payout: null, status: 'pending' });

    // The roll-ups rebuilt from the clicks agree with the live ones.
    const live = await db()
      .select()
      .from(trackingDaily)
      .where(eq(trackingDaily.applicationId, link.applicationId));
    await rebuildDaily(db(), 50, [link.applicationId]);
    const rebuilt = await db()
      .select()
      .from(trackingDaily)
      .where(eq(trackingDaily.applicationId, link.applicationId));
    expect(rebuilt).toEqual(live);
  });

  it('applies the monthly cap too', async () => {
    const link = await linkWith({ monthly_cap: 1 });
    expect((await convert(link)).res.answer().over_cap).toBe(false);
    expect((await convert(link)).res.answer().over_cap).toBe(true);
  });

  it('pays exactly one of parallel postbacks at cap − 1', async () => {
    const link = await linkWith({ daily_cap: 2 });
    await convert(link);
    const clicks = [];
    for (let i = 0; i < 4; i += 1) clicks.push((await follow(link.path)).clickId!);
    const answers = await Promise.all(
      clicks.map((clickId) => postback({ click_id: clickId, secret: link.secret, payout: '7' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => !a.answer().over_cap)).toHaveLength(1);
    const offer = await offerRow(link.offerId);
    expect([offer.conversionCount, Number(offer.payoutTotal)]).toEqual([2, 17]);
  });

  it('sends visitors to the fallback URL while the cap is reached, uncounted', async () => {
    const link = await linkWith({ daily_cap: 1, fallback_url: 'https://other.example.org/more' });
    const before = await follow(link.path);
    expect(before.location).toMatch(/^https:\/\/land\.example\.com\/lp\?click_id=/);
    await postback({ click_id: before.clickId!, secret: link.secret });
    const clicksBefore = (await offerRow(link.offerId)).clickCount;
    const after = await follow(link.path);
    expect(after.status).toBe(302);
    expect(after.location).toBe('https://other.example.org/more');
    expect((await offerRow(link.offerId)).clickCount).toBe(clicksBefore);

    // Without a fallback the landing page stays.
    const plain = await linkWith({ daily_cap: 1 });
    await convert(plain);
    expect((await follow(plain.path)).location).toMatch(/^https:\/\/land\.example\.com\/lp\?/);
  });

  it('keeps the fallback URL to the public-web rule; its owner sees and edits it, nobody else', async () => {
    const owner = await buildEntityAccount(db(), 'advertiser');
    const create = (fallback_url: unknown) =>
      inject({
        method: 'POST',
        url: '/api/offers/create',
        headers: owner.headers,
        payload: {
          title: 'Capped',
          category: 'Nutra',
          description: 'An offer with a cap.',
          target_geo: ['US'],
          payout_type: 'CPA',
          payout_value: 5,
          landing_page_url: 'https://land.example.com/',
          daily_cap: 5,
          fallback_url,
        },
      });
    for (const bad of [
      'http://localhost/x',
      'http://10.0.0.1/',
      'not a url',
      'ftp://a.example.com',
    ]) {
      const res = await create(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/Fallback URL/);
    }
    const made = await create('https://fallback.example.com/');
    expect(made.statusCode).toBe(201);
    const offer = made.json().offer;
    expect(offer.fallback_url).toBe('https://fallback.example.com/');
    const pub = await call(ctx.app, offersRoutes.get, { params: { id: offer.offer_id } });
    expect(pub.answer().offer.fallback_url).toBeUndefined();
    const cleared = await inject({
      method: 'PUT',
      url: `/api/offers/${offer.offer_id}`,
      headers: owner.headers,
      payload: { fallback_url: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await offerRow(offer.offer_id)).fallbackUrl).toBeNull();
  });

  it('shows the affiliate what is left of the caps on its approved application', async () => {
    const link = await linkWith({ daily_cap: 3, monthly_cap: 10 });
    await convert(link);
    const apps = (
      await call(ctx.app, applications.listMine, { headers: link.aff.headers })
    ).answer().applications;
    expect(apps[0]!.cap_left).toEqual({
      daily_cap: 3,
      monthly_cap: 10,
      left_today: 2,
      left_this_month: 9,
    });
    const uncapped = await linkWith();
    const none = (
      await call(ctx.app, applications.listMine, { headers: uncapped.aff.headers })
    ).answer().applications;
    expect(none[0]!.cap_left ?? null).toBeNull();
  });
});

describe('test conversions', () => {
  it('a test from the dashboard is logged, never paid or counted, and in no Results or CSV', async () => {
    const link = await linkWith();
    const sent = await call(ctx.app, conversions.sendTest, {
      params: { id: link.offerId },
      body: { payout: 12 },
      headers: link.owner.headers,
    });
    expect(sent.answer()).toMatchObject({
      message: POSTBACK_MESSAGES.test,
      entry: { test: true, status_code: 200, carried: { payout: 12, test: 1 } },
    });
    // And a tracker's test=1 with a real click: checked, logged, nothing recorded.
    const { clickId } = await follow(link.path);
    const viaTracker = await postback({
      click_id: clickId!,
      secret: link.secret,
      payout: '9',
      test: '1',
    });
    expect(viaTracker.answer()).toMatchObject({ test: true, duplicate: false, payout: 9 });
    const offer = await offerRow(link.offerId);
    expect([offer.conversionCount, Number(offer.payoutTotal)]).toEqual([0, 0]);
    const [click] = await db().select().from(trackingClicks).where(eq(trackingClicks.id, clickId!));
    expect(click!.convertedAt).toBeNull();
    const seen = (await mine(link.aff.headers)).answer();
    expect(seen.totals).toMatchObject({ conversions: 0, payout: 0 });
    expect(seen.conversions).toEqual([]);
    const owners = (
      await call(ctx.app, results.ofOffer, {
        params: { id: link.offerId },
        query: { period: 'today' },
        headers: link.owner.headers,
      })
    ).answer();
    expect(owners.totals.conversions).toBe(0);
    const csv = await call(ctx.app, results.mineCsv, {
      headers: link.aff.headers,
      query: { period: 'today', include: 'conversions' },
    });
    expect(csv.text.trim().split('\n')).toHaveLength(1);

    const log = (
      await call(ctx.app, conversions.postbackLog, {
        params: { id: link.offerId },
        headers: link.owner.headers,
      })
    ).answer();
    expect(log.entries.map((e) => e.test)).toEqual([true, true]);
    // The real conversion of the tested click still records.
    const real = await postback({ click_id: clickId!, secret: link.secret, payout: '9' });
    expect(real.answer()).toMatchObject({ duplicate: false, test: false, payout: 9 });
  });
});

describe('the postback log', () => {
  it('keeps the last 100 postbacks of an offer: what they carried (never the secret) and our answer', async () => {
    const link = await linkWith();
    const other = await linkWith();
    const { clickId } = await follow(link.path);
    const wrong = await postback({ click_id: clickId!, secret: other.secret });
    expect(wrong.status).toBe(403);
    for (let i = 0; i < 101; i += 1) {
      await postback({ click_id: clickId!, secret: link.secret, payout: '3' });
    }
    expect(await countRows(db(), postbackLog, eq(postbackLog.offerId, link.offerId))).toBe(100);
    const log = (
      await call(ctx.app, conversions.postbackLog, {
        params: { id: link.offerId },
        headers: link.owner.headers,
      })
    ).answer();
    expect(log.limit).toBe(100);
    expect(log.entries).toHaveLength(100);
    // The oldest (the 403 and the first conversion) are gone; the newest is a duplicate.
    expect(log.entries[0]).toMatchObject({
      status_code: 200,
      message: POSTBACK_MESSAGES.duplicate,
      carried: { click_id: clickId, payout: 3 },
      test: false,
    });
    expect(log.entries.some((e) => e.message === POSTBACK_MESSAGES.recorded)).toBe(false);
    expect(JSON.stringify(log.entries)).not.toContain(link.secret);

    // A wrong secret is logged with its answer.
    const fresh = await linkWith();
    const c = await follow(fresh.path);
    await postback({ click_id: c.clickId!, secret: 'nope' });
    const freshLog = (
      await call(ctx.app, conversions.postbackLog, {
        params: { id: fresh.offerId },
        headers: fresh.owner.headers,
      })
    ).answer();
    expect(freshLog.entries).toMatchObject([
      {
        status_code: 403,
        message: POSTBACK_MESSAGES.wrongSecret,
        carried: { click_id: c.clickId },
      },
    ]);
    expect(JSON.stringify(freshLog.entries)).not.toContain('nope');
  });
});

describe('conversion status', () => {
  const setStatus = (
    link: { offerId: string },
    clickId: string,
    headers: Record<string, string>,
    body: Record<string, unknown>,
  ) =>
    call(ctx.app, conversions.setStatus, {
      params: { id: link.offerId, clickId },
      body: body as never,
      headers,
    });

  it('the owner rejects with a reason: out of the paid figures, and the affiliate sees it in Results and CSV', async () => {
    const link = await linkWith();
    const kept = await convert(link, '10');
    const scrubbed = await convert(link, '25');
    const res = await setStatus(link, scrubbed.clickId, link.owner.headers, {
      status: 'rejected',
      reason: 'Duplicate lead from the same household',
    });
    expect(res.answer()).toMatchObject({
      message: CONVERSION_MESSAGES.statusSet('rejected'),
      conversion: { status: 'rejected', reason: 'Duplicate lead from the same household' },
    });
    await setStatus(link, kept.clickId, link.owner.headers, { status: 'paid' });
    const offer = await offerRow(link.offerId);
    expect([offer.conversionCount, Number(offer.payoutTotal)]).toEqual([1, 10]);

    const seen = (await mine(link.aff.headers)).answer();
    expect(seen.totals).toMatchObject({ conversions: 1, payout: 10 });
    expect(seen.conversion_counts).toMatchObject({ rejected: 1, paid: 1, pending: 0 });
    expect(seen.conversions.find((c) => c.click_id === scrubbed.clickId)).toMatchObject({
      status: 'rejected',
      reason: 'Duplicate lead from the same household',
      payout: 25,
    });
    const csv = await call(ctx.app, results.mineCsv, {
      headers: link.aff.headers,
      query: { period: 'today', include: 'conversions' },
    });
    expect(csv.status).toBe(200);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    expect(csv.text).toContain('rejected,Duplicate lead from the same household,no');
    expect(csv.text).toContain(scrubbed.clickId);

    // Set back to approved: in the figures again; the roll-ups match a rebuild all along.
    await setStatus(link, scrubbed.clickId, link.owner.headers, { status: 'approved' });
    const again = (await mine(link.aff.headers)).answer();
    expect(again.totals).toMatchObject({ conversions: 2, payout: 35 });
    expect(again.conversions.find((c) => c.click_id === scrubbed.clickId)!.reason).toBeNull();
    const live = await db()
      .select()
      .from(trackingDaily)
      .where(eq(trackingDaily.applicationId, link.applicationId));
    await rebuildDaily(db(), 50, [link.applicationId]);
    expect(
      await db()
        .select()
        .from(trackingDaily)
        .where(eq(trackingDaily.applicationId, link.applicationId)),
    ).toEqual(live);
  });

  it('refuses bad input with a human message', async () => {
    const link = await linkWith({ daily_cap: 1 });
    const { clickId } = await convert(link);
    const noReason = await setStatus(link, clickId, link.owner.headers, { status: 'rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain(CONVERSION_MESSAGES.reasonRequired);
    const blank = await setStatus(link, clickId, link.owner.headers, {
      status: 'rejected',
      reason: '   ',
    });
    expect(blank.status).toBe(400);
    const long = await setStatus(link, clickId, link.owner.headers, {
      status: 'rejected',
      reason: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.text).toContain(CONVERSION_MESSAGES.reasonTooLong);
    const bad = await setStatus(link, clickId, link.owner.headers, { status: 'refunded' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(CONVERSION_MESSAGES.badStatus);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const missing = await setStatus(link, id, link.owner.headers, { status: 'approved' });
      expect(missing.status).toBe(404);
      expect(missing.error().error).toBe(CONVERSION_MESSAGES.notFound);
    }
    // A click of another offer is not this offer's conversion.
    const other = await linkWith();
    const foreign = await convert(other);
    expect(
      (await setStatus(link, foreign.clickId, link.owner.headers, { status: 'paid' })).status,
    ).toBe(404);
    // An unconverted click is no conversion.
    const unconverted = await follow(other.path);
    expect(
      (await setStatus(other, unconverted.clickId!, other.owner.headers, { status: 'paid' }))
        .status,
    ).toBe(404);
    // Over the cap: never paid, its status stays.
    const over = await convert(link);
    const overStatus = await setStatus(link, over.clickId, link.owner.headers, { status: 'paid' });
    expect(overStatus.status).toBe(409);
    expect(overStatus.error().error).toBe(CONVERSION_MESSAGES.overCap);
  });

  it('only the offer’s advertiser sets statuses, reads the log and sends tests: every other role is refused', async () => {
    const link = await linkWith();
    const { clickId } = await convert(link);
    const colleague = await buildSignedInUser(db(), {
      role: 'advertiser',
      entityId: link.owner.entity.id,
    });
    const others: [string, Record<string, string>, number][] = [
      ['anonymous', {}, 401],
      ['plain user', (await buildSignedInUser(db())).headers, 403],
      ['the affiliate', link.aff.headers, 403],
      ['another advertiser', (await buildEntityAccount(db(), 'advertiser')).headers, 403],
      ['a network', (await buildEntityAccount(db(), 'network')).headers, 403],
      ['an admin', await adminHeader(db()), 403],
    ];
    for (const [who, headers, status] of others) {
      const a = await setStatus(link, clickId, headers, { status: 'rejected', reason: 'no' });
      const b = await call(ctx.app, conversions.postbackLog, {
        params: { id: link.offerId },
        headers,
      });
      const c = await call(ctx.app, conversions.sendTest, {
        params: { id: link.offerId },
        headers,
      });
      expect([a.status, b.status, c.status], who).toEqual([status, status, status]);
      if (status === 403) expect(a.error().error, who).toBe(CONVERSION_MESSAGES.onlyOwner);
    }
    const [click] = await db().select().from(trackingClicks).where(eq(trackingClicks.id, clickId));
    expect(click!.conversionStatus).toBe('pending');
    expect(await countRows(db(), postbackLog, eq(postbackLog.offerId, link.offerId))).toBe(1);
    // Every member of the advertiser's company is its advertiser.
    const byColleague = await setStatus(link, clickId, colleague.headers, { status: 'approved' });
    expect(byColleague.answer().conversion.status).toBe('approved');
  });
});
