import { APPLICANT_TYPES } from '@trustlinks/contract/applications';
import { CONVERSION_LIMITS, type Conversion } from '@trustlinks/contract/conversions';
import { OFFER_MESSAGES } from '@trustlinks/contract/offers';
import {
  RESULT_PERIOD_DAYS,
  RESULTS_MESSAGES,
  SUB1_NONE,
  SUB1_OTHER,
  type ResultFigures,
  type ResultsQuery,
  type ResultsResponse,
} from '@trustlinks/contract/results';
import { actingEntityId } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { badRequest, forbidden } from '../../errors';
import { csvDocument, UTF8_BOM } from '../../lib/csv-writer';
import type { Deps } from '../../lib/deps';
import { PUBLISHER_ROLES, requireOwnedOffer } from '../offers/offers.service';
import { toConversion } from '../applications/conversions.presenter';
import {
  conversionCounts,
  listConversions,
  periodSums,
  sumsByDayAndGroup,
  type ResultsScope,
  type Sums,
} from './results.repository';

// Shared with the tracking path (the click's and conversion's transaction), the demo seed and the
// bench (after set-based inserts).
export { addToDaily, dailyAdditionSql } from './results.sql';
export { rebuildDaily } from './results.repository';

/** Bounds of the lists of one answer (the days are bounded by RESULTS_MAX_DAYS). */
export const RESULTS_LIMITS = {
  groups: 500,
  rows: 10_000,
  subIds: 100,
  conversions: CONVERSION_LIMITS.listed,
} as const;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The period's first and last UTC day, both included: a preset ends today (UTC), a custom range
 * needs both dates, from ≤ to and at most `maxDays` days (400 otherwise). Default: 7 days.
 */
