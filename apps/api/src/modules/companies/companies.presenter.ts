import type {
  AccessLevel,
  Company,
  CompanyDetail,
  CompanyType,
  CompanyTeaser,
  Contact,
} from '@trustlinks/contract/companies';
import type { AffiliateCompanyContactRow, AffiliateCompanyRow } from '../../db/schema';

export function toCompany(row: AffiliateCompanyRow): Company {
  return {
    affliate_id: row.id,
    company_name: row.companyName,
    website: row.website,
    entity_type: row.entityType as CompanyType,
  };
}

/** The visitors' teaser row: built field by field, so no other column can slip in (decision 053). */
export function toCompanyTeaser(row: AffiliateCompanyRow): CompanyTeaser {
  return {
    company_name: row.companyName,
    website: row.website,
    entity_type: row.entityType as CompanyType,
  };
}

export function toCompanyDetail(row: AffiliateCompanyRow, contactCount: number): CompanyDetail {
  return {
    ...toCompany(row),
    contact_count: contactCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A contact as this viewer may see it (docs/product/states.md, docs/product/roles.md). Limited access builds the object without
 * email and phone, so the keys are absent from the response, not merely empty.
 */
export function toContact(row: AffiliateCompanyContactRow, access: AccessLevel): Contact {
  const limited: Contact = {
    contact_id: row.id,
    full_name: row.fullName,
    first_name: row.firstName,
    last_name: row.lastName,
    designation: row.designation,
  };
  if (access !== 'full') return limited;
  return { ...limited, email: row.email, phone: row.phone };
}
