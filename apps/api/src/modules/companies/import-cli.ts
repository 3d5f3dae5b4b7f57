// `npm run import:companies -- <file.csv> [--skip-invalid] [--dry-run]`
// Loads companies and contacts from a CSV file into the database the app uses (DATABASE_URL, or
// the embedded database in DATA_DIR: stop the app first, one process owns that folder).
// The header is documented in apps/api/README.md ("Company database import").
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { importCompanies, ImportFileError, type ImportResult } from './company-import.service';
import { readCsvFile } from './csv';

const USAGE = `Usage: npm run import:companies -- <file.csv> [--skip-invalid] [--dry-run]

  --skip-invalid  import the valid rows and list the rejected ones
                  (default: any rejected row means nothing is imported)
  --dry-run       check every row, write nothing`;

/** How many rejected rows to print before summarising the rest. */
const SHOW_REJECTED = 50;

function formatReport(result: ImportResult, file: string): string {
  const lines: string[] = [];
  const { companies: c, contacts: p } = result;
  lines.push(`${file}: ${result.rows} row${result.rows === 1 ? '' : 's'} read.`);
  for (const r of result.rejected.slice(0, SHOW_REJECTED)) {
    lines.push(`  line ${r.line}: ${r.errors.join('; ')}`);
  }
  if (result.rejected.length > SHOW_REJECTED) {
    lines.push(`  … and ${result.rejected.length - SHOW_REJECTED} more rejected rows.`);
  }
  if (result.rejected.length > 0) {
    lines.push(`${result.rejected.length} row${result.rejected.length === 1 ? '' : 's'} rejected.`);
  }
  if (result.written) {
    lines.push(
      `Companies: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged.`,
      `Contacts: ${p.created} created, ${p.updated} updated, ${p.unchanged} unchanged.`,
    );
  } else if (result.rejected.length > 0) {
    lines.push(
      'Nothing was imported. Fix the rows above, or run again with --skip-invalid to import the valid rows.',
    );
  } else {
    lines.push('Dry run: every row is valid; nothing was written.');
  }
  return lines.join('\n');
}

/** The command; returns the exit code (0 done, 1 rows rejected or file unusable, 2 usage). */
export async function runImportCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const files = argv.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => !['--skip-invalid', '--dry-run', '--help'].includes(f));
  if (flags.has('--help')) {
    console.log(USAGE);
    return 0;
  }
  if (files.length !== 1 || unknown.length > 0) {
    console.error(unknown.length ? `Unknown option ${unknown.join(', ')}\n\n${USAGE}` : USAGE);
    return 2;
  }
  // npm runs the script in apps/api; INIT_CWD is where the person typed the command.
  const file = path.resolve(env.INIT_CWD ?? process.cwd(), files[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    console.error(`No such file: ${file}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    await migrate(database);
    const result = await importCompanies(database.db, () => readCsvFile(file), {
      skipInvalid: flags.has('--skip-invalid'),
      dryRun: flags.has('--dry-run'),
    });
    console.log(formatReport(result, path.basename(file)));
    return result.rejected.length > 0 && !result.written ? 1 : 0;
  } catch (err) {
    if (err instanceof ImportFileError) {
      console.error(`${path.basename(file)}: ${err.message}\nNothing was imported.`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

// Run only as a program (tests call runImportCli).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runImportCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error('Import failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
