import { z } from 'zod';
import {
  COMPANY_LIMITS,
  parseCompanyType,
  type CompanyType,
  type ImportRejection,
  type ImportReport,
} from '@trustlinks/contract/companies';
import { COMPANY_TYPES } from '@trustlinks/contract/constants';
import type { Db, DbOrTx } from '../../db/client';
import type { CsvRecord } from './csv';
import {
  upsertCompanies,
  upsertContacts,
  type CompanyUpsert,
  type ContactUpsert,
} from './company-import.repository';

/** A row's contact columns (a row with none of them filled is a company alone). */
const CONTACT_COLUMNS = [
  'full_name',
  'first_name',
  'last_name',
  'designation',
  'email',
  'phone',
] as const;

/**
 * The company import (CSV file, admin upload and demo seed share it). One row is a company plus,
 * optionally, one of its contacts; a company with several contacts takes several rows that repeat
 * the company columns. Re-importing updates by key and never duplicates; it never deletes.
 * The header is documented in apps/api/README.md ("Company database import").
 */
export const IMPORT_COLUMNS = [
  'company_name',
  'website',
  'entity_type',
  ...CONTACT_COLUMNS,
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['company_name', 'entity_type'];

/** Rows per INSERT … ON CONFLICT statement (well under PostgreSQL's 65,535 parameters). */
const BATCH_SIZE = 500;

/** The file cannot be read as an import at all (no header, unknown columns). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export interface ImportOptions {
  /** Import the valid rows and report the rejected ones; default all or nothing. */
  skipInvalid?: boolean;
  /** Check every row, write nothing. */
  dryRun?: boolean;
}

export interface ImportResult extends ImportReport {
  /** False when rows were rejected and nothing was written (all or nothing), or on a dry run. */
  written: boolean;
}

/** A source can be read twice (validate everything first, then write). */
export type RecordSource = () => AsyncIterable<CsvRecord> | Iterable<CsvRecord>;

interface ValidRow {
  line: number;
  company: CompanyUpsert;
  contact: Omit<ContactUpsert, 'companyId'> | null;
}

const emailFormat = z.email();
const PHONE = /^\+?[\d\s().-]{5,40}$/;
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function collapse(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** https://www.Example.com/ → { url: 'https://www.example.com', host: 'example.com' }. */
export function normalizeWebsite(raw: string): { url: string; host: string } | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)) {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return {
    url: `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`,
    host: host.replace(/^www\./, ''),
  };
}

function companyKeyOf(name: string, websiteHost: string | null): string {
  return websiteHost ?? `name:${collapse(name).toLowerCase()}`;
}

