import { HOLD_REASONS } from '@trustlinks/contract/reviews';
import {
  REMOVAL_REASONS,
  TRANSPARENCY_LIMITS,
  TRANSPARENCY_MESSAGES,
  type EntityRemovals,
  type RemovalReason,
  type TransparencyMonth,
  type TransparencyReport,
} from '@trustlinks/contract/transparency';
import type { HoldReason } from '@trustlinks/contract/reviews';
import { requireFoundById } from '../../auth/policies';
import { notFound } from '../../errors';
import type { Deps } from '../../lib/deps';
import { findEntity } from '../entities/entities.service';
import { entityRemovalCounts, monthlyFigures, type FigureRow } from './transparency.repository';

/** The first instant (UTC) of the month `back` months before `now`'s. */
function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** Counts in a fixed order, only those above zero. */
function ordered<R extends string>(order: readonly R[], counts: Map<string, number>) {
  return order
    .filter((reason) => (counts.get(reason) ?? 0) > 0)
    .map((reason) => ({ reason, count: counts.get(reason)! }));
}

const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * GET /transparency (docs/decisions/054): the last TRANSPARENCY_LIMITS.months months, newest
 * first, each figure from the audit trail (transparency.repository: what counts where).
 */
export async function transparencyReport(
  deps: Deps,
  now: Date = new Date(),
): Promise<TransparencyReport> {
  const months = Array.from({ length: TRANSPARENCY_LIMITS.months }, (_, i) =>
    monthKey(monthStart(now, i)),
  );
  const rows = await monthlyFigures(deps.db, monthStart(now, TRANSPARENCY_LIMITS.months - 1));
  const byMonth = new Map<string, FigureRow[]>();
  for (const row of rows) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  return { months: months.map((month) => monthFigures(month, byMonth.get(month) ?? [])) };
}

function monthFigures(month: string, rows: readonly FigureRow[]): TransparencyMonth {
  const one = (kind: FigureRow['kind'], key = '') =>
    rows.find((row) => row.kind === kind && row.key === key);
  const keyed = (kind: FigureRow['kind']) =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.key, row.count]));
  const held = keyed('held');
  const removed = keyed('removed');
  const decisions = one('decisions');
  return {
    month,
    submitted: one('submitted')?.count ?? 0,
    published: one('published')?.count ?? 0,
    held: ordered<HoldReason>(HOLD_REASONS, held),
    held_total: sum(held),
    removed: ordered<RemovalReason>(REMOVAL_REASONS, removed),
    removed_total: sum(removed),
    reports_submitted: one('reported')?.count ?? 0,
    reports_decided: one('report_decided')?.count ?? 0,
    warnings_placed: one('warning', 'placed')?.count ?? 0,
    warnings_lifted: one('warning', 'lifted')?.count ?? 0,
    decisions: decisions?.count ?? 0,
    median_decision_hours:
      decisions?.value === null || decisions?.value === undefined
        ? null
        : Math.round(decisions.value * 10) / 10,
  };
}

/**
 * GET /transparency/entities/{id}: how many of an approved company's reviews stand removed, by
 * reason — counts only, never a review's text or author.
 */
export async function entityRemovals(deps: Deps, entityId: string): Promise<EntityRemovals> {
  const entity = await requireFoundById(
    entityId,
    (id) => findEntity(deps.db, id),
    TRANSPARENCY_MESSAGES.entityNotFound,
  );
  if (entity.verificationStatus !== 'approved') {
    throw notFound(TRANSPARENCY_MESSAGES.entityNotFound);
  }
  const counts = new Map(
    (await entityRemovalCounts(deps.db, entity.id)).map((row) => [row.reason, row.count]),
  );
  return {
    entity_id: entity.id,
    removed_total: sum(counts),
    removed: ordered<RemovalReason>(REMOVAL_REASONS, counts),
  };
}
