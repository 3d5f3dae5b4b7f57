import { and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plannerRowEstimate } from '../../lib/planner-estimates';
import { perHandle, unplannedPlaceholder } from '../../lib/prepared';
import { affiliateCompanies as companies, type AffiliateCompanyRow } from '../../db/schema';
import { escapeLike } from '../../lib/sql';
import { sortName, typeCondition, type CompanyFilter, type PageWindow } from './companies.sql';

// ---- a substring search split in two (docs/decisions/007-company-totals.md) ----------------

/**
 * The name from its second character on, lower-cased: what affiliate_companies_name_inner_trgm_idx
 * indexes. A substring of the name is either at its start (a range of the sort index, already in
 * list order) or inside this text.
 */
const innerText = sql`substr(lower(${companies.companyName}), 2)`;

function splitPatterns(filter: CompanyFilter) {
  const term = escapeLike((filter.search ?? '').toLowerCase());
  return { prefix: `${term}%`, inner: `%${term}%` };
}

/**
 * The planner's estimate of the matches at the start of names (`prefix`) or inside them, not at
 * their start (`inner`); reads no row.
 */
export async function estimateSplitMatches(
  db: DbOrTx,
  filter: CompanyFilter,
  half: 'prefix' | 'inner',
): Promise<number> {
  const patterns = splitPatterns(filter);
  const match =
    half === 'prefix'
      ? sql`${sortName} LIKE ${patterns.prefix}`
      : sql`${innerText} LIKE ${patterns.inner}`;
  return plannerRowEstimate(
    db,
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(and(match, typeCondition(filter))),
  );
}

export interface SplitSearchPage {
  /** Matches at the start of the name, counted up to `cap` + 1 (null: not counted). */
  prefixCount: number | null;
  /** Matches only further in; more than `innerMax` means the split did not pay off. */
  innerCount: number;
  /** The page, in list order (empty when innerCount > innerMax). */
  rows: AffiliateCompanyRow[];
}

/**
 * The least text greater than every text that starts with `prefix`, in byte order (COLLATE "C",
 * where UTF-8's byte order is the code points'): its last code point plus one, carried over past
 * U+10FFFF, surrogates skipped. Null when every code point is U+10FFFF.
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix, (c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff) {
      points.push(last + 1 === 0xd800 ? 0xe000 : last + 1);
      return String.fromCodePoint(...points);
    }
  }
  return null;
}

/**
 * The split search as a named statement per database handle and shape (an entity type or not, a
 * counted prefix or not): every value is read through a subquery, so the plan is the same for
 * every search and PostgreSQL keeps it after five runs instead of planning each request (planning
 * was 0.55 ms of 0.8 ms of database time a search), as
 * docs/decisions/045-planned-once-read-for-the-page.md says.
 * The names that start with the search are a range of the sort index, [term, next(term)), which a
 * value the planner cannot see still bounds; the inner half is the trigram index's, whatever the
 * pattern (a substring search has at least one trigram: substringMinLength).
 */
