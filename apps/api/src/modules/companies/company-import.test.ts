import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers';
import { adminHeader, authHeader, buildUser } from '../../../test/factories';
import {
  affiliateCompanies,
  affiliateCompanyContacts,
  affiliateCompanyCounts,
} from '../../db/schema';
import { demoCompaniesStep, demoCompanyRecords } from '../../seed/demo-companies';
import { COMPANIES_SERVER_MESSAGES } from './companies.messages';
import {
  IMPORT_COLUMNS,
  ImportFileError,
  importCompanies,
  normalizeWebsite,
} from './company-import.service';
import type { CsvRecord } from './csv';
import { parseCsv } from './csv';
import { runImportCli } from './import-cli';

const ctx = useTestApp();
const { db } = ctx;
beforeEach(async () => {
  await ctx.database.query('DELETE FROM affiliate_companies');
});

const csv =
  (...lines: string[]) =>
  () =>
    parseCsv(lines.join('\n'));
const HEADER =
  'company_name,website,entity_type,full_name,first_name,last_name,designation,email,phone';
const EXAMPLE = path.join(import.meta.dirname, 'companies.example.csv');

async function snapshot() {
  const companies = await db()
    .select()
    .from(affiliateCompanies)
    .orderBy(asc(affiliateCompanies.companyName));
  const contacts = await db()
    .select()
    .from(affiliateCompanyContacts)
    .orderBy(asc(affiliateCompanyContacts.fullName));
  return { companies, contacts };
}

async function counters() {
  const rows = await db().select().from(affiliateCompanyCounts);
  return Object.fromEntries(rows.map((r) => [r.entityType, r.total]));
}

async function exactCounts() {
  const rows = (
    await ctx.database.query(
      'SELECT entity_type, count(*)::int AS n FROM affiliate_companies GROUP BY entity_type',
    )
  ).rows as { entity_type: string; n: number }[];
  const out: Record<string, number> = { Advertiser: 0, Affiliate: 0, Network: 0 };
  for (const r of rows) out[r.entity_type] = r.n;
  return out;
}

