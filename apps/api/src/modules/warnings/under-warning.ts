import type { PublicWarning } from '@trustlinks/contract/warnings';
import type { DbOrTx } from '../../db/client';
import { toPublicWarning } from './warnings.presenter';
import { listActiveWarnings } from './warnings.repository';

/** The entity's active warnings as the public sees them (entity page, offers). */
export async function publicWarningsOf(db: DbOrTx, entityId: string): Promise<PublicWarning[]> {
  return (await listActiveWarnings(db, entityId)).map(toPublicWarning);
}

/**
 * THE rule of "under warning": the entity has an active (not lifted) public warning, the list
 * its page shows (publicWarningsOf; the web's entityStanding reads that list). Under warning, no
 * 'Verified' shows anywhere (the page, the badge: docs/decisions/022-slugs-sitemap-badge.md) and
 * nobody is sent to join or contact it. Lists read the same rule as a column (under-warning.sql.ts
 * underWarningSql) for each company's trust context (docs/decisions/051-trust-context.md).
 */
export async function isUnderWarning(db: DbOrTx, entityId: string): Promise<boolean> {
  return (await listActiveWarnings(db, entityId, 1)).length > 0;
}
