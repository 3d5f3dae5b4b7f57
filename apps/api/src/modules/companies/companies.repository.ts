import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CompanyType } from '@trustlinks/contract/companies';
import type { DbOrTx } from '../../db/client';
import { plannerRowEstimate } from '../../lib/planner-estimates';
import { perHandle, unplannedPlaceholder } from '../../lib/prepared';
import {
  affiliateCompanies as companies,
  affiliateCompanyContacts as contacts,
  affiliateCompanyCounts as counts,
  type AffiliateCompanyContactRow,
  type AffiliateCompanyRow,
} from '../../db/schema';
import { containsPattern, escapeLike } from '../../lib/sql';

/**
 * The list order: the name without regard to case, in byte order, then the id (the sort indexes
 * are built on exactly this expression).
 */
const sortName = sql`lower(${companies.companyName}) COLLATE "C"`;
/**
 * The same order, written so that no index matches it: the planner then has to take the trigram
 * index and sort the matches, instead of walking the sort index and filtering (which is quick
 * when matches are spread through the alphabet, and very slow when they cluster, such as every
 * "Harbor …" company for a search "harbor").
 */
const sortNameUnindexed = sql`(lower(${companies.companyName}) || '') COLLATE "C"`;

/**
 * Rows of the sort index a many-match search walks before giving up for the trigram path. Matches
 * spread through the alphabet fill a page long before; matches that only begin far into the list
 * (a word no name of the first letters has) are still found by the walk, which stops at the
 * page's end: an index-only walk of 100,000 entries costs ~30 ms at most, where the trigram path
 * reads and sorts every match (~500 ms for 33,000 of 1,000,000 names).
 */
export const SEARCH_WALK_BUDGET = 100_000;

export type NameSearchKind = 'none' | 'prefix' | 'substring';

export interface CompanyFilter {
  type?: CompanyType | undefined;
  search?: string | undefined;
  substringMinLength: number;
}

/**
 * From `substringMinLength` characters on, a search is a substring match served by the trigram
 * GIN index. Shorter, it is a prefix match: a range of the sort index itself (a one- or
 * two-letter substring has no trigram to look up and would scan the whole table).
 */
export function nameSearchKind(filter: CompanyFilter): NameSearchKind {
  if (!filter.search) return 'none';
  return filter.search.length >= filter.substringMinLength ? 'substring' : 'prefix';
}

/** The entity-type filter, when there is one. */
function typeCondition(filter: { type?: CompanyType | undefined }): SQL | undefined {
  return filter.type ? eq(companies.entityType, filter.type) : undefined;
}

function companyWhere(filter: CompanyFilter): SQL | undefined {
  const kind = nameSearchKind(filter);
  const search = filter.search ?? '';
  return and(
    typeCondition(filter),
    kind === 'substring'
      ? sql`${companies.companyName} ILIKE ${containsPattern(search)}`
      : kind === 'prefix'
        ? sql`${sortName} LIKE ${`${escapeLike(search.toLowerCase())}%`}`
        : undefined,
  );
}

interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * A page in list order, straight from the sort index (no search, or a prefix search: a range of
 * it). Returned unrun, so a test can EXPLAIN the very statement the endpoint runs.
 */
