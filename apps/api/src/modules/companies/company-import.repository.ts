import { inArray, sql } from 'drizzle-orm';
import type { CompanyType } from '@trustlinks/contract/companies';
import type { DbOrTx } from '../../db/client';
import {
  affiliateCompanies as companies,
  affiliateCompanyContacts as contacts,
} from '../../db/schema';

// The import's writes (company-import.service.ts): companies and contacts upserted by their keys.

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
