#!/usr/bin/env node
// Reports the gzipped JS and CSS needed for the first paint of "/" and fails the build when
// the JS goes over budget. First paint of "/" = the entry (index.html) with its static imports,
// plus the lazily loaded landing page chunk with its static imports (the router cannot render
// "/" without it). Lazy chunks of other routes are not counted.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Measured 46 KB (issue 17: 113 KB with React, 105 KB after splitting, 46 KB on Preact,
// docs/decisions/018-preact.md). The margin is about TanStack Query (~8 KB), which must stay off
// the first paint (app/query-client-loader.ts). Switching back to React needs ~110 KB.
// Issue 24: the landing reads its figures and cards from GET /landing through TanStack Query,
// which is now on its first paint: 57.8 KB measured, budget 60 KB (docs/decisions/026).
const JS_BUDGET_KB = 60;
const LANDING_SRC = 'src/features/landing/pages/landing-page.tsx';
// 1 KB = 1000 bytes here (as Vite reports sizes): the stricter reading of the budget.
const KB = 1000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// WEB_OUT_DIR: another build (`vite build --outDir <dir>`), as scripts/precompress.mjs.
const dist = process.env.WEB_OUT_DIR || join(root, 'dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch (error) {
  console.error(
    `report-budget: cannot read dist/.vite/manifest.json (${error.message}). Run vite build first.`,
  );
  process.exit(1);
}

const entryKey = Object.keys(manifest).find(
  (key) => manifest[key].isEntry && key.endsWith('index.html'),
);
const landingKey = Object.keys(manifest).find((key) => manifest[key].src === LANDING_SRC);
if (!entryKey) {
  console.error('report-budget: no index.html entry in the manifest.');
  process.exit(1);
}
if (!landingKey) {
  console.error(
    `report-budget: no chunk for ${LANDING_SRC} in the manifest (was the landing page renamed?).`,
  );
  process.exit(1);
}

/** Chunk keys reachable through static imports, in visiting order. */
function collect(startKey, seen) {
  if (seen.has(startKey)) return;
  seen.add(startKey);
  for (const key of manifest[startKey]?.imports ?? []) collect(key, seen);
}

const chunkKeys = new Set();
collect(entryKey, chunkKeys);
collect(landingKey, chunkKeys);

const jsFiles = new Set();
const cssFiles = new Set();
for (const key of chunkKeys) {
  const chunk = manifest[key];
  if (chunk.file.endsWith('.js')) jsFiles.add(chunk.file);
  for (const css of chunk.css ?? []) cssFiles.add(css);
}

function measure(file) {
  const buffer = readFileSync(join(dist, file));
  return { file, raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
}

const fmt = (bytes) => (bytes / KB).toFixed(1).padStart(7);
const js = [...jsFiles].map(measure);
const css = [...cssFiles].map(measure);
const total = (rows) => rows.reduce((sum, row) => sum + row.gzip, 0);

const width = Math.max(24, ...[...js, ...css].map((row) => row.file.length));
console.log('\nFirst paint of "/" (entry + landing route, static imports):');
console.log(`  ${'file'.padEnd(width)}  ${'raw KB'.padStart(7)}  ${'gzip KB'.padStart(7)}`);
for (const row of [...js, ...css]) {
  console.log(`  ${row.file.padEnd(width)}  ${fmt(row.raw)}  ${fmt(row.gzip)}`);
}

const jsKb = total(js) / KB;
const cssKb = total(css) / KB;
console.log('');
console.log(`Landing first-paint JS: ${jsKb.toFixed(1)} KB gzipped (budget ${JS_BUDGET_KB} KB)`);
console.log(`Landing first-paint CSS: ${cssKb.toFixed(1)} KB gzipped`);

// The theme is applied before paint by an inline script in index.html. A Content-Security-Policy
// that forbids inline scripts must allow exactly this one by hash.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  const body = match[1] ?? '';
  if (!body.trim()) continue;
  const hash = createHash('sha256').update(body, 'utf8').digest('base64');
  console.log(`Inline script CSP hash: 'sha256-${hash}'`);
}

if (jsKb > JS_BUDGET_KB) {
  console.error(
    `\nOver budget: first-paint JS is ${jsKb.toFixed(1)} KB gzipped, the budget is ${JS_BUDGET_KB} KB.`,
  );
  process.exit(1);
}
