#!/usr/bin/env node
// `npm start`'s build step: builds the web app only when its sources changed since the
// last build, and quietly: one line, with the build's own output only when it fails.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// What the web build reads: its sources, the contract, its config, the installed packages.
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'packages/contract/src',
  'package-lock.json',
];
const STAMP = join(root, 'apps/web/dist/.source-hash');

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else yield path;
}

const hash = createHash('sha256');
for (const input of INPUTS) {
  for (const file of files(join(root, input))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
}
const digest = hash.digest('hex');

if (process.argv.includes('--force') === false && existsSync(STAMP)) {
  if (readFileSync(STAMP, 'utf8').trim() === digest) {
    console.log('Web app is up to date (apps/web/dist).');
    process.exit(0);
  }
}

console.log('Building the web app (its sources changed)…');
const started = Date.now();
const build = spawnSync('npm', ['run', 'build', '-w', '@trustlinks/web'], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
if (build.status !== 0) {
  process.stdout.write(build.stdout ?? '');
  process.stderr.write(build.stderr ?? '');
  console.error('The web build failed (output above).');
  process.exit(build.status ?? 1);
}
writeFileSync(STAMP, `${digest}\n`);
console.log(`Web app built in ${Math.round((Date.now() - started) / 1000)} s.`);
