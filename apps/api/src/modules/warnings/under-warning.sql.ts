import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { entityWarnings } from '../../db/schema';

/**
 * isUnderWarning (under-warning.ts) as a column of a list's statement: the entity whose id is
 * `entityId` has a warning that is not lifted (entity_warnings_active_idx: one probe a row). The
 * lists' trust context reads it (docs/decisions/051-trust-context.md).
 */
export function underWarningSql(entityId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${entityWarnings} where ${entityWarnings.entityId} = ${entityId} and ${entityWarnings.liftedAt} is null)`;
}
