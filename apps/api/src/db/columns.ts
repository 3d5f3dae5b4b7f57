import * as pg from 'drizzle-orm/pg-core';

/**
 * The schema's usual link: a required uuid naming a row of another table, deleted with that row
 * (a member's sessions with the member, an offer's applications with the offer).
 */
export const belongsTo = <N extends string>(name: N, target: () => pg.AnyPgColumn) =>
  pg.uuid(name).notNull().references(target, { onDelete: 'cascade' });
