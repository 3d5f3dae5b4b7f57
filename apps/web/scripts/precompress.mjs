#!/usr/bin/env node
// Writes .br and .gz siblings of every compressible file of dist/ after `vite build`, so the API
// serves the SPA compressed (brotli at its best quality, gzip as the fallback) without spending
// CPU per request (@fastify/static `preCompressed`, apps/api/src/app.ts). Files that do not get
// smaller by at least 10 % are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

// WEB_OUT_DIR: another build (`vite build --outDir <dir>`), as scripts/report-budget.mjs. Not
// WEB_DIST_DIR: the API reads that one, and `npm start` builds into apps/web/dist whatever it says.
const dist = process.env.WEB_OUT_DIR || join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      // Not the server's build (dist/ssr), which is never sent.
      if (name !== '.vite' && name !== 'ssr') yield* files(full);
    } else if (COMPRESSIBLE.has(extname(name))) {
      yield full;
    }
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length * 0.9) writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length * 0.9) writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += raw.length;
  after += Math.min(br.length, raw.length);
}
console.log(
  `Precompressed ${count} files: ${(before / 1000).toFixed(0)} KB → ${(after / 1000).toFixed(0)} KB (brotli)`,
);
