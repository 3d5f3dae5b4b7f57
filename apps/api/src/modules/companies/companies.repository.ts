import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { CompanyType } from '@trustlinks/contract/companies';
import type { DbOrTx } from '../../db/client';
import {
  affiliateCompanies as companies,
  affiliateCompanyContacts as contacts,
  affiliateCompanyCounts as counts,
  type AffiliateCompanyContactRow,
  type AffiliateCompanyRow,
} from '../../db/schema';
import { plannerRowEstimate } from '../../lib/planner-estimates';
import { containsPattern, escapeLike } from '../../lib/sql';
import {
  nameSearchKind,
  sortName,
  typeCondition,
  type CompanyFilter,
  type PageWindow,
} from './companies.sql';

/**
 * The same order, written so that no index matches it: the planner then has to take the trigram
 * index and sort the matches, instead of walking the sort index and filtering (which is quick
 * when matches are spread through the alphabet, and very slow when they cluster, such as every
 * "Harbor …" company for a search "harbor").
 */
const sortNameUnindexed = sql`(lower(${companies.companyName}) || '') COLLATE "C"`;

/**
 * Rows of the sort index a many-match search walks at least before giving up for the trigram
 * path. Matches spread through the alphabet fill a page long before; matches that only begin far
 * into the list (a word no name of the first letters has) are still found by the walk, which
 * stops at the page's end: an index-only walk of 100,000 entries costs ~30 ms at most, where the
 * trigram path reads and sorts every match (~500 ms for 33,000 of 1,000,000 names).
 */
export const SEARCH_WALK_BUDGET = 100_000;

/**
 * Rows of the sort index the walk may read per match the planner expects, past
 * SEARCH_WALK_BUDGET (docs/decisions/007-company-totals.md, note of 2026-11-29). The trigram path
 * reads a heap row per match and sorts them (3–5 µs a match at 1,000,000 names) where the walk
 * reads an index entry (0.2–0.4 µs): the walk is the cheaper one up to 10–25 entries a match, and
 * a walk that fails costs about what the trigram path then costs again.
 */
export const SEARCH_WALK_ROWS_PER_MATCH = 20;

/** How far a many-match search walks the sort index, from the planner's estimate of its matches. */
export function searchWalkBudget(estimatedMatches: number, floor = SEARCH_WALK_BUDGET): number {
  return Math.max(floor, Math.ceil(SEARCH_WALK_ROWS_PER_MATCH * estimatedMatches));
}

/** The planner's estimate of a search's matches (what the trigram path reads); reads no row. */
export async function estimateSearchMatches(db: DbOrTx, filter: CompanyFilter): Promise<number> {
  return plannerRowEstimate(
    db,
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(companyWhere(filter)),
  );
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

export type CompanyPagePlan = 'list' | 'walk' | 'trigram';

/**
 * One page of companies, and the statement that gave it. A substring search with a `walkBudget`
 * (many matches expected: searchWalkBudget) is tried first along the sort index, reading at most
 * that many rows: many matches are cheapest that way when they are spread out or begin early
 * enough. Without one, or when the walk does not fill the page, the trigram index finds the
 * matches and they are sorted.
 */
export async function listCompaniesWithPlan(
  db: DbOrTx,
  filter: CompanyFilter,
  page: PageWindow,
  walkBudget = 0,
): Promise<{ rows: AffiliateCompanyRow[]; plan: CompanyPagePlan }> {
  if (nameSearchKind(filter) !== 'substring') {
    return { rows: await companyListQuery(db, filter, page), plan: 'list' };
  }
  if (walkBudget > 0) {
    const walked = await companyWalkQuery(db, filter, page, walkBudget);
    if (walked.length === page.limit) return { rows: walked.map((r) => r.company), plan: 'walk' };
  }
  return { rows: await companyTrigramQuery(db, filter, page), plan: 'trigram' };
}

/** One page of companies (listCompaniesWithPlan's rows). */
export async function listCompanies(
  db: DbOrTx,
  filter: CompanyFilter,
  page: PageWindow,
  walkBudget = 0,
): Promise<AffiliateCompanyRow[]> {
  return (await listCompaniesWithPlan(db, filter, page, walkBudget)).rows;
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
