// Measures the company endpoints on a large table (docs/decisions/007-company-totals.md).
// Needs PostgreSQL; it fills the database it is given, so use a throwaway one:
//   cd apps/api && ../../scripts/with-postgres.sh npx tsx bench/companies-measure.ts [rows]
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { companyListQuerySchema, contactSearchQuerySchema } from '@trustlinks/contract/companies';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { toAuthUser } from '../src/auth/sessions.service';
import type { Deps } from '../src/lib/deps';
import { insertUser } from '../src/modules/users/users.repository';
import {
  companyListQuery,
  companyTrigramQuery,
  companyWalkQuery,
} from '../src/modules/companies/companies.repository';
import { nameSearchKind } from '../src/modules/companies/companies.sql';
import { listCompanies, searchContacts } from '../src/modules/companies/companies.service';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = 30;

const PREFIXES =
  `Apex Atlas Aurora Beacon Bright Cedar Clearwater Coral Crest Ember Evergreen Fable Granite
Harbor Horizon Ivory Juniper Keystone Kindred Lark Lumen Maple Meadow Meridian Northwind Nova Oakridge Orchid
Pacific Peak Pinecrest Prime Quill Redwood Riverstone Sage Silverline Solace Summit Swift Terra Tidewater Urban
Vela Vista Willow Zenith Starling Cobalt Falcon Gemini Halo Indigo Jade Kestrel Lotus Mosaic Nimbus Onyx Pixel
Quasar Radiant Sierra Topaz Umber Vertex Wander Xenon Yonder Zephyr`.split(/\s+/);
const SUFFIXES =
  `Media Digital Publishing Traffic Performance Reviews Deals Social Ads Partners Network Health
Finance Wellness Nutrition Insurance Lending Travel Fitness Learning Games Labs Ventures Studios Marketing
Commerce Solutions Group Holdings Interactive`.split(/\s+/);

const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;