export function resolvePeriod(
  query: ResultsQuery,
  now: Date,
  maxDays: number,
): { from: string; to: string; days: number } {
  if (query.from !== undefined || query.to !== undefined) {
    if (!query.from || !query.to) throw badRequest(RESULTS_MESSAGES.bothDates);
    const days = (dayMs(query.to) - dayMs(query.from)) / DAY_MS + 1;
    if (days < 1) {
      throw badRequest(RESULTS_MESSAGES.fromAfterTo, [
        { path: 'from', message: RESULTS_MESSAGES.fromAfterTo },
      ]);
    }
    if (days > maxDays) {
      throw badRequest(RESULTS_MESSAGES.tooLong(maxDays), [
        { path: 'to', message: RESULTS_MESSAGES.tooLong(maxDays) },
      ]);
    }
    return { from: query.from, to: query.to, days };
  }
  const days = RESULT_PERIOD_DAYS[query.period ?? '7d'];
  const today = dayMs(isoDay(now.getTime()));
  return { from: isoDay(today - (days - 1) * DAY_MS), to: isoDay(today), days };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Conversion rate (per 100 clicks) and EPC from sums: one rule for screen and CSV. */
export function figures(s: Sums): ResultFigures {
  return {
    clicks: s.clicks,
    conversions: s.conversions,
    conversion_rate: s.clicks > 0 ? round2((s.conversions / s.clicks) * 100) : 0,
    payout: round2(s.payout),
    epc: s.clicks > 0 ? round2(s.payout / s.clicks) : 0,
  };
}

/**
 * The one computation of results: the API answers it, the CSV writes its rows. The day ×
 * affiliate (or offer) rows are read only when asked for (`withRows`: the CSV, or the API's
 * `include=rows`); the screen draws days, groups and sub-IDs, one read of the roll-ups.
 */
async function computeResults(
  deps: Deps,
  scope: ResultsScope,
  query: ResultsQuery,
  withRows: boolean,
): Promise<ResultsResponse> {
  const period = resolvePeriod(query, new Date(), deps.config.RESULTS_MAX_DAYS);
  const { from, to } = period;
  const db = deps.db;
  const [sums, rows, counts, conversions] = await Promise.all([
    periodSums(db, scope, from, to, RESULTS_LIMITS),
    withRows ? sumsByDayAndGroup(db, scope, from, to, RESULTS_LIMITS.rows + 1) : null,
    conversionCounts(db, scope, from, to),
    listConversions(db, scope, from, to, RESULTS_LIMITS.conversions),
  ]);
  const seen = new Map(sums.byDay.map((d) => [d.day, d]));
  const days: ResultsResponse['days'] = [];
  const total: Sums = { clicks: 0, conversions: 0, payout: 0 };
  for (let i = 0; i < period.days; i += 1) {
    const day = isoDay(dayMs(from) + i * DAY_MS);
    const s = seen.get(day) ?? { clicks: 0, conversions: 0, payout: 0 };
    total.clicks += s.clicks;
    total.conversions += s.conversions;
    total.payout += s.payout;
    days.push({ day, ...figures(s) });
  }
  return {
    period: { ...period, time_zone: 'UTC' },
    group_by: 'offerId' in scope ? 'affiliate' : 'offer',
    totals: figures(total),
    days,
    groups: sums.groups.map((g) => ({ key: g.key, label: g.label, ...figures(g) })),
    ...(rows
      ? {
          rows: rows
            .slice(0, RESULTS_LIMITS.rows)
            .map((r) => ({ day: r.day, key: r.key, label: r.label, ...figures(r) })),
        }
      : {}),
    sub_ids: sums.subIds.map((s) => ({
      sub1: s.sub1 === SUB1_NONE || s.sub1 === SUB1_OTHER ? null : s.sub1,
      other: s.sub1 === SUB1_OTHER,
      ...figures(s),
    })),
    truncated:
      (rows !== null && rows.length > RESULTS_LIMITS.rows) ||
      sums.groups.length >= RESULTS_LIMITS.groups,
    // The advertiser's statuses (docs/decisions/049): rejected and over-cap conversions are
    // counted here, never in the conversions and payout figures above.
    conversion_counts: counts,
    conversions: conversions.map(toConversion),
  };
}

/** An offer's scope: its owner entity's users or an admin (403 otherwise, 404 no offer). */
async function offerScope(deps: Deps, user: AuthUser, offerId: string): Promise<ResultsScope> {
  const row = await requireOwnedOffer(deps, user, offerId);
  return { offerId: row.offer.id };
}

/** An affiliate's scope: the caller's own approved affiliate or network (from the session). */
function affiliateScope(user: AuthUser): ResultsScope {
  if (!(APPLICANT_TYPES as readonly string[]).includes(user.role)) {
    throw forbidden(RESULTS_MESSAGES.onlyRunners);
  }
  const entityId = actingEntityId(user);
  if (!entityId) throw forbidden(OFFER_MESSAGES.noEntity);
  return { affiliateEntityId: entityId };
}

/**
 * An owner's scope: all the offers of the caller's own approved advertiser or network, from the
 * session only (403 to every other role and to an account without an approved entity).
 */
function ownerScope(user: AuthUser): ResultsScope {
  if (!(PUBLISHER_ROLES as readonly string[]).includes(user.role)) {
    throw forbidden(RESULTS_MESSAGES.onlyOwners);
  }
  const entityId = actingEntityId(user);
  if (!entityId) throw forbidden(OFFER_MESSAGES.noEntity);
  return { ownerEntityId: entityId };
}

/** GET /api/offers/{id}/results: one offer's results per day and affiliate. */
export async function offerResults(
  deps: Deps,
  user: AuthUser,
  offerId: string,
  q: ResultsQuery,
  withRows = q.include === 'rows',
) {
  return computeResults(deps, await offerScope(deps, user, offerId), q, withRows);
}

/** GET /api/results/mine: the caller's affiliate's results per day and offer. */
export async function myResults(
  deps: Deps,
  user: AuthUser,
  q: ResultsQuery,
  withRows = q.include === 'rows',
) {
  return computeResults(deps, affiliateScope(user), q, withRows);
}

/** GET /api/results/own-offers: the caller's results across all its offers, per day and offer. */
export async function ownOffersResults(
  deps: Deps,
  user: AuthUser,
  q: ResultsQuery,
  withRows = q.include === 'rows',
) {
  return computeResults(deps, ownerScope(user), q, withRows);
}

export const CSV_HEADERS = {
  affiliate: ['Date', 'Affiliate', 'Clicks', 'Conversions', 'Conversion rate (%)', 'Payout', 'EPC'],
  offer: ['Date', 'Offer', 'Clicks', 'Conversions', 'Conversion rate (%)', 'Payout', 'EPC'],
} as const;

/**
 * The CSV of results: a UTF-8 byte order mark (so Excel reads the file as UTF-8, not the system's
 * code page), a header, then one row per day and affiliate (or offer), as the API's rows.
 */
export function resultsCsv(
  results: ResultsResponse,
  name = 'results',
): { fileName: string; body: string } {
  const body = csvDocument(
    CSV_HEADERS[results.group_by],
    (results.rows ?? []).map((r) => [
      r.day,
      r.label,
      r.clicks,
      r.conversions,
      r.conversion_rate.toFixed(2),
      r.payout.toFixed(2),
      r.epc.toFixed(2),
    ]),
  );
  return {
    fileName: `${name}-${results.period.from}-to-${results.period.to}.csv`,
    body: `${UTF8_BOM}${body}`,
  };
}

export const CONVERSIONS_CSV_HEADERS = [
  'Converted at (UTC)',
  'Offer',
  'Affiliate',
  'Click ID',
  'Sub1',
  'Payout',
  'Status',
  'Reason',
  'Over cap',
] as const;

/**
 * The CSV of a period's conversions (`include=conversions`; docs/decisions/049): one row each,
 * newest first, with the advertiser's status and reason; a conversion over the cap says so and
 * has no payout. At most RESULTS_LIMITS.rows rows.
 */
export function conversionsCsv(
  conversions: Conversion[],
  period: { from: string; to: string },
  name: string,
): { fileName: string; body: string } {
  const body = csvDocument(
    CONVERSIONS_CSV_HEADERS,
    conversions.map((c) => [
      c.converted_at,
      c.offer_title,
      c.affiliate_name,
      c.click_id,
      c.sub1 ?? '',
      c.payout === null ? '' : c.payout.toFixed(2),
      c.status,
      c.reason ?? '',
      c.over_cap ? 'yes' : 'no',
    ]),
  );
  return {
    fileName: `${name}-conversions-${period.from}-to-${period.to}.csv`,
    body: `${UTF8_BOM}${body}`,
  };
}

/** A scope's CSV: its day rows, or with `include=conversions` its conversions. */
async function scopeCsv(deps: Deps, scope: ResultsScope, q: ResultsQuery, name: string) {
  if (q.include !== 'conversions')
    return resultsCsv(await computeResults(deps, scope, q, true), name);
  const { from, to } = resolvePeriod(q, new Date(), deps.config.RESULTS_MAX_DAYS);
  const rows = await listConversions(deps.db, scope, from, to, RESULTS_LIMITS.rows);
  return conversionsCsv(rows.map(toConversion), { from, to }, name);
}

export async function offerResultsCsv(deps: Deps, user: AuthUser, id: string, q: ResultsQuery) {
  return scopeCsv(deps, await offerScope(deps, user, id), q, 'results');
}

export async function myResultsCsv(deps: Deps, user: AuthUser, q: ResultsQuery) {
  return scopeCsv(deps, affiliateScope(user), q, 'results');
}

export async function ownOffersResultsCsv(deps: Deps, user: AuthUser, q: ResultsQuery) {
  return scopeCsv(deps, ownerScope(user), q, 'results-all-offers');
}
