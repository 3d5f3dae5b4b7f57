import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/config';

const run = promisify(execFile);
const WEB_DIR = path.join(REPO_ROOT, 'apps/web');
const VITE = path.join(REPO_ROOT, 'node_modules/.bin/vite');

/**
 * Builds the web app from its current sources into a temporary folder, as `npm run build` does
 * (the browser's build, then the server's into ssr/), for tests of the server-rendered pages.
 * Takes 10–40 s; the caller removes the folder.
 */
export async function buildWeb(): Promise<string> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-web-'));
  const quiet = ['--logLevel', 'error'];
  // A production build, as `npm run build` makes it (vitest sets NODE_ENV=test).
  const options = { cwd: WEB_DIR, env: { ...process.env, NODE_ENV: 'production' } };
  await run(VITE, ['build', '--outDir', out, '--emptyOutDir', ...quiet], options);
  await run(
    VITE,
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(out, 'ssr'), ...quiet],
    options,
  );
  return out;
}
