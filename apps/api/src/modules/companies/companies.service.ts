import type { z } from 'zod';
import {
  COMPANY_LIMITS,
  COMPANY_MESSAGES,
  type AccessLevel,
  type CompanyContactsResponse,
  type CompanyDetailResponse,
  type CompanyListResponse,
  type CompanyPagination,
  type CompanyTeaserResponse,
  type companyListQuerySchema,
  type ContactSearchResponse,
  type contactSearchQuerySchema,
} from '@trustlinks/contract/companies';
import { requireFoundById } from '../../auth/policies';
import type { AuthUser } from '../../auth/sessions.service';
import { tooManyRequests } from '../../errors';
import { lockKey, recordEvent, slidingWindowUsage } from '../../lib/counters.repository';
import { cachedEstimate } from '../../lib/planner-estimates';
import type { Deps } from '../../lib/deps';
import { viewerAccessFacts } from '../identity/identity.service';
import { COMPANIES_SERVER_MESSAGES } from './companies.messages';
import { toCompany, toCompanyDetail, toCompanyTeaser, toContact } from './companies.presenter';
import {
  countCompaniesCapped,
  countCompaniesFromCounters,
  countContactsCapped,
  countContactsOfCompany,
  estimateSearchMatches,
  findCompany,
  listCompanies as listCompanyRows,
  listContactsOfCompany,
  searchContacts as searchContactRows,
  searchWalkBudget,
} from './companies.repository';
import { nameSearchKind, type CompanyFilter } from './companies.sql';
import { estimateSplitMatches, splitSearchPage } from './company-split-search.repository';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/time';

type ListQuery = z.output<typeof companyListQuerySchema>;
type ContactSearchQuery = z.output<typeof contactSearchQuerySchema>;

/**
 * docs/product/data.md "Company pagination". totalPages follows the total; hasNextPage also stops at the
 * deepest row the list may reach (COMPANY_LIMITS.maxDepth, or totalCap for a search).
 */
export function paginate(
  page: number,
  limit: number,
  total: number,
  totalIsCapped: boolean,
  depth: number = COMPANY_LIMITS.maxDepth,
): CompanyPagination {
  return {
    page,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
    hasNextPage: page * limit < total && (page + 1) * limit <= depth,
    hasPreviousPage: page > 1,
    totalIsCapped,
  };
}

/** A count that stopped at cap + 1 rows, as the answer's total. */
function fromCappedCount(n: number): { total: number; capped: boolean } {
  return n > COMPANY_LIMITS.totalCap
    ? { total: COMPANY_LIMITS.totalCap, capped: true }
    : { total: n, capped: false };
}

export async function listCompanies(
  deps: Deps,
  _viewer: AuthUser,
  query: ListQuery,
): Promise<CompanyListResponse> {
  const filter = {
    type: query.type,
    search: query.search,
    substringMinLength: COMPANY_LIMITS.substringMinLength,
  };
  const window = { limit: query.limit, offset: (query.page - 1) * query.limit };

  if (!query.search) {
    // Exact totals from the trigger-kept counters; a short page even tells it for free.
    const rows = await listCompanyRows(deps.db, filter, window);
    const total =
      rows.length < query.limit && (rows.length > 0 || query.page === 1)
        ? window.offset + rows.length
        : await countCompaniesFromCounters(deps.db, query.type);
    return {
      data: rows.map(toCompany),
      pagination: paginate(query.page, query.limit, total, false),
    };
  }

  if (nameSearchKind(filter) === 'substring') return substringSearch(deps, filter, window, query);

  // A prefix search (1–2 characters): count along its range of the sort index, past the cap.
  const counted = await countCompaniesCapped(deps.db, filter, COMPANY_LIMITS.totalCap);
  const { total, capped } = fromCappedCount(counted);
  const rows = window.offset < counted ? await listCompanyRows(deps.db, filter, window) : [];
  return {
    data: rows.map(toCompany),
    pagination: paginate(query.page, query.limit, total, capped, COMPANY_LIMITS.totalCap),
  };
}

/**
 * From this planner estimate on (twice the cap: a margin for a wrong guess), a half of the split
 * search is taken to have more matches than the cap without counting them.
 */
const ESTIMATE_TRUSTED_FROM = 2 * COMPANY_LIMITS.totalCap;

