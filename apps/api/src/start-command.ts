import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The node flags of the app's `npm start` (apps/api/package.json: `node <flags> --import tsx
 * src/server.ts`, the one place they are written; docs/deployment.md). The tools that start the
 * app as a deployment does (the benchmark, the fault tests) take them from here.
 */
export const START_NODE_FLAGS: readonly string[] = (() => {
  const pkg = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(1, words.indexOf('--import')).filter((w) => w.startsWith('--'));
})();