async function fill(q: (sql: string) => Promise<unknown>) {
  let t = performance.now();
  // Names like "Harbor Quasar Media 48213": two words from lists, a syllable pair, a number.
  await q(`
    INSERT INTO affiliate_companies (company_name, website, entity_type, company_key)
    SELECT name, 'https://' || lower(replace(name, ' ', '')) || '.example',
           (ARRAY['Advertiser','Affiliate','Network'])[1 + g % 3], 'bench-' || g
    FROM (
      SELECT g,
        (${sqlArray(PREFIXES)})[1 + (g::bigint * 7919) % ${PREFIXES.length}] || ' ' ||
        initcap(substr(md5(g::text), 1, 2) || (ARRAY['ra','lo','mi','ne','tu','ka','so','vi'])[1 + g % 8]) || ' ' ||
        (${sqlArray(SUFFIXES)})[1 + (g::bigint * 104729) % ${SUFFIXES.length}] || ' ' || (g % 100000) AS name
      FROM generate_series(1, ${ROWS}) g
    ) s`);
  await q(`
    INSERT INTO affiliate_company_contacts (company_id, contact_key, full_name, designation, email, phone)
    SELECT c.id, 'k' || n, (ARRAY['Ana','Liam','Priya','Kenji','Omar','Grace'])[1 + abs(hashtext(c.id::text || n)) % 6] || ' ' ||
           initcap(substr(md5(c.id::text || n), 1, 6)), 'Affiliate Manager',
           'contact' || n || '@x.example', '+1 202 555 0100'
    FROM affiliate_companies c, generate_series(1, 2) n`);
  console.log(
    `filled ${ROWS} companies (+ 2 contacts each) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  t = performance.now();
  await q('VACUUM ANALYZE affiliate_companies');
  await q('VACUUM ANALYZE affiliate_company_contacts');
  console.log(`vacuum analyze ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  if (!config.DATABASE_URL) throw new Error('Set DATABASE_URL (scripts/with-postgres.sh does).');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 4 });
  await migrate(database);
  const q = database.query;

  const [{ n }] = (await q('SELECT count(*)::int AS n FROM affiliate_companies')).rows as [
    { n: number },
  ];
  // A database filled by an earlier run is measured again as it is.
  if (n < ROWS) await fill(q);
  await q(`DELETE FROM users WHERE email = 'bench@x.example'`);
  const user = await insertUser(database.db, {
    email: 'bench@x.example',
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
    identityVerified: true,
  });
  const viewer = toAuthUser(user!);
  const deps = { db: database.db, config, log: console, wakeMailer: () => {} } as unknown as Deps;
  const cases: [string, 'list' | 'contacts', Record<string, string>][] = [
    ['list, no filter', 'list', {}],
    ['list, type=Network', 'list', { type: 'Network' }],
    ['list, page 500 (deepest)', 'list', { page: '500' }],
    ['search "media" (very common)', 'list', { search: 'media' }],
    ['search "media", page 50 (deepest)', 'list', { search: 'media', page: '50' }],
    ['search "harbor" (common word)', 'list', { search: 'harbor' }],
    ['search "harbor" + type', 'list', { search: 'harbor', type: 'Affiliate' }],
    ['search "quasar media"', 'list', { search: 'quasar media' }],
    ['search "4821" (digits)', 'list', { search: '4821' }],
    ['search "zzqx" (no match)', 'list', { search: 'zzqx' }],
    ['search "st" (prefix)', 'list', { search: 'st' }],
    ['search "q" (prefix)', 'list', { search: 'q' }],
    ['search "q" (prefix), page 50', 'list', { search: 'q', page: '50' }],
    ['contacts search "grace" (1 in 6)', 'contacts', { q: 'grace' }],
    ['contacts search "manager" (all)', 'contacts', { q: 'manager' }],
    ['contacts search "a1b2c" (rare)', 'contacts', { q: 'a1b2c' }],
  ];
  // The service calls the endpoints make (validation included; HTTP adds well under 1 ms).
  console.log(`\n${'case'.padEnd(34)} ${'median'.padStart(8)} ${'p95'.padStart(8)}  total`);
  const slow: [string, Record<string, string>][] = [];
  for (const [name, kind, query] of cases) {
    const times: number[] = [];
    let total = '';
    for (let i = 0; i < RUNS; i++) {
      // The contact-read allowance would stop the contacts case; reset it between runs.
      await q(`DELETE FROM rate_limit_events`);
      const start = performance.now();
      const { pagination: p } =
        kind === 'list'
          ? await listCompanies(deps, viewer, companyListQuerySchema.parse(query))
          : await searchContacts(deps, viewer, contactSearchQuerySchema.parse(query));
      times.push(performance.now() - start);
      total = `${p.total}${p.totalIsCapped ? '+' : ''}`;
    }
    times.sort((a, b) => a - b);
    const at = (f: number) =>
      times[Math.min(times.length - 1, Math.floor(f * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(34)} ${at(0.5).padStart(6)}ms ${at(0.95).padStart(6)}ms  ${total}`);
    if (kind === 'list' && Number(at(0.5)) > 10) slow.push([name, query]);
  }
  for (const [name, query] of slow) {
    const parsed = companyListQuerySchema.parse(query);
    const filter = { type: parsed.type, search: parsed.search, substringMinLength: 3 };
    const page = { limit: parsed.limit, offset: (parsed.page - 1) * parsed.limit };
    const plans: [string, { getSQL: () => unknown }][] =
      nameSearchKind(filter) === 'substring'
        ? [
            ['walk', companyWalkQuery(database.db, filter, page)],
            ['trigram', companyTrigramQuery(database.db, filter, page)],
          ]
        : [['index', companyListQuery(database.db, filter, page)]];
    for (const [label, statement] of plans) {
      const plan = await database.db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement as never}`);
      const lines = (plan as unknown as { rows: Record<string, string>[] }).rows;
      console.log(
        `\n${name} (${label}):\n${lines.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`,
      );
    }
  }
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
