import { parseSync } from 'vite';
import type { Plugin } from 'vite';

/**
 * The browser needs a route's method and path only (docs/decisions/046-route-table.md): `call`
 * builds the request from them, and the answer's type is the compiler's business. The route
 * table's files (packages/contract/src/routes) also name each route's schemas, which would pull
 * zod and every schema into the first paint. In the build, each `defineRoute({ … })` there keeps
 * just `method` and `path`; the schema imports it no longer uses are then dropped (the contract
 * has no side effects: its package.json says so). Tests and the API read the full table.
 */
export const ROUTE_FILE = /\/packages\/contract\/src\/routes\/[^/]+\.ts$/;
const KEEP = new Set(['method', 'path']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (!isNode(node)) return;
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') yield* walk(value);
  }
}

/**
 * The route file's source with each defineRoute object cut to its method and path, and each
 * top-level `const x = f(…)` marked pure (a route file only declares): a value the cut no longer
 * uses (the area's shared error answers) is then dropped, and a route no call uses too.
 */
export function routeAddressesOnly(code: string, file: string): string {
  const { program, errors } = parseSync(file, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);
  const cuts: { start: number; end: number; text: string }[] = [];
  for (const statement of program.body as unknown as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration'
        ? (statement.declaration as Node | null)
        : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (init?.type === 'CallExpression' && !code.slice(0, init.start).endsWith('*/ ')) {
        cuts.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ ' });
      }
    }
  }
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node & { name?: string };
    if (callee.type !== 'Identifier' || callee.name !== 'defineRoute') continue;
    const [arg] = node.arguments as Node[];
    if (arg?.type !== 'ObjectExpression') {
      throw new Error(`${file}: defineRoute takes an object literal`);
    }
    const kept = (arg.properties as (Node & { key?: Node & { name?: string } })[]).filter(
      (p) => p.type === 'Property' && p.key?.type === 'Identifier' && KEEP.has(p.key.name ?? ''),
    );
    if (kept.length !== KEEP.size) throw new Error(`${file}: a route without method or path`);
    const text = `{ ${kept.map((p) => code.slice(p.start, p.end)).join(', ')} }`;
    cuts.push({ start: arg.start, end: arg.end, text });
  }
  let out = code;
  // From the end (a cut inside a marked call comes after its mark at the same start).
  for (const cut of cuts.sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, cut.start) + cut.text + out.slice(cut.end);
  }
  return out;
}

/** The build's plugin (vite.config.ts): route files as addresses only, in both bundles. */
export function routeAddresses(): Plugin {
  return {
    name: 'trustlinks:route-addresses',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTE_FILE.test(id.split('?')[0]!)) return null;
      return { code: routeAddressesOnly(code, id), map: null };
    },
  };
}