describe('importing', () => {
  it('loads companies and contacts, normalising what people type', async () => {
    const result = await importCompanies(db(), () => parseCsv(fs.readFileSync(EXAMPLE, 'utf8')));
    expect(result).toMatchObject({
      rows: 6,
      written: true,
      rejected: [],
      companies: { created: 4, updated: 0, unchanged: 0 },
      contacts: { created: 5, updated: 0, unchanged: 0 },
    });
    const { companies, contacts } = await snapshot();
    expect(companies.map((c) => [c.companyName, c.website, c.entityType, c.companyKey])).toEqual([
      [
        'Harborline Health',
        'https://www.harborline-health.example',
        'Advertiser',
        'harborline-health.example',
      ],
      ['Orbit Lead Exchange', 'https://orbit-leads.example', 'Network', 'orbit-leads.example'],
      ['Pine & Pixel Coupons', null, 'Affiliate', 'name:pine & pixel coupons'],
      [
        'Quillstone Media',
        'https://quillstone-media.example',
        'Affiliate',
        'quillstone-media.example',
      ],
    ]);
    expect(contacts.find((c) => c.fullName === 'Nina Ferreira')).toMatchObject({
      firstName: 'Nina',
      lastName: 'Ferreira',
      email: 'nina.ferreira@harborline-health.example',
      phone: '+44 20 7946 0112',
    });
    expect(contacts.find((c) => c.fullName === 'Jamal Reid')).toMatchObject({
      designation: 'Compliance Manager, EMEA',
      email: null,
      contactKey: 'name:jamal reid',
    });
    expect(await counters()).toEqual(await exactCounts());
  });

  it('is idempotent: the same file again changes nothing and duplicates nothing', async () => {
    const source = () => parseCsv(fs.readFileSync(EXAMPLE, 'utf8'));
    await importCompanies(db(), source);
    const before = await snapshot();
    const again = await importCompanies(db(), source);
    expect(again).toMatchObject({
      companies: { created: 0, updated: 0, unchanged: 4 },
      contacts: { created: 0, updated: 0, unchanged: 5 },
    });
    expect(await snapshot()).toEqual(before); // not even updated_at moved
    expect(await counters()).toEqual({ Advertiser: 1, Affiliate: 2, Network: 1 });
  });

  it('updates changed rows by key on re-import and keeps the counters exact', async () => {
    await importCompanies(
      db(),
      csv(
        HEADER,
        'Acme,https://acme.example,Advertiser,Ann Lee,,,CEO,ann@acme.example,',
        'Beta,,Network,,,,,,',
      ),
    );
    const result = await importCompanies(
      db(),
      csv(
        HEADER,
        // Same website: renamed and retyped. Same email: new designation and phone.
        'Acme Group,http://www.ACME.example/,Affiliate,Ann Lee,,,Founder,ANN@acme.example,+1 202 555 0111',
        'Acme Group,http://www.ACME.example/,Affiliate,Raj Das,,,CTO,,',
        'beta ,,Network,,,,,,',
      ),
    );
    expect(result).toMatchObject({
      companies: { created: 0, updated: 2, unchanged: 0 },
      contacts: { created: 1, updated: 1, unchanged: 0 },
    });
    const { companies, contacts } = await snapshot();
    expect(companies.map((c) => [c.companyName, c.entityType, c.website])).toEqual([
      ['Acme Group', 'Affiliate', 'http://www.acme.example'],
      ['beta', 'Network', null],
    ]);
    expect(contacts.map((c) => [c.fullName, c.designation, c.phone])).toEqual([
      ['Ann Lee', 'Founder', '+1 202 555 0111'],
      ['Raj Das', 'CTO', null],
    ]);
    expect(await counters()).toEqual({ Advertiser: 0, Affiliate: 1, Network: 1 });
    expect(await counters()).toEqual(await exactCounts());
  });

  it('keeps the counters exact through deletes and cascades', async () => {
    await importCompanies(db(), csv(HEADER, 'A,,Network,X Y,,,,,', 'B,,Network,,,,,,'));
    await db().delete(affiliateCompanies).where(eq(affiliateCompanies.companyName, 'A'));
    expect(await counters()).toEqual({ Advertiser: 0, Affiliate: 0, Network: 1 });
    expect((await snapshot()).contacts).toEqual([]);
    await ctx.database.query('TRUNCATE affiliate_companies CASCADE');
    expect(await counters()).toEqual({ Advertiser: 0, Affiliate: 0, Network: 0 });
  });

  it('writes in batches and is still all or nothing (a failure midway leaves nothing)', async () => {
    const many: CsvRecord[] = [{ line: 1, fields: ['company_name', 'entity_type'] }];
    for (let i = 0; i < 1200; i++) many.push({ line: i + 2, fields: [`Co ${i}`, 'Affiliate'] });
    const ok = await importCompanies(db(), () => many);
    expect(ok.companies.created).toBe(1200);
    expect(await counters()).toMatchObject({ Affiliate: 1200 });
    await ctx.database.query('DELETE FROM affiliate_companies');

    let pass = 0;
    const failing = function* () {
      pass += 1;
      for (const [i, r] of many.entries()) {
        // Pass 2 (the writes) breaks after two batches are in.
        if (pass === 2 && i === 1100) throw new Error('disk on fire');
        yield r;
      }
    };
    await expect(importCompanies(db(), failing)).rejects.toThrow('disk on fire');
    expect((await snapshot()).companies).toEqual([]);
    expect(await counters()).toMatchObject({ Affiliate: 0 });
  });
});