const splitSearchStatement = perHandle((db, key) => {
  const [typed, counted] = key.split('_');
  const text = (name: string) => unplannedPlaceholder(name, 'text');
  const int = (name: string) => unplannedPlaceholder(name, 'int');
  const type = typed === 'typed' ? sql` AND ${companies.entityType} = ${text('type')}` : sql``;
  const atStart = sql`(${sortName} >= ${text('from')} AND ${sortName} < ${text('before')})`;
  const split = sql`(
    WITH prefix_rows AS (
      SELECT ${companies.id} AS id, ${sortName} AS k FROM ${companies}
      WHERE ${atStart}${type}
      ORDER BY ${sortName}, ${companies.id}
      LIMIT ${int('prefixRows')}
    ), inner_rows AS (
      SELECT ${companies.id} AS id, ${sortName} AS k FROM ${companies}
      WHERE ${innerText} LIKE ${text('inner')} AND NOT ${atStart}${type}
      LIMIT ${int('innerRows')}
    ), page AS (
      SELECT id, k FROM (SELECT id, k FROM prefix_rows UNION ALL SELECT id, k FROM inner_rows) u
      ORDER BY k, id
      LIMIT ${int('limit')} OFFSET ${int('offset')}
    ), counts AS (
      SELECT
        ${
          counted === 'counted'
            ? sql`(SELECT count(*)::int FROM (
          SELECT 1 FROM ${companies} WHERE ${atStart}${type}
          ORDER BY ${sortName}, ${companies.id} LIMIT ${int('prefixCap')}
        ) p)`
            : sql`NULL::int`
        } AS prefix_count,
        (SELECT count(*)::int FROM inner_rows) AS inner_count
    )
    -- One row per company of the page, or a single row of counts when the page is empty.
    SELECT counts.prefix_count, counts.inner_count, page.k, ${companies.id} AS id,
      ${companies.companyName} AS company_name, ${companies.website} AS website,
      ${companies.entityType} AS entity_type, ${companies.companyKey} AS company_key,
      ${companies.createdAt} AS created_at, ${companies.updatedAt} AS updated_at
    FROM counts
    LEFT JOIN (page JOIN ${companies} ON ${companies.id} = page.id)
      ON counts.inner_count <= ${int('innerMax')}
  ) split`;
  const field = <T>(name: string) => sql<T>`${sql.identifier('split')}.${sql.identifier(name)}`;
  return db
    .select({
      prefix_count: field<number | null>('prefix_count'),
      inner_count: field<number | null>('inner_count'),
      id: field<string | null>('id'),
      company_name: field<string | null>('company_name'),
      website: field<string | null>('website'),
      entity_type: field<string | null>('entity_type'),
      company_key: field<string | null>('company_key'),
      created_at: field<Date | string | null>('created_at'),
      updated_at: field<Date | string | null>('updated_at'),
    })
    .from(split)
    .orderBy(field('k'), field('id'))
    .prepare(`companies_split_${key}`);
});

/**
 * One page of a substring search from its two halves: the first `offset + limit` names that
 * start with the search (a range of the sort index, in order) merged with every name that
 * contains it further in (the inner trigram index; at most `innerMax` + 1 are read, sorted in
 * memory). The cost follows the page and the inner matches, not the matches at the start, so a
 * word many names start with ("harbor": 14,000 of 1,000,000) costs as little as a rare one.
 */
export async function splitSearchPage(
  db: DbOrTx,
  filter: CompanyFilter,
  page: PageWindow,
  cap: number | null,
  innerMax: number,
): Promise<SplitSearchPage> {
  const term = (filter.search ?? '').toLowerCase();
  const before = prefixUpperBound(term);
  // A search of U+10FFFF only has no range: the split is declined, as for many inner matches.
  if (before === null) return { prefixCount: null, innerCount: innerMax + 1, rows: [] };
  const statement = splitSearchStatement(
    db,
    `${filter.type ? 'typed' : 'any'}_${cap === null ? 'uncounted' : 'counted'}`,
  );
  const rows = await statement.execute({
    from: term,
    before,
    inner: `%${escapeLike(term)}%`,
    type: filter.type,
    prefixRows: page.offset + page.limit,
    innerRows: innerMax + 1,
    limit: page.limit,
    offset: page.offset,
    prefixCap: cap === null ? undefined : cap + 1,
    innerMax,
  });
  const first = rows[0];
  return {
    prefixCount: first?.prefix_count == null ? null : Number(first.prefix_count),
    innerCount: Number(first?.inner_count ?? 0),
    rows: rows
      .filter((r) => r.id != null)
      .map((r) => ({
        id: String(r.id),
        companyName: String(r.company_name),
        website: r.website == null ? null : String(r.website),
        entityType: String(r.entity_type),
        companyKey: String(r.company_key),
        createdAt: new Date(r.created_at!),
        updatedAt: new Date(r.updated_at!),
      })),
  };
}
