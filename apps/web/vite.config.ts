import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import {
  PRERENDER_SESSION_SCRIPT,
  ROUTE_PRELOADS,
  routePreloadScript,
} from './src/app/route-preloads.ts';

/**
 * Preloads the chunks (and, without a session, the first API reads) of the page index.html is
 * opened at, so a phone fetches them beside the entry instead of after running it: one to three
 * round trips less before the page paints. A tiny inline script (the table and why:
 * src/app/route-preloads.ts), because index.html is every route's page and the others must not
 * pay for it; the API allows inline scripts by their hash, read from the built index.html (app.ts).
 */
function preloadRouteChunks(): Plugin {
  return {
    name: 'trustlinks:preload-route-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What index.html loads already (the entry and its static imports).
        const loaded = new Set<string>();
        const collect = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || loaded.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) collect(imported, into);
        };
        for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, loaded);

        const routes = ROUTE_PRELOADS.map(({ path, modules, reads = [] }) => {
          const files = new Set<string>();
          for (const module of modules) {
            // A module other chunks import too may sit in a shared chunk, without a facade.
            const chunk =
              chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`)) ??
              chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
            if (!chunk) throw new Error(`preload-route-chunks: no chunk for ${module}`);
            collect(chunk.fileName, files);
          }
          return [path.source, [...files].map((file) => `/${file}`), [...reads]] as [
            string,
            string[],
            string[],
          ];
        });
        // Before the stylesheet, not after it: an inline script waits for the style sheets above it.
        const script = `<script>${routePreloadScript(routes)}</script>\n    `;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('preload-route-chunks: no entry script in index.html');
        // Right after the root, which holds a prerendered page (scripts/prerender.mjs) the visitor
        // with a session must not see.
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`preload-route-chunks: no ${root} in index.html`);
        return (html.slice(0, at) + script + html.slice(at)).replace(
          root,
          `${root}\n    <script>${PRERENDER_SESSION_SCRIPT}</script>`,
        );
      },
    },
  };
}

/**
 * Preact (preact/compat) in place of React: every `react` / `react-dom` import, ours and the
 * libraries', resolves to Preact's compat layer (docs/decisions/018-preact.md). The unit tests use
 * the same list (vitest.config.ts), so they test what ships. To switch back to React, delete this
 * list and its use in both configs.
 */
export const preactAliases = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The API serves dist/ in production (index.html fallback for client routes);
// in development Vite serves the SPA and forwards /api to the API on port 3000.
export default defineConfig({
  plugins: [react(), tailwindcss(), preloadRouteChunks()],
  resolve: {
    // zod with its JIT off, so it never probes eval under the server's CSP (src/lib/zod-jitless.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)),
      },
      ...preactAliases,
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/report-budget.mjs reads dist/.vite/manifest.json to measure the first-paint JS.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // Copy small shared modules (an icon, a badge, a texts file: under ~4 KB of source) into
        // each chunk that uses them instead of giving each its own file. A page then needs about a
        // dozen requests instead of 20–40: on a phone (HTTP/1.1, 6 connections, ~150 ms a round
        // trip) that took more time than the bytes. Costs ~20 % more JS in total, none on a page.
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4000 } },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
});