describe('rejected rows', () => {
  const bad = csv(
    HEADER,
    'Good Co,good.example,Advertiser,,,,,,',
    ',,Advertiser,,,,,,',
    'No Type,,,,,,,,',
    'Bad Type,,Agency,,,,,,',
    '"Quoted',
    'name",ftp://files.example,Network,,,,,,',
    'Bad Contact,,Network,,,,CEO,not-an-email,call me',
    'Good Co,good.example,Network,,,,,,',
    'Dup,,Affiliate,Ann,,,,ann@dup.example,',
    'Dup,,Affiliate,Ann B,,,,ANN@dup.example,',
    'Too Many,,Affiliate,,,,,,,extra',
    'Ctrl\u0007Char,,Affiliate,,,,,,',
  );

  it('are reported with their line numbers, and nothing is written by default', async () => {
    const result = await importCompanies(db(), bad);
    expect(result.written).toBe(false);
    expect(result.rows).toBe(11);
    expect(result.rejected).toEqual([
      { line: 3, errors: ['company_name is required'] },
      { line: 4, errors: ['entity_type is required'] },
      {
        line: 5,
        errors: ['entity_type must be one of Advertiser, Affiliate, Network (got "Agency")'],
      },
      { line: 6, errors: ['website is not a valid http(s) address (got "ftp://files.example")'] },
      {
        line: 8,
        errors: [
          'email is not a valid email address (got "not-an-email")',
          'phone may contain digits, spaces and + ( ) - . only, at least 5 digits (got "call me")',
          'a contact needs full_name, or first_name and last_name',
        ],
      },
      {
        line: 9,
        errors: [
          'the same company as line 2 (https://good.example) is given a different company_name, entity_type or website',
        ],
      },
      {
        line: 11,
        errors: ['repeats the contact of line 10 (same company and same email or name)'],
      },
      { line: 12, errors: ['has 10 fields but the header has 9'] },
      { line: 13, errors: ['company_name contains control characters'] },
    ]);
    expect((await snapshot()).companies).toEqual([]);
  });

  it('with skipInvalid, the valid rows are imported and the others still reported', async () => {
    const result = await importCompanies(db(), bad, { skipInvalid: true });
    expect(result.written).toBe(true);
    expect(result.rejected).toHaveLength(9);
    expect((await snapshot()).companies.map((c) => c.companyName)).toEqual(['Dup', 'Good Co']);
    expect((await snapshot()).contacts.map((c) => c.fullName)).toEqual(['Ann']);
  });

  it('a dry run checks every row and writes nothing', async () => {
    const result = await importCompanies(db(), csv(HEADER, 'Fine,,Network,,,,,,'), {
      dryRun: true,
    });
    expect(result).toMatchObject({ rows: 1, written: false, rejected: [] });
    expect((await snapshot()).companies).toEqual([]);
  });

  it.each([
    [[''], /empty/],
    [['company_name,websitez,entity_type', 'A,,Network'], /unknown column\(s\) "websitez"/],
    [['company_name,website', 'A,'], /missing required column\(s\) entity_type/],
    [['company_name,entity_type,company_name'], /repeated column\(s\) company_name/],
  ])('an unusable header stops the whole file (%j)', async (lines, message) => {
    const run = importCompanies(db(), csv(...lines));
    await expect(run).rejects.toBeInstanceOf(ImportFileError);
    await expect(importCompanies(db(), csv(...lines))).rejects.toThrow(message);
  });

  it('accepts columns in any order, in any case, with the contact columns left out', async () => {
    const result = await importCompanies(db(), csv('Entity_Type,Company_Name', 'network,Solo'));
    expect(result.companies.created).toBe(1);
    expect((await snapshot()).companies[0]).toMatchObject({
      companyName: 'Solo',
      entityType: 'Network',
    });
  });
});

describe('normalizeWebsite', () => {
  it.each([
    ['example.com', 'https://example.com', 'example.com'],
    ['HTTPS://WWW.Example.com/', 'https://www.example.com', 'example.com'],
    [
      'http://shop.example.com/path/?ref=1',
      'http://shop.example.com/path?ref=1',
      'shop.example.com',
    ],
  ])('%s', (input, url, host) => {
    expect(normalizeWebsite(input)).toEqual({ url, host });
  });
  it.each([
    'ftp://x.example',
    'localhost',
    'https://user:pw@x.example',
    'not a url',
    'javascript:alert(1)',
  ])('refuses %s', (input) => {
    expect(normalizeWebsite(input)).toBeNull();
  });
});

