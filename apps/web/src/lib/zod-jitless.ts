// The app's `zod` (vite.config.ts points the bare 'zod' import here): zod itself, with its JIT
// off. zod compiles object parsers with `new Function` when the page allows eval, and finding
// that out (a `new Function('')` probe) is reported as a Content-Security-Policy violation, since
// the server's CSP has no 'unsafe-eval' — a console issue on every page with a form. ES modules
// run their imports first, so this runs before any schema of @trustlinks/contract is built, and
// it loads with the schemas (lazily), never on the first paint.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
