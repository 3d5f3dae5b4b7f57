import { eq, sql, type SQL } from 'drizzle-orm';
import type { CompanyType } from '@trustlinks/contract/companies';
import { affiliateCompanies as companies } from '../../db/schema';

// The company list's order and filters, shared by the list's statements
// (companies.repository.ts) and the split substring search's (company-split-search.repository.ts).

/**
 * The list order: the name without regard to case, in byte order, then the id (the sort indexes
 * are built on exactly this expression).
 */
export const sortName = sql`lower(${companies.companyName}) COLLATE "C"`;

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
export function typeCondition(filter: { type?: CompanyType | undefined }): SQL | undefined {
  return filter.type ? eq(companies.entityType, filter.type) : undefined;
}

export interface PageWindow {
  limit: number;
  offset: number;
}