/**
 * A substring search (docs/decisions/007-company-totals.md). Usually the split: matches at the
 * start of names come in order from the sort index, the few further in are sorted, and both are
 * counted exactly up to the cap (unless the planner expects thousands of names to start with the
 * search: then "1,000+" without counting). When the planner expects many matches inside names (a word
 * such as "media" that ends many names), the total is "1,000+" and the page comes from a walk
 * along the list order (such matches are spread through the alphabet), as far as the planner's
 * estimate of all matches makes it cheaper than the trigram index (searchWalkBudget), else from
 * the trigram index.
 */
async function substringSearch(
  deps: Deps,
  filter: CompanyFilter,
  window: { limit: number; offset: number },
  query: ListQuery,
): Promise<CompanyListResponse> {
  const cap = COMPANY_LIMITS.totalCap;
  const estimate = (half: 'prefix' | 'inner' | 'all') =>
    cachedEstimate(
      deps.db,
      JSON.stringify(['companies', half, filter.type ?? '', filter.search?.toLowerCase()]),
      () =>
        half === 'all'
          ? estimateSearchMatches(deps.db, filter)
          : estimateSplitMatches(deps.db, filter, half),
    );
  if ((await estimate('inner')) < ESTIMATE_TRUSTED_FROM) {
    // Thousands of names starting with the search need no counting: "1,000+".
    const countPrefix = (await estimate('prefix')) < ESTIMATE_TRUSTED_FROM;
    const split = await splitSearchPage(deps.db, filter, window, countPrefix ? cap : null, cap);
    if (split.innerCount <= cap) {
      const shortPage =
        split.rows.length < window.limit && (split.rows.length > 0 || window.offset === 0);
      const { total, capped } =
        split.prefixCount !== null
          ? fromCappedCount(split.prefixCount + split.innerCount)
          : shortPage // the end of the list: whatever the planner said, this is the total
            ? fromCappedCount(window.offset + split.rows.length)
            : { total: cap, capped: true };
      return {
        data: split.rows.map(toCompany),
        pagination: paginate(query.page, query.limit, total, capped, cap),
      };
    }
  }
  const rows = await listCompanyRows(
    deps.db,
    filter,
    window,
    searchWalkBudget(await estimate('all')),
  );
  // A short page is the end of the list, so its total is exact; otherwise "1,000+" (past the
  // end, a page says nothing: count, stopping past the cap).
  const { total, capped } =
    rows.length === window.limit
      ? { total: cap, capped: true }
      : rows.length > 0 || window.offset === 0
        ? fromCappedCount(window.offset + rows.length)
        : fromCappedCount(await countCompaniesCapped(deps.db, filter, cap));
  return {
    data: rows.map(toCompany),
    pagination: paginate(query.page, query.limit, total, capped, cap),
  };
}

/**
 * The visitors' teaser (docs/decisions/053-phone-first-and-database-teaser.md): the first
 * COMPANY_LIMITS.teaserSize companies in the list's name order (its sort index) and the exact
 * total from the counters. Names, types and websites only.
 */
export async function companyTeaser(deps: Deps): Promise<CompanyTeaserResponse> {
  const [rows, total] = await Promise.all([
    listCompanyRows(
      deps.db,
      { substringMinLength: COMPANY_LIMITS.substringMinLength },
      { limit: COMPANY_LIMITS.teaserSize, offset: 0 },
    ),
    countCompaniesFromCounters(deps.db, undefined),
  ]);
  return { data: rows.map(toCompanyTeaser), total };
}

function requireCompany(deps: Deps, id: string) {
  return requireFoundById(
    id,
    (companyId) => findCompany(deps.db, companyId),
    COMPANY_MESSAGES.notFound,
  );
}

export async function getCompany(
  deps: Deps,
  _viewer: AuthUser,
  id: string,
): Promise<CompanyDetailResponse> {
  const company = await requireCompany(deps, id);
  return { data: toCompanyDetail(company, await countContactsOfCompany(deps.db, company.id)) };
}

/**
 * Anti-scraping allowance of contact reads (a company's contacts, a contact search) per account
 * and per verified domain (docs/decisions/023):
 * at most CONTACT_READS_PER_HOUR in any hour and CONTACT_READS_PER_DAY in any 24 hours (sliding
 * windows, not clock hours: no double allowance across an edge); an account younger than 24 hours
 * gets the smaller daily cap CONTACT_READS_NEW_ACCOUNT_PER_DAY.
 */