export function companyListQuery(db: DbOrTx, filter: CompanyFilter, page: PageWindow) {
  return db
    .select()
    .from(companies)
    .where(companyWhere(filter))
    .orderBy(asc(sortName), asc(companies.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** A substring search through the trigram index, matches sorted (cost grows with matches). */
export function companyTrigramQuery(db: DbOrTx, filter: CompanyFilter, page: PageWindow) {
  return db
    .select()
    .from(companies)
    .where(companyWhere(filter))
    .orderBy(asc(sortNameUnindexed), asc(companies.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A substring search along the sort index, looking at no more than `budget` rows: when the page
 * comes back full it is exactly the right page (the rows walked are the first ones in order).
 */
export function companyWalkQuery(
  db: DbOrTx,
  filter: CompanyFilter,
  page: PageWindow,
  budget = SEARCH_WALK_BUDGET,
) {
  // The sort key is an output column of the walk: the filter runs on it, and the outer query
  // knows the rows arrive in order, so it stops at the page's end (no sort, and a full row is
  // fetched only for the rows of the page). The key is the lower-cased name, so LIKE on it with
  // the pattern lower-cased by the same lower() is the ILIKE of the other paths at a third of
  // the cost per row (ILIKE lower-cases every name it is given again).
  const walked = db
    .select({
      id: companies.id,
      sortKey: sql<string>`${sortName}`.as('sort_key'),
    })
    .from(companies)
    .where(typeCondition(filter))
    .orderBy(asc(sortName), asc(companies.id))
    .limit(budget)
    .as('walked');
  return db
    .select({ company: companies })
    .from(walked)
    .innerJoin(companies, eq(companies.id, walked.id))
    .where(sql`${walked.sortKey} LIKE lower(${containsPattern(filter.search ?? '')}::text)`)
    .orderBy(asc(walked.sortKey), asc(walked.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * One page of companies. `manyMatches` (the capped count reached its cap) picks the plan of a
 * substring search: few matches are cheapest through the trigram index; many are cheapest
 * along the sort index when they are spread out, so that is tried first, within a budget.
 */
export async function listCompanies(
  db: DbOrTx,
  filter: CompanyFilter,
  page: PageWindow,
  manyMatches = false,
  budget = SEARCH_WALK_BUDGET,
): Promise<AffiliateCompanyRow[]> {
  if (nameSearchKind(filter) !== 'substring') return companyListQuery(db, filter, page);
  if (manyMatches) {
    const walked = await companyWalkQuery(db, filter, page, budget);
    if (walked.length === page.limit) return walked.map((r) => r.company);
  }
  return companyTrigramQuery(db, filter, page);
}

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

/** Exact totals without a search: the trigger-maintained per-type counters (no table scan). */
export async function countCompaniesFromCounters(
  db: DbOrTx,
  type: CompanyType | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${counts.total}), 0)` })
    .from(counts)
    .where(type ? eq(counts.entityType, type) : undefined);
  return Number(row?.total ?? 0);
}

/** Matches of a search, counted through the same indexes, stopping at `cap` + 1. */
export async function countCompaniesCapped(
  db: DbOrTx,
  filter: CompanyFilter,
  cap: number,
): Promise<number> {
  // A prefix search counts along its range of the sort index (the order makes the planner take
  // it; left alone it scans the table until enough rows pass the filter, which is slower).
  const base = db
    .select({ one: sql`1` })
    .from(companies)
    .where(companyWhere(filter));
  const inner = (
    nameSearchKind(filter) === 'prefix' ? base.orderBy(asc(sortName), asc(companies.id)) : base
  )
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

export async function findCompany(
  db: DbOrTx,
  id: string,
): Promise<AffiliateCompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function countContactsOfCompany(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.companyId, companyId));
  return row?.n ?? 0;
}

export async function listContactsOfCompany(
  db: DbOrTx,
  companyId: string,
  limit: number,
): Promise<AffiliateCompanyContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.fullName), asc(contacts.id))
    .limit(limit);
}

// ---- contact search ---------------------------------------------------------------------------

export interface ContactFilter {
  q: string;
  type?: CompanyType | undefined;
}

/** The expression the contacts trigram index is built on (name and designation, never email). */
const contactSearchText = sql`(${contacts.fullName} || ' ' || coalesce(${contacts.designation}, ''))`;

function contactWhere(filter: ContactFilter): SQL | undefined {
  return and(sql`${contactSearchText} ILIKE ${containsPattern(filter.q)}`, typeCondition(filter));
}

export type ContactWithCompany = {
  contact: AffiliateCompanyContactRow;
  company: AffiliateCompanyRow;
};

/**
 * A contact search, sorted by name. It sorts at most `cap` + 1 matches: the first ones by id (an
 * order unrelated to names, so the planner walks the primary key when matches are many and takes
 * the trigram index when they are few; both stay cheap). With more matches than that the total
 * says "cap+" and the results are a stable subset of them. (Contact names cluster by first name,
 * so the company search's walk along the name order would rarely pay off here.) Returned unrun
 * for EXPLAIN in tests.
 */
export function contactSearchQuery(
  db: DbOrTx,
  filter: ContactFilter,
  page: PageWindow,
  cap: number,
) {
  const matches = db
    .select({ id: contacts.id })
    .from(contacts)
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .where(contactWhere(filter))
    .orderBy(asc(contacts.id))
    .limit(cap + 1)
    .as('matches');
  return db
    .select({ contact: contacts, company: companies })
    .from(matches)
    .innerJoin(contacts, eq(contacts.id, matches.id))
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .orderBy(sql`lower(${contacts.fullName}) COLLATE "C"`, asc(contacts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function searchContacts(
  db: DbOrTx,
  filter: ContactFilter,
  page: PageWindow,
  cap: number,
): Promise<ContactWithCompany[]> {
  return contactSearchQuery(db, filter, page, cap);
}

export async function countContactsCapped(
  db: DbOrTx,
  filter: ContactFilter,
  cap: number,
): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(contacts)
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .where(contactWhere(filter))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

// ---- import ------------------------------------------------------------------------------

export interface CompanyUpsert {
  companyKey: string;
  companyName: string;
  website: string | null;
  entityType: CompanyType;
}

export interface UpsertOutcome {
  /** company_key (or contact key) → id, for every row given. */
  ids: Map<string, string>;
  created: number;
  updated: number;
}

/**
 * Inserts new companies and updates changed ones by company_key; rows whose values are the same
 * are left alone (no write, no updated_at bump), so a re-import of the same file changes nothing.
 */
export async function upsertCompanies(db: DbOrTx, rows: CompanyUpsert[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { ids: new Map(), created: 0, updated: 0 };
  if (rows.length === 0) return outcome;
  const written = await db
    .insert(companies)
    .values(rows)
    .onConflictDoUpdate({
      target: companies.companyKey,
      set: {
        companyName: sql`excluded.company_name`,
        website: sql`excluded.website`,
        entityType: sql`excluded.entity_type`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${companies.companyName}, ${companies.website}, ${companies.entityType})
        IS DISTINCT FROM (excluded.company_name, excluded.website, excluded.entity_type)`,
    })
    .returning({
      id: companies.id,
      key: companies.companyKey,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  for (const row of written) {
    outcome.ids.set(row.key, row.id);
    if (row.inserted) outcome.created += 1;
    else outcome.updated += 1;
  }
  const missing = rows.map((r) => r.companyKey).filter((k) => !outcome.ids.has(k));
  if (missing.length > 0) {
    const existing = await db
      .select({ id: companies.id, key: companies.companyKey })
      .from(companies)
      .where(inArray(companies.companyKey, missing));
    for (const row of existing) outcome.ids.set(row.key, row.id);
  }
  return outcome;
}

export interface ContactUpsert {
  companyId: string;
  contactKey: string;
  fullName: string;
  firstName: string | null;
  lastName: string | null;
  designation: string | null;
  email: string | null;
  phone: string | null;
}

/** Same rule as companies, by (company_id, contact_key). Returns counts only. */
export async function upsertContacts(
  db: DbOrTx,
  rows: ContactUpsert[],
): Promise<{ created: number; updated: number }> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const written = await db
    .insert(contacts)
    .values(rows)
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.contactKey],
      set: {
        fullName: sql`excluded.full_name`,
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        designation: sql`excluded.designation`,
        email: sql`excluded.email`,
        phone: sql`excluded.phone`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${contacts.fullName}, ${contacts.firstName}, ${contacts.lastName},
          ${contacts.designation}, ${contacts.email}, ${contacts.phone})
        IS DISTINCT FROM (excluded.full_name, excluded.first_name, excluded.last_name,
          excluded.designation, excluded.email, excluded.phone)`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  let created = 0;
  for (const row of written) if (row.inserted) created += 1;
  return { created, updated: written.length - created };
}
