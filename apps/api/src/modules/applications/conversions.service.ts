import type { z } from 'zod';
import { POSTBACK_MESSAGES, type Application } from '@trustlinks/contract/applications';
import {
  CONVERSION_LIMITS,
  CONVERSION_MESSAGES,
  type conversionStatusBodySchema,
  type testPostbackBodySchema,
} from '@trustlinks/contract/conversions';
import type { postbackParamsSchema } from '@trustlinks/contract/applications';
import { speaksForEntity } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { conflict, forbidden, HttpError, notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { requireOffer } from '../offers/offers.service';
import { convertClick } from './applications.repository';
import { capReached, toCapLeft, toConversion, toPostbackLogEntry } from './conversions.presenter';
import {
  capUsage,
  convertClickOverCap,
  findConversionForUpdate,
  insertPostbackLog,
  listPostbackLog,
  lockOfferForConversion,
  shiftPaidFigures,
  updateConversionStatus,
} from './conversions.repository';

// Caps, conversion statuses, the postback log and test conversions
// (docs/decisions/049-caps-and-postback-tooling.md).

type ConvertedClick = Parameters<typeof convertClick>[1];

/**
 * Converts a click in the caller's transaction, within its offer's caps: under the offer's row
 * lock, the conversions counted today and this month (UTC) decide. Past a cap the click is
 * converted over cap (never paid, never counted); else it converts with `payout` as before. Of
 * two parallel postbacks at cap − 1, the second waits for the first's commit and finds the cap
 * reached. 'duplicate': the click had already converted.
 */
export async function convertWithinCaps(
  tx: DbOrTx,
  click: ConvertedClick,
  payout: number | null,
  sub1PerDay: number,
): Promise<'recorded' | 'overCap' | 'duplicate'> {
  await lockOfferForConversion(tx, click.offerId);
  const usage = (await capUsage(tx, [click.offerId])).get(click.offerId);
  if (usage && capReached(usage)) {
    return (await convertClickOverCap(tx, click.clickId)) ? 'overCap' : 'duplicate';
  }
  return (await convertClick(tx, click, payout, sub1PerDay)) ? 'recorded' : 'duplicate';
}

/**
 * Where /go/ sends a visitor while the offer's cap is reached: its fallback address, when the
 * advertiser set one (else null: the landing page, as always).
 */
export async function fallbackWhileCapped(
  deps: Deps,
  link: { offerId: string; fallbackUrl: string | null },
): Promise<string | null> {
  if (!link.fallbackUrl) return null;
  const usage = (await capUsage(deps.db, [link.offerId])).get(link.offerId);
  return usage && capReached(usage) ? link.fallbackUrl : null;
}

type PostbackParams = z.output<typeof postbackParamsSchema>;

/** What a postback carried, as the log keeps it: never the secret. */
function carried(params: PostbackParams): Record<string, string | number | null> {
  return {
    click_id: params.click_id ?? null,
    payout: params.payout ?? null,
    ...(params.test ? { test: 1 } : {}),
  };
}

/**
 * Answers a postback of a known offer with `answer` and logs what it carried and what we
 * answered (the status and message; an error's too, which is then thrown on).
 */
export async function logPostback<T extends { message: string }>(
  deps: Deps,
  offerId: string,
  params: PostbackParams,
  answer: () => Promise<T>,
): Promise<T> {
  const entry = { offerId, test: params.test, carried: carried(params) };
  let result: T;
  try {
    result = await answer();
  } catch (err) {
    if (err instanceof HttpError) {
      await insertPostbackLog(
        deps.db,
        { ...entry, statusCode: err.statusCode, message: err.message },
        CONVERSION_LIMITS.postbackLog,
      );
    }
    throw err;
  }
  await insertPostbackLog(
    deps.db,
    { ...entry, statusCode: 200, message: result.message },
    CONVERSION_LIMITS.postbackLog,
  );
  return result;
}

/** The offer, for its own advertiser (or network) only: admins and every other account 403. */
async function requireOfferOwner(deps: Deps, user: AuthUser, offerId: string, db?: DbOrTx) {
  const row = await requireOffer(deps, offerId, db);
  if (!speaksForEntity(user, row.offer.entityId)) throw forbidden(CONVERSION_MESSAGES.onlyOwner);
  return row;
}

/** GET /offers/{id}/postbacks: the offer's last postbacks, newest first. */
export async function postbackLogOf(deps: Deps, user: AuthUser, offerId: string) {
  const row = await requireOfferOwner(deps, user, offerId);
  const entries = await listPostbackLog(deps.db, row.offer.id, CONVERSION_LIMITS.postbackLog);
  return { entries: entries.map(toPostbackLogEntry), limit: CONVERSION_LIMITS.postbackLog };
}

/**
 * POST /offers/{id}/postbacks/test: a test conversion from the dashboard, logged and marked
 * test; nothing is recorded, paid or counted.
 */
export async function sendTestConversion(
  deps: Deps,
  user: AuthUser,
  offerId: string,
  body: z.output<typeof testPostbackBodySchema>,
) {
  const row = await requireOfferOwner(deps, user, offerId);
  const entry = await insertPostbackLog(
    deps.db,
    {
      offerId: row.offer.id,
      test: true,
      carried: { click_id: null, payout: body.payout, test: 1 },
      statusCode: 200,
      message: POSTBACK_MESSAGES.test,
    },
    CONVERSION_LIMITS.postbackLog,
  );
  return { message: POSTBACK_MESSAGES.test, entry: toPostbackLogEntry(entry) };
}

/**
 * PUT /offers/{id}/conversions/{clickId}: the offer's advertiser sets a conversion's status. A
 * rejected conversion leaves the paid figures (counts, payout, Results); set back to another
 * status, it returns to them. A conversion over the cap was never paid: its status stays.
 */
export async function setConversionStatus(
  deps: Deps,
  user: AuthUser,
  offerId: string,
  clickId: string,
  input: z.output<typeof conversionStatusBodySchema>,
) {
  const row = await requireOfferOwner(deps, user, offerId);
  const reason = input.status === 'rejected' ? input.reason : null;
  const conversion = await deps.db.transaction(async (tx) => {
    const current = isUuid(clickId)
      ? await findConversionForUpdate(tx, row.offer.id, clickId)
      : undefined;
    if (!current) throw notFound(CONVERSION_MESSAGES.notFound);
    if (current.overCap) throw conflict(CONVERSION_MESSAGES.overCap);
    const wasRejected = current.status === 'rejected';
    const isRejected = input.status === 'rejected';
    if (wasRejected !== isRejected) {
      await shiftPaidFigures(
        tx,
        {
          clickId: current.clickId,
          offerId: current.offerId,
          applicationId: current.applicationId,
          payout: current.payout === null ? null : Number(current.payout),
        },
        isRejected ? -1 : 1,
      );
    }
    await updateConversionStatus(tx, current.clickId, input.status, reason);
    return { ...current, status: input.status, reason };
  });
  return {
    message: CONVERSION_MESSAGES.statusSet(input.status),
    conversion: toConversion(conversion),
  };
}

/**
 * The applicant's applications with what is left of their offers' caps today and this month,
 * on the approved ones (one read for the page).
 */
export async function withCapsLeft(deps: Deps, applications: Application[]) {
  const approved = applications.filter((a) => a.status === 'approved');
  const usage = await capUsage(deps.db, [...new Set(approved.map((a) => a.offer_id))]);
  return applications.map((a) => {
    const u = a.status === 'approved' ? usage.get(a.offer_id) : undefined;
    return u ? { ...a, cap_left: toCapLeft(u) } : a;
  });
}
