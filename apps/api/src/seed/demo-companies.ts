import type { CompanyType } from '@trustlinks/contract/companies';
import type { CsvRecord } from '../modules/companies/csv';
import { IMPORT_COLUMNS, runImport } from '../modules/companies/company-import.service';
import { markIdentityVerified } from '../modules/identity/identity.repository';
import { identityOf } from '../modules/identity/identity.normal-form';
import { findUserByEmail } from '../modules/users/users.repository';
import { seededRandom } from '../lib/seeded-random';
import type { SeedStep } from './run';

/**
 * The demo company database: a few hundred made-up companies of all three types with one to four
 * contacts each, generated from a fixed seed (same data on every machine). Every website and
 * email is on the reserved `.example` domain and every phone number is in a range set aside for
 * fiction, so no real company or person appears. Loaded through the CSV import's own code.
 */

const COMPANY_COUNTS: Record<CompanyType, number> = {
  Advertiser: 110,
  Affiliate: 120,
  Network: 90,
};

/** A demo login that shows the "Verified Access" state (the others show "Limited Access"). */
export const DEMO_VERIFIED_USER = {
  email: 'daniel.okafor@demo.trustlinks.test',
  businessEmail: 'daniel.okafor@northwind-media.example',
};

/** 'a|b|c' → ['a', 'b', 'c']: long word lists stay readable. */
const words = (list: string): readonly string[] => list.split('|');

const PREFIXES = words(
  'Apex|Atlas|Aurora|Beacon|Blue Harbor|Bright|Cedar|Clearwater|Coral|Crest|Ember|Evergreen|Fable|Golden Gate|Granite|Harbor|Horizon|Ivory|Juniper|Keystone|Kindred|Lark|Lumen|Maple|Meadow|Meridian|Northwind|Nova|Oakridge|Orchid|Pacific|Peak|Pinecrest|Prime|Quill|Redwood|Riverstone|Sage|Silverline|Solace|Summit|Swift|Terra|Tidewater|Urban|Vela|Vista|Willow|Zenith|Starling',
);

const SUFFIXES: Record<CompanyType, readonly string[]> = {
  Advertiser: words(
    'Health|Finance|Wellness|Nutrition|Skincare|Insurance|Lending|Travel|Fitness|Learning|Home Solar|Pet Supply|Games|Supplements|Dating',
  ),
  Affiliate: words(
    'Media|Digital|Publishing|Traffic|Performance|Reviews|Deals|Content Co.|Social|Search Partners|Native Ads|Coupons',
  ),
  Network: words(
    'Affiliate Network|Ads|Partners|CPA Network|Performance Network|Lead Exchange|Media Network|Rev Network',
  ),
};

const FIRST_NAMES = words(
  'Ana|Liam|Priya|Kenji|Fatima|Lucas|Sofia|Mateo|Chloe|Noah|Amara|Hiro|Elena|Omar|Grace|Ivan|Zara|Diego|Mei|Jonas|Leila|Tomas|Nadia|Arjun|Hannah|Kwame|Isabel|Yusuf|Clara|Ravi|Freya|Marco',
);
const LAST_NAMES = words(
  'Silva|Chen|Novak|Mensah|Rossi|Kowalski|Haddad|Nakamura|Johansson|Garcia|Dubois|Ivanova|O’Brien|Costa|Fischer|Reyes|Lindqvist|Abara|Sato|Kaur|Moreau|Petrov|Adeyemi|Laine|Varga|Bianchi|Romero|Hughes|Tanaka|Byrne|Osei|Weber',
);
const DESIGNATIONS: Record<CompanyType, readonly string[]> = {
  Advertiser: words(
    'Head of Affiliate Marketing|Affiliate Program Manager|Partnerships Director|Chief Marketing Officer|Performance Marketing Lead|Growth Manager',
  ),
  Affiliate: words('Founder|Media Buyer|Head of Traffic|SEO Lead|Business Development Manager|CEO'),
  Network: words(
    'Affiliate Manager|Head of Publisher Relations|Advertiser Account Manager|Compliance Manager|VP Partnerships|CEO',
  ),
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '');

/** Fictional numbers: UK 020 7946 0xxx (Ofcom drama range), US 555-01xx, AU (02) 5550 xxxx. */
function fictionalPhone(next: () => number): string {
  const n = Math.floor(next() * 100);
  const pick = next();
  if (pick < 0.4) return `+44 20 7946 0${String(n * 9 + 100).padStart(3, '0')}`;
  if (pick < 0.8) return `+1 202 555 01${String(n).padStart(2, '0')}`;
  return `+61 2 5550 ${String(1000 + n * 37).padStart(4, '0')}`;
}

/** The demo rows in the import's own CSV shape (header first), so they take the import's path. */
export function demoCompanyRecords(): CsvRecord[] {
  const next = seededRandom(20_240_611);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const records: CsvRecord[] = [{ line: 1, fields: [...IMPORT_COLUMNS] }];
  const used = new Set<string>();
  for (const type of Object.keys(COMPANY_COUNTS) as CompanyType[]) {
    let made = 0;
    while (made < COMPANY_COUNTS[type]) {
      const name = `${pick(PREFIXES)} ${pick(SUFFIXES[type])}`;
      if (used.has(name)) continue;
      used.add(name);
      made += 1;
      const domain = `${slug(name)}.example`;
      // A few companies have no website (they are keyed by name on re-import).
      const website = next() < 0.06 ? '' : `https://www.${domain}`;
      const contactCount = 1 + Math.floor(next() * 4);
      const people = new Set<string>();
      for (let i = 0; i < contactCount; i++) {
        const first = pick(FIRST_NAMES);
        const last = pick(LAST_NAMES);
        if (people.has(`${first} ${last}`)) continue;
        people.add(`${first} ${last}`);
        const details = next();
        // Most contacts have both; some only one; a few none ("No contact details available").
        const email = website && details > 0.12 ? `${slug(first)}.${slug(last)}@${domain}` : '';
        const phone = details < 0.12 || details > 0.35 ? fictionalPhone(next) : '';
        const fields: Record<string, string> = {
          company_name: name,
          website,
          entity_type: type,
          full_name: '',
          first_name: first,
          last_name: last,
          designation: pick(DESIGNATIONS[type]),
          email: details > 0.97 ? '' : email,
          phone: details > 0.97 ? '' : phone,
        };
        records.push({
          line: records.length + 1,
          fields: IMPORT_COLUMNS.map((c) => fields[c] ?? ''),
        });
      }
    }
  }
  return records;
}

export const demoCompaniesStep: SeedStep = {
  name: 'demo-companies',
  async run({ tx }) {
    const records = demoCompanyRecords();
    const result = await runImport(tx, () => records);
    if (!result.written) {
      throw new Error(`demo companies rejected: ${JSON.stringify(result.rejected.slice(0, 3))}`);
    }
    const daniel = await findUserByEmail(tx, DEMO_VERIFIED_USER.email);
    if (daniel) {
      await markIdentityVerified(
        tx,
        daniel.id,
        'business_email',
        identityOf('business_email', DEMO_VERIFIED_USER.businessEmail),
      );
    }
  },
};
