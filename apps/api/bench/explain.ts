// EXPLAIN (ANALYZE, BUFFERS) of the statements the benchmarked endpoints run: each case's
// service function is called once on a database whose logger records every statement, and the
// recorded statements are explained with their parameters. PostgreSQL only.
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { companyListQuerySchema } from '@trustlinks/contract/companies';
import { offersQuerySchema } from '@trustlinks/contract/offers';
import { entityReviewsQuerySchema } from '@trustlinks/contract/reviews';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import type { Deps } from '../src/lib/deps';
import type { AuthUser } from '../src/auth/sessions.service';
import { listCompanies } from '../src/modules/companies/companies.service';
import { listOffers } from '../src/modules/offers/offers.service';
import { listEntityReviews } from '../src/modules/reviews/reviews.service';

class Recorder implements Logger {
  statements: { sql: string; params: unknown[] }[] = [];
  logQuery(sql: string, params: unknown[]) {
    this.statements.push({ sql, params });
  }
}

export interface ExplainInput {
  title: string;
  companySearch: string;
  hotEntityId: string;
}

export async function explainCases(databaseUrl: string, input: ExplainInput): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const recorder = new Recorder();
  const db = drizzle(pool, { schema, logger: recorder }) as unknown as Db;
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const deps = { db, config, log: console, wakeMailer: () => {} } as unknown as Deps;
  const viewer: AuthUser = {
    id: '00000000-0000-4000-8000-000000000000',
    email: 'bench@bench.example',
    role: 'user',
    entityId: null,
    entityStatus: null,
    firstName: 'Bench',
    lastName: 'Viewer',
    passwordResetRequired: false,
  };
  const cases: [string, () => Promise<unknown>][] = [
    ['offers-list', () => listOffers(deps, offersQuerySchema.parse({}))],
    ['offers-title', () => listOffers(deps, offersQuerySchema.parse({ title: input.title }))],
    [
      'offers-geo-category',
      () => listOffers(deps, offersQuerySchema.parse({ geo: 'US', category: 'Nutra' })),
    ],
    [
      'companies-search',
      () =>
        listCompanies(deps, viewer, companyListQuerySchema.parse({ search: input.companySearch })),
    ],
    [
      'reviews-hot-entity',
      () => {
        const q = entityReviewsQuerySchema.parse({});
        return listEntityReviews(deps, null, input.hotEntityId, q.page, q.limit);
      },
    ],
  ];
  try {
    for (const [name, run] of cases) {
      recorder.statements = [];
      await run();
      const statements = recorder.statements;
      recorder.statements = [];
      for (const [i, s] of statements.entries()) {
        // A planner estimate the endpoint asks for is shown as it is (it reads no rows).
        const prefix = /^\s*explain/i.test(s.sql) ? '' : 'EXPLAIN (ANALYZE, BUFFERS) ';
        const plan = await pool.query(`${prefix}${s.sql}`, s.params);
        console.log(`\n-- ${name}, statement ${i + 1} of ${statements.length}`);
        console.log(`   ${s.sql}`);
        if (s.params.length) console.log(`   params: ${JSON.stringify(s.params)}`);
        for (const row of plan.rows as Record<string, unknown>[]) {
          const cell = Object.values(row)[0];
          console.log(`   ${typeof cell === 'string' ? cell : JSON.stringify(cell)}`);
        }
      }
    }
  } finally {
    await pool.end();
  }
}