/** Checks one row; all of its problems at once, so a person can fix the row in one go. */
function validateRow(
  line: number,
  get: (column: ImportColumn) => string,
): { ok: true; row: ValidRow } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const text = (column: ImportColumn, max: number): string | null => {
    const value = collapse(get(column));
    if (!value) return null;
    if (CONTROL.test(value)) errors.push(`${column} contains control characters`);
    if (value.length > max) errors.push(`${column} must be at most ${max} characters`);
    return value;
  };

  const companyName = text('company_name', COMPANY_LIMITS.nameMax);
  if (!companyName) errors.push('company_name is required');

  const typeRaw = collapse(get('entity_type'));
  let entityType: CompanyType | undefined;
  if (!typeRaw) errors.push('entity_type is required');
  else {
    entityType = parseCompanyType(typeRaw);
    if (!entityType) {
      errors.push(`entity_type must be one of ${COMPANY_TYPES.join(', ')} (got "${typeRaw}")`);
    }
  }

  const websiteRaw = get('website').trim();
  let website: { url: string; host: string } | null = null;
  if (websiteRaw) {
    website = websiteRaw.length > COMPANY_LIMITS.websiteMax ? null : normalizeWebsite(websiteRaw);
    if (!website) errors.push(`website is not a valid http(s) address (got "${websiteRaw}")`);
  }

  let contact: ValidRow['contact'] = null;
  if (CONTACT_COLUMNS.some((c) => get(c).trim() !== '')) {
    const firstName = text('first_name', COMPANY_LIMITS.nameMax);
    const lastName = text('last_name', COMPANY_LIMITS.nameMax);
    const fullName =
      text('full_name', COMPANY_LIMITS.nameMax) ??
      (collapse(`${firstName ?? ''} ${lastName ?? ''}`) || null);
    const designation = text('designation', COMPANY_LIMITS.designationMax);
    const emailRaw = get('email').trim().toLowerCase();
    let email: string | null = null;
    if (emailRaw) {
      if (emailRaw.length > COMPANY_LIMITS.emailMax || !emailFormat.safeParse(emailRaw).success) {
        errors.push(`email is not a valid email address (got "${emailRaw}")`);
      } else email = emailRaw;
    }
    const phoneRaw = collapse(get('phone'));
    let phone: string | null = null;
    if (phoneRaw) {
      if (!PHONE.test(phoneRaw) || phoneRaw.replace(/\D/g, '').length < 5) {
        errors.push(
          `phone may contain digits, spaces and + ( ) - . only, at least 5 digits (got "${phoneRaw}")`,
        );
      } else phone = phoneRaw;
    }
    if (!fullName) errors.push('a contact needs full_name, or first_name and last_name');
    if (fullName) {
      contact = {
        contactKey: email ?? `name:${fullName.toLowerCase()}`,
        fullName,
        firstName,
        lastName,
        designation,
        email,
        phone,
      };
    }
  }

  if (errors.length > 0 || !companyName || !entityType) return { ok: false, errors };
  return {
    ok: true,
    row: {
      line,
      company: {
        companyKey: companyKeyOf(companyName, website?.host ?? null),
        companyName,
        website: website?.url ?? null,
        entityType,
      },
      contact,
    },
  };
}

type Getter = (column: ImportColumn) => string;

/** Reads the header (first record) and returns how to read a column of the following records. */
function readHeader(record: CsvRecord | undefined): (fields: string[]) => Getter {
  if (!record) throw new ImportFileError('The file is empty: expected a header line first.');
  if (record.error) throw new ImportFileError(`line ${record.line}: ${record.error}`);
  const names = record.fields.map((f) => f.trim().toLowerCase());
  const unknown = names.filter((n) => n && !(IMPORT_COLUMNS as readonly string[]).includes(n));
  const duplicate = names.filter((n, i) => n && names.indexOf(n) !== i);
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  const problems: string[] = [];
  if (unknown.length) problems.push(`unknown column(s) ${unknown.map((n) => `"${n}"`).join(', ')}`);
  if (duplicate.length) problems.push(`repeated column(s) ${duplicate.join(', ')}`);
  if (missing.length) problems.push(`missing required column(s) ${missing.join(', ')}`);
  if (problems.length) {
    throw new ImportFileError(
      `line ${record.line} (header): ${problems.join('; ')}. Expected columns: ${IMPORT_COLUMNS.join(',')}`,
    );
  }
  const index = new Map(IMPORT_COLUMNS.map((c) => [c, names.indexOf(c)]));
  return (fields) => (column) => {
    const i = index.get(column) ?? -1;
    return i >= 0 ? (fields[i] ?? '') : '';
  };
}

interface Checked {
  line: number;
  result: ReturnType<typeof validateRow>;
}

/** Every data record of the source, checked, with the header applied. */
async function* checkedRows(source: RecordSource): AsyncGenerator<Checked> {
  let getterFor: ((fields: string[]) => Getter) | undefined;
  let width = 0;
  for await (const record of source()) {
    if (!getterFor) {
      getterFor = readHeader(record);
      width = record.fields.length;
      continue;
    }
    if (record.error) {
      yield { line: record.line, result: { ok: false, errors: [record.error] } };
      continue;
    }
    const extra = record.fields.slice(width).filter((f) => f.trim() !== '');
    if (extra.length > 0) {
      yield {
        line: record.line,
        result: {
          ok: false,
          errors: [`has ${record.fields.length} fields but the header has ${width}`],
        },
      };
      continue;
    }
    yield { line: record.line, result: validateRow(record.line, getterFor(record.fields)) };
  }
  if (!getterFor) readHeader(undefined);
}