describe('POST /api/admin/affiliate-companies/import', () => {
  const upload = async (payload: object, headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/affiliate-companies/import',
      payload,
      headers,
    });

  it('imports for admins and reports what happened', async () => {
    const headers = await adminHeader(db());
    const res = await upload({ csv: fs.readFileSync(EXAMPLE, 'utf8') }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: COMPANIES_SERVER_MESSAGES.imported,
      report: {
        rows: 6,
        companies: { created: 4, updated: 0, unchanged: 0 },
        contacts: { created: 5, updated: 0, unchanged: 0 },
        rejected: [],
      },
    });
  });

  it('refuses a file with rejected rows with 400, the lines in details, nothing written', async () => {
    const headers = await adminHeader(db());
    const res = await upload({ csv: `${HEADER}\nOk,,Network,,,,,,\nBad,,Agency,,,,,,` }, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: COMPANIES_SERVER_MESSAGES.importRejected(1),
      details: [
        {
          path: 'line 3',
          message: 'entity_type must be one of Advertiser, Affiliate, Network (got "Agency")',
        },
      ],
    });
    expect((await snapshot()).companies).toEqual([]);
    const skipped = await upload(
      { csv: `${HEADER}\nOk,,Network,,,,,,\nBad,,Agency,,,,,,`, skip_invalid: true },
      headers,
    );
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().report.rejected).toHaveLength(1);
    const header = await upload({ csv: 'name,type\nA,B' }, headers);
    expect(header.statusCode).toBe(400);
    expect(header.json().error).toMatch(/unknown column/);
    const empty = await upload({ csv: '' }, headers);
    expect(empty.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const role of ['user', 'advertiser', 'affiliate', 'network'] as const) {
      const headers = await authHeader(db(), await buildUser(db(), { role }));
      expect((await upload({ csv: `${HEADER}\nX,,Network,,,,,,` }, headers)).statusCode).toBe(403);
    }
    expect((await upload({ csv: `${HEADER}\nX,,Network,,,,,,` })).statusCode).toBe(401);
    expect((await snapshot()).companies).toEqual([]);
  });
});

describe('npm run import:companies', () => {
  it('imports a file into the configured database, reports rejected lines and exits non-zero', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-import-'));
    const env = { NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data'), INIT_CWD: dir };
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, `${HEADER}\nOk,,Network,,,,,,\nBad,,Agency,,,,,,\n`);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await runImportCli(['bad.csv'], env)).toBe(1);
      const out = log.mock.calls.flat().join('\n');
      expect(out).toContain('line 3: entity_type must be one of');
      expect(out).toContain('Nothing was imported.');

      expect(await runImportCli([EXAMPLE], env)).toBe(0);
      expect(log.mock.calls.flat().join('\n')).toContain(
        'Companies: 4 created, 0 updated, 0 unchanged.',
      );
      expect(await runImportCli([EXAMPLE], env)).toBe(0);
      expect(log.mock.calls.flat().join('\n')).toContain(
        'Companies: 0 created, 0 updated, 4 unchanged.',
      );

      expect(await runImportCli(['bad.csv', '--skip-invalid'], env)).toBe(0);
      expect(await runImportCli([], env)).toBe(2);
      expect(await runImportCli(['missing.csv'], env)).toBe(2);
      expect(await runImportCli(['bad.csv', '--force'], env)).toBe(2);
      expect(error.mock.calls.flat().join('\n')).toContain('No such file');
    } finally {
      log.mockRestore();
      error.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('demo companies (seed)', () => {
  it('are a few hundred valid, made-up companies of every type with 1–4 contacts', async () => {
    const records = demoCompanyRecords();
    expect(demoCompanyRecords()).toEqual(records); // deterministic
    expect(records[0]!.fields).toEqual([...IMPORT_COLUMNS]);
    const result = await importCompanies(db(), () => records, { dryRun: true });
    expect(result.rejected).toEqual([]);

    await db().transaction(async (tx) => {
      await demoCompaniesStep.run({
        tx,
        createAccount: async () => ({}) as never,
        printLogin: () => {},
      });
    });
    expect(await counters()).toEqual({ Advertiser: 110, Affiliate: 120, Network: 90 });
    const perCompany = (
      await ctx.database.query(
        `SELECT c.id, count(p.id)::int AS n FROM affiliate_companies c
         LEFT JOIN affiliate_company_contacts p ON p.company_id = c.id GROUP BY c.id`,
      )
    ).rows as { n: number }[];
    expect(Math.min(...perCompany.map((r) => r.n))).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perCompany.map((r) => r.n))).toBeLessThanOrEqual(4);
    const [{ bad }] = (
      await ctx.database.query(
        `SELECT count(*)::int AS bad FROM affiliate_company_contacts
         WHERE email IS NOT NULL AND email NOT LIKE '%.example'`,
      )
    ).rows as [{ bad: number }];
    expect(bad).toBe(0);
    const [{ sites }] = (
      await ctx.database.query(
        `SELECT count(*)::int AS sites FROM affiliate_companies
         WHERE website IS NOT NULL AND website NOT LIKE 'https://www.%.example'`,
      )
    ).rows as [{ sites: number }];
    expect(sites).toBe(0);
    // Running it again changes nothing.
    const again = await importCompanies(db(), () => records);
    expect(again.companies).toEqual({ created: 0, updated: 0, unchanged: 320 });
  });
});
