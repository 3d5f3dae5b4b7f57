import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAddressesOnly } from './route-addresses';

const ROUTES_DIR = path.resolve(__dirname, '../../packages/contract/src/routes');

describe("the build's route files: addresses only (docs/decisions/046-route-table.md)", () => {
  it('keeps method and path of each defineRoute and drops its schemas', () => {
    const source = [
      "import { defineRoute } from '../route';",
      "import { big } from '../big';",
      'export const one = defineRoute({',
      "  method: 'PUT',",
      "  path: '/things/:id',",
      "  auth: ['admin'],",
      "  summary: 'Rename, {with} braces',",
      '  body: big,',
      '  responses: { 200: big, ...errors },',
      '});',
    ].join('\n');
    const out = routeAddressesOnly(source, 'x.ts');
    expect(out).toContain("defineRoute({ method: 'PUT', path: '/things/:id' })");
    expect(out).not.toMatch(/responses|body:|summary|auth/);
  });

  it('marks every top-level call pure, so what the cut leaves unused is dropped', () => {
    const source = [
      'const errors = errorResponses(400, 401);',
      "export const a = defineRoute({ method: 'GET', path: '/a', responses: { ...errors } });",
      "const tag = 'x';",
    ].join('\n');
    const out = routeAddressesOnly(source, 'x.ts');
    expect(out).toContain('const errors = /* @__PURE__ */ errorResponses(400, 401);');
    expect(out).toContain(
      "export const a = /* @__PURE__ */ defineRoute({ method: 'GET', path: '/a' });",
    );
    expect(out).toContain("const tag = 'x';");
  });

  it('cuts every route of the table, so no schema reaches the browser', () => {
    const files = fs.readdirSync(ROUTES_DIR).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8');
      const out = routeAddressesOnly(source, file);
      expect(out, file).not.toMatch(/\bresponses\s*:|\bbody\s*:|\bquery\s*:|\bparams\s*:/);
    }
  });
});
