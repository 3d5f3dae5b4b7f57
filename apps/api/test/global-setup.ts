// Migrates one template database per test run; every test file then starts from a copy of it
// (PGlite: a data-folder dump; PostgreSQL: CREATE DATABASE … TEMPLATE …).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    pgTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `trustlinks_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 2 });
    await migrate(database);
    await database.close();
    project.provide('pgTemplateDatabase', template);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }

  const database = await openDatabase({});
  await migrate(database);
  const pglite = (database as unknown as { pglite: { dumpDataDir: (c: string) => Promise<Blob> } })
    .pglite;
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-test-')),
    'template.tar',
  );
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('pgTemplateDatabase', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
