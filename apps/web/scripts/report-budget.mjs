#!/usr/bin/env node
// Reports the gzipped JS and CSS of "/" and fails the build when the JS goes over budget. The
// server renders "/" (docs/decisions/021-server-rendering.md), so its first paint needs no JS;
// what is counted is the JS that makes it interactive (hydration): the entry (index.html) with its
// static imports, the app it imports after the first paint (src/main.tsx), and the lazily loaded
// landing page chunk, each with its static imports (the router cannot hydrate "/" without it). Lazy
// chunks of other routes are not counted.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// On React 19 (docs/decisions/021) the hydration JS of "/" measured ~105 KB; the margin keeps TanStack Query
// (~8 KB) and other pages' code out of the landing's entry (app/query-client-loader.ts).
// Decision 026: the landing reads its real figures and cards (GET /landing) through TanStack Query,
// which hydrates with it now: 120.4 KB measured after the merge, gate 125 KB.
const JS_BUDGET_KB = 125;
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
// The app (src/main.tsx: React, hydration), which the entry (src/boot.ts) imports once the page
// has painted: the dynamic imports of the entry's own chunks.
for (const key of [...chunkKeys]) {
  for (const app of manifest[key].dynamicImports ?? []) collect(app, chunkKeys);
}
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
console.log(
  '\nHydration of "/" (entry + landing route, static imports; the first paint needs none):',
);
console.log(`  ${'file'.padEnd(width)}  ${'raw KB'.padStart(7)}  ${'gzip KB'.padStart(7)}`);
for (const row of [...js, ...css]) {
  console.log(`  ${row.file.padEnd(width)}  ${fmt(row.raw)}  ${fmt(row.gzip)}`);
}

const jsKb = total(js) / KB;
const cssKb = total(css) / KB;
console.log('');
console.log(`Landing hydration JS: ${jsKb.toFixed(1)} KB gzipped (budget ${JS_BUDGET_KB} KB)`);
console.log(`Landing CSS: ${cssKb.toFixed(1)} KB gzipped`);

// The theme is applied before paint by an inline script in index.html. A Content-Security-Policy
// that forbids inline scripts must allow exactly this one by hash.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
// Not the non-executed JSON ones (as apps/api/src/app.ts's executableInlineScripts).
for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
  const body = match[2] ?? '';
  if (!body.trim() || /\btype="application\/(ld\+)?json"/.test(match[1] ?? '')) continue;
  const hash = createHash('sha256').update(body, 'utf8').digest('base64');
  console.log(`Inline script CSP hash: 'sha256-${hash}'`);
}

if (jsKb > JS_BUDGET_KB) {
  console.error(
    `\nOver budget: the landing's hydration JS is ${jsKb.toFixed(1)} KB gzipped, the budget is ${JS_BUDGET_KB} KB.`,
  );
  process.exit(1);
}