/**
 * Validates every row first; then, unless rows were rejected (and skipInvalid is off) or it is a
 * dry run, writes in batches. Run it inside a transaction (importCompanies does) so a failure
 * leaves nothing half-written.
 */
export async function runImport(
  db: DbOrTx,
  source: RecordSource,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const rejected: ImportRejection[] = [];
  const rejectedLines = new Set<number>();
  // Pass 1: row rules, plus agreement between rows of the same company and no repeated contact.
  const firstSeen = new Map<string, { line: number; signature: string }>();
  const contactsSeen = new Map<string, number>();
  let rows = 0;
  for await (const { line, result } of checkedRows(source)) {
    rows += 1;
    if (!result.ok) {
      rejected.push({ line, errors: result.errors });
      rejectedLines.add(line);
      continue;
    }
    const { company, contact } = result.row;
    const errors: string[] = [];
    const signature = [company.companyName, company.entityType, company.website].join('\u0000');
    const seen = firstSeen.get(company.companyKey);
    if (!seen) firstSeen.set(company.companyKey, { line, signature });
    else if (seen.signature !== signature) {
      errors.push(
        `the same company as line ${seen.line} (${company.website ?? company.companyName}) is given a different company_name, entity_type or website`,
      );
    }
    if (contact) {
      const key = `${company.companyKey}\u0000${contact.contactKey}`;
      const earlier = contactsSeen.get(key);
      if (earlier !== undefined) {
        errors.push(`repeats the contact of line ${earlier} (same company and same email or name)`);
      } else contactsSeen.set(key, line);
    }
    if (errors.length > 0) {
      rejected.push({ line, errors });
      rejectedLines.add(line);
    }
  }
  contactsSeen.clear();

  const report: ImportResult = {
    rows,
    companies: { created: 0, updated: 0, unchanged: 0 },
    contacts: { created: 0, updated: 0, unchanged: 0 },
    rejected,
    written: false,
  };
  if (options.dryRun || (rejected.length > 0 && !options.skipInvalid)) return report;

  // Pass 2: write the accepted rows in batches.
  const companiesCounted = new Set<string>();
  let batch: ValidRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const byKey = new Map<string, CompanyUpsert>();
    for (const r of batch) byKey.set(r.company.companyKey, r.company);
    const fresh = [...byKey.keys()].filter((k) => !companiesCounted.has(k));
    const outcome = await upsertCompanies(db, [...byKey.values()]);
    // A company spread over several batches counts once: rows of one company agree (pass 1), so
    // only its first batch can create or change it.
    report.companies.created += outcome.created;
    report.companies.updated += outcome.updated;
    report.companies.unchanged += fresh.length - outcome.created - outcome.updated;
    for (const k of fresh) companiesCounted.add(k);

    const contactRows: ContactUpsert[] = [];
    for (const r of batch) {
      if (!r.contact) continue;
      const companyId = outcome.ids.get(r.company.companyKey);
      if (!companyId) throw new Error(`company ${r.company.companyKey} was not written`);
      contactRows.push({ ...r.contact, companyId });
    }
    const written = await upsertContacts(db, contactRows);
    report.contacts.created += written.created;
    report.contacts.updated += written.updated;
    report.contacts.unchanged += contactRows.length - written.created - written.updated;
    batch = [];
  };
  for await (const { line, result } of checkedRows(source)) {
    if (!result.ok || rejectedLines.has(line)) continue;
    batch.push(result.row);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
  report.written = true;
  return report;
}

/** runImport in its own transaction: all of it is written, or none of it. */
export async function importCompanies(
  db: Db,
  source: RecordSource,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return db.transaction((tx) => runImport(tx, source, options));
}
