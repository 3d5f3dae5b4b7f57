import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { POSTBACK_MESSAGES, type postbackParamsSchema } from '@trustlinks/contract/applications';
import { cleanSubId } from '@trustlinks/contract/results';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { clientKey } from '../../lib/client-key';
import type { Deps } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import {
  findByTrackingCode,
  findClickForPostback,
  recordTrackingClick,
} from './applications.repository';
import { wasOverCap } from './conversions.repository';
import { convertWithinCaps, fallbackWhileCapped, logPostback } from './conversions.service';

const TRACKING_CODE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Crawlers, link previews and HTTP libraries: followed to the landing page, never counted.
 * (A missing user agent counts as a bot too.)
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|curl\/|wget\/|python-|httpclient|okhttp|go-http-client|java\/|libwww|scrapy|axios\/|node-fetch/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_USER_AGENT.test(userAgent);
}

export const TRACKING_MESSAGES = {
  notFound: 'This tracking link does not exist.',
  notRunning: 'This offer is not running right now.',
  revoked: 'This tracking link has been revoked by the advertiser.',
  applicantNotApproved: 'This tracking link is not active.',
} as const;

function withClickId(landingPageUrl: string, clickId: string | null): string {
  if (!clickId) return landingPageUrl;
  const url = new URL(landingPageUrl);
  url.searchParams.set('click_id', clickId);
  return url.toString();
}

/**
 * The visitor of a tracking link: a hash of its client key (an IPv6 address by its /64, as every
 * per-address limit counts, lib/client-key.ts). Not the user agent: one address that varies its
 * user agent is still one visitor. No raw address is stored.
 */
export function visitorKey(ip: string): string {
  return createHash('sha256')
    .update(`visitor\n${clientKey(ip)}`)
    .digest('hex');
}

/**
 * GET /go/{code}: counts the click (one per visitor per offer per day; bots not at all), with
 * the link's sub1/sub2 when they are clean (contract cleanSubId; else not kept), and answers where to send the visitor: the landing page with click_id appended. A link works only
 * while its application is approved, its offer runs and both companies are approved: else 410
 * (revoked) or 404, and nothing is counted. While the offer's cap is reached and the advertiser
 * set a fallback address, the visitor goes there instead, uncounted (docs/decisions/049).
 */
export async function followTrackingLink(
  deps: Deps,
  code: string,
  visitor: { ip: string; userAgent: string | undefined; sub1?: unknown; sub2?: unknown },
): Promise<{ location: string; counted: boolean }> {
  const link = TRACKING_CODE.test(code) ? await findByTrackingCode(deps.db, code) : undefined;
  if (link?.status === 'revoked') throw new HttpError(410, TRACKING_MESSAGES.revoked);
  if (!link || link.status !== 'approved') throw notFound(TRACKING_MESSAGES.notFound);
  if (!link.visible) {
    throw notFound(TRACKING_MESSAGES.notRunning);
  }
  if (link.applicantStatus !== 'approved') {
    throw notFound(TRACKING_MESSAGES.applicantNotApproved);
  }
  // While a cap is reached, the advertiser's fallback address, uncounted (docs/decisions/049).
  const fallback = await fallbackWhileCapped(deps, link);
  if (fallback) return { location: fallback, counted: false };
  if (isBot(visitor.userAgent)) return { location: link.landingPageUrl, counted: false };
  const click = await recordTrackingClick(
    deps.db,
    {
      applicationId: link.applicationId,
      offerId: link.offerId,
      affiliateEntityId: link.applicantEntityId,
      visitorKey: visitorKey(visitor.ip),
      sub1: cleanSubId(visitor.sub1),
      sub2: cleanSubId(visitor.sub2),
    },
    deps.config.RESULTS_SUB1_PER_DAY,
  );
  return { location: withClickId(link.landingPageUrl, click.clickId), counted: click.counted };
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

type PostbackParams = z.output<typeof postbackParamsSchema>;

type Click = NonNullable<Awaited<ReturnType<typeof findClickForPostback>>>;

/**
 * The payout a conversion records (docs/decisions/048-agreed-terms.md): the postback's own when it
 * sends one, else the payout agreed with this partner (a RevShare agreement records none: a
 * percentage is no amount), else the offer's fixed money payout.
 */
export function conversionPayout(
  sent: number | undefined,
  click: {
    agreedPayoutType: string | null;
    agreedPayoutAmount: number | null;
    offerPayoutAmount: number | null;
  },
): number | null {
  if (sent !== undefined) return sent;
  if (click.agreedPayoutType !== null) {
    return click.agreedPayoutType === 'RevShare' ? null : click.agreedPayoutAmount;
  }
  return click.offerPayoutAmount ?? null;
}

/**
 * GET or POST /api/postback (docs/postback.md): one conversion per click id. A repeat answers
 * 200 and changes nothing; a wrong secret 403; an unknown click 404. Without a payout, the agreed
 * or the offer's fixed money payout is recorded (conversionPayout; a RevShare one records none).
 * Past the offer's cap the conversion is recorded over cap and not paid; test=1 records nothing.
 * Each postback of a known click is logged for the offer's advertiser (docs/decisions/049).
 */
export async function recordPostback(deps: Deps, params: PostbackParams) {
  if (!params.click_id || !params.secret) throw badRequest(POSTBACK_MESSAGES.missing);
  const click = isUuid(params.click_id)
    ? await findClickForPostback(deps.db, params.click_id)
    : undefined;
  if (!click) throw notFound(POSTBACK_MESSAGES.unknownClick);
  return logPostback(deps, click.offerId, params, () => answerPostback(deps, click, params));
}

async function answerPostback(deps: Deps, click: Click, params: PostbackParams) {
  if (!sameSecret(params.secret ?? '', click.secret)) {
    throw forbidden(POSTBACK_MESSAGES.wrongSecret);
  }
  const answer = { success: true, click_id: click.clickId, over_cap: false, test: false };
  if (params.test) {
    return {
      ...answer,
      duplicate: false,
      test: true,
      message: POSTBACK_MESSAGES.test,
      payout: params.payout ?? null,
    };
  }
  const payout = conversionPayout(params.payout, click);
  const outcome = await deps.db.transaction((tx) =>
    convertWithinCaps(tx, click, payout, deps.config.RESULTS_SUB1_PER_DAY),
  );
  if (outcome === 'recorded') {
    return {
      ...answer,
      duplicate: false,
      message: POSTBACK_MESSAGES.recorded,
      payout: payout === null ? null : Number(payout),
    };
  }
  if (outcome === 'overCap') {
    return {
      ...answer,
      duplicate: false,
      over_cap: true,
      message: POSTBACK_MESSAGES.overCap,
      payout: null,
    };
  }
  if (await wasOverCap(deps.db, click.clickId)) {
    return {
      ...answer,
      duplicate: true,
      over_cap: true,
      message: POSTBACK_MESSAGES.duplicateOverCap,
      payout: null,
    };
  }
  const stored = await findClickForPostback(deps.db, click.clickId);
  return {
    ...answer,
    duplicate: true,
    message: POSTBACK_MESSAGES.duplicate,
    payout: stored?.payout == null ? null : Number(stored.payout),
  };
}
