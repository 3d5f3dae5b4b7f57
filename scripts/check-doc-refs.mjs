#!/usr/bin/env node
// Every reference to the product description or the architecture page must resolve: code
// comments cite `docs/product/<file>.md#<section>` and `docs/architecture.md#<section>`, and
// the pages link to each other. Documents outside the repository are not cited at all.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.endsWith('package-lock.json') && fs.existsSync(path.join(root, f)));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchorsCache = new Map();
function anchorsOf(file) {
  if (!anchorsCache.has(file)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const anchors = new Set(
      [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1].replace(/`/g, ''))),
    );
    anchorsCache.set(file, anchors);
  }
  return anchorsCache.get(file);
}

const problems = [];
function check(where, target, anchor) {
  if (!fs.existsSync(path.join(root, target))) {
    problems.push(`${where}: ${target} does not exist`);
  } else if (anchor && !anchorsOf(target).has(anchor)) {
    problems.push(`${where}: ${target} has no section #${anchor}`);
  }
}

const outside = /(SPEC|ARCHITECTURE) §|§\s?\d/;
const rooted = /docs\/(product\/[a-z0-9-]+\.md|architecture\.md)(?:#([a-z0-9-]+))?/g;
const relative = /\]\(((?:\.\.\/)?[a-z0-9-]+\.md)(?:#([a-z0-9-]+))?\)/g;

for (const file of files) {
  if (!/\.(ts|tsx|js|mjs|cjs|md|sql|sh|json|css|html)$/.test(file) && !file.startsWith('.ci/')) {
    continue;
  }
  if (file === 'scripts/check-doc-refs.mjs') continue;
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (outside.test(line)) problems.push(`${where}: cites a document outside the repository`);
    for (const m of line.matchAll(rooted)) check(where, `docs/${m[1]}`, m[2]);
    if (file.startsWith('docs/') && file.endsWith('.md')) {
      for (const m of line.matchAll(relative)) {
        check(where, path.join(path.dirname(file), m[1]), m[2]);
      }
    }
  });
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} broken or outside document reference(s)`);
  process.exit(1);
}
console.log('doc references: all resolve');
