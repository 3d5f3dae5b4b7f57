import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { SavedSearchFilters } from '@trustlinks/contract/saved-searches';
import type { DbOrTx } from '../../db/client';
import { savedSearches, type SavedSearchRow } from '../../db/schema';

export async function listSavedSearches(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt))
    .limit(limit);
}

export async function countSavedSearches(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(
  db: DbOrTx,
  values: { userId: string; name: string; filters: SavedSearchFilters },
): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row!;
}

/** Ownership is part of the condition: another user's id finds nothing (a 404). */
export async function renameSavedSearch(
  db: DbOrTx,
  userId: string,
  id: string,
  name: string,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedSearch(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/**
 * The alert worker's batch: the users whose oldest search was last checked a day ago or more
 * (saved_searches_due_idx), then all of their searches, locked so that another instance skips
 * them. A user's searches are checked together, so they get one digest a day.
 */
export async function claimDueSearches(
  db: DbOrTx,
  dueBefore: Date,
  users: number,
): Promise<SavedSearchRow[]> {
  const due = await db
    .select({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(lte(savedSearches.checkedUntil, dueBefore))
    .orderBy(asc(savedSearches.checkedUntil))
    .limit(users)
    .for('update', { skipLocked: true });
  const userIds = [...new Set(due.map((r) => r.userId))];
  if (!userIds.length) return [];
  return db
    .select()
    .from(savedSearches)
    .where(inArray(savedSearches.userId, userIds))
    .orderBy(asc(savedSearches.userId), asc(savedSearches.createdAt))
    .for('update', { skipLocked: true });
}

export async function markChecked(db: DbOrTx, ids: string[], until: Date): Promise<void> {
  if (!ids.length) return;
  await db.update(savedSearches).set({ checkedUntil: until }).where(inArray(savedSearches.id, ids));
}
