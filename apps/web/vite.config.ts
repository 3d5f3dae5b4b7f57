import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * Preloads the landing page's chunk when index.html is opened at "/", so a phone fetches it beside
 * the entry instead of after running it (one round trip less before the hero paints). A tiny
 * inline script, because index.html is every route's page and the other routes must not pay for
 * it; the API allows inline scripts by their hash, read from the built index.html (app.ts).
 */
function preloadLandingChunk(): Plugin {
  return {
    name: 'trustlinks:preload-landing-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' &&
            output.facadeModuleId?.endsWith('/src/features/landing/pages/landing-page.tsx'),
        );
        if (!chunk) throw new Error('preload-landing-chunk: no chunk for the landing page');
        const href = JSON.stringify(`/${chunk.fileName}`);
        return [
          {
            tag: 'script',
            children:
              `if(location.pathname==='/'){var l=document.createElement('link');` +
              `l.rel='modulepreload';l.crossOrigin='';l.href=${href};document.head.appendChild(l)}`,
            injectTo: 'head',
          },
        ];
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
  plugins: [react(), tailwindcss(), preloadLandingChunk()],
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