export function contactReadLimits(
  config: Deps['config'],
  accountCreatedAt: Date,
  now = Date.now(),
): { perHour: number; perDay: number; newAccount: boolean } {
  const newAccount = now - accountCreatedAt.getTime() < DAY_MS;
  return {
    perHour: config.CONTACT_READS_PER_HOUR,
    perDay: newAccount
      ? Math.min(config.CONTACT_READS_NEW_ACCOUNT_PER_DAY, config.CONTACT_READS_PER_DAY)
      : config.CONTACT_READS_PER_DAY,
    newAccount,
  };
}

/** How long until the oldest read of a full window leaves it. */
function msUntilFree(oldest: Date | null, windowMs: number): number {
  return oldest ? Math.max(0, oldest.getTime() + windowMs - Date.now()) : windowMs;
}

/**
 * Counts one contact read, or refuses it with a 429 that says when to come back. Refused reads
 * are not counted. Check and count run under a per-account lock, so parallel requests cannot
 * slip past the limit together.
 */
async function requireContactReadAllowance(
  deps: Deps,
  viewer: AuthUser,
  facts: { accountCreatedAt: Date; identityDomain: string | null },
): Promise<void> {
  const limits = contactReadLimits(deps.config, facts.accountCreatedAt);
  // Per account, and per verified domain as well (docs/decisions/023: the accounts of one domain share
  // one allowance, so a catch-all mailbox buys no extra reads). Locked in this order always.
  const keys = [`contact-reads:${viewer.id}`];
  if (facts.identityDomain) keys.push(`contact-reads-domain:${facts.identityDomain}`);
  await deps.db.transaction(async (tx) => {
    for (const key of keys) await lockKey(tx, key);
    for (const key of keys) {
      const [hour, day] = await slidingWindowUsage(tx, key, [HOUR_MS, DAY_MS]);
      if (hour!.count >= limits.perHour) {
        const minutes = Math.max(1, Math.ceil(msUntilFree(hour!.oldest, HOUR_MS) / MINUTE_MS));
        throw tooManyRequests(
          COMPANIES_SERVER_MESSAGES.contactReadsLimited(limits.perHour, minutes),
        );
      }
      if (day!.count >= limits.perDay) {
        throw tooManyRequests(
          COMPANIES_SERVER_MESSAGES.contactReadsDailyLimited(
            limits.perDay,
            msUntilFree(day!.oldest, DAY_MS),
            limits.newAccount,
          ),
        );
      }
    }
    for (const key of keys) await recordEvent(tx, key);
  });
}

/** The viewer's access level, once the read is allowed (one read of the account for both). */
async function allowContactRead(deps: Deps, viewer: AuthUser): Promise<AccessLevel> {
  const facts = await viewerAccessFacts(deps, viewer);
  await requireContactReadAllowance(deps, viewer, facts);
  return facts.verifiedAccess ? 'full' : 'limited';
}

export async function listCompanyContacts(
  deps: Deps,
  viewer: AuthUser,
  id: string,
): Promise<CompanyContactsResponse> {
  // An unknown company is a 404, not a contact read.
  const company = await requireCompany(deps, id);
  const access = await allowContactRead(deps, viewer);
  const rows = await listContactsOfCompany(
    deps.db,
    company.id,
    COMPANY_LIMITS.contactsPerCompanyMax,
  );
  return { data: rows.map((row) => toContact(row, access)), access };
}

export async function searchContacts(
  deps: Deps,
  viewer: AuthUser,
  query: ContactSearchQuery,
): Promise<ContactSearchResponse> {
  const access = await allowContactRead(deps, viewer);
  const filter = { q: query.q, type: query.type };
  const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const counted = await countContactsCapped(deps.db, filter, COMPANY_LIMITS.totalCap);
  const { total, capped } = fromCappedCount(counted);
  const rows =
    window.offset < counted
      ? await searchContactRows(deps.db, filter, window, COMPANY_LIMITS.totalCap)
      : [];
  return {
    data: rows.map(({ contact, company }) => ({
      ...toContact(contact, access),
      company: toCompany(company),
    })),
    pagination: paginate(query.page, query.limit, total, capped, COMPANY_LIMITS.totalCap),
    access,
  };
}
