import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
// By its file: Node loads the config's packages itself, and cannot load the contract's TypeScript.
import { PAGE_LIST } from '../../packages/contract/src/pages.ts';
import { PRELOADS_ELEMENT_ID, routePreloads } from './src/app/route-preloads.ts';
import type { PreloadTable } from './src/app/route-preloads.ts';
import { routeAddresses } from './route-addresses.ts';

/**
 * Writes the chunks of each page the server renders, and of the app, into index.html, so the entry
 * (src/boot.ts) fetches a page's chunks side by side instead of one import after another: one to
 * three round trips less before the page is interactive. The table and why:
 * src/app/route-preloads.ts; a non-executed JSON script, because index.html is every route's page.
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

        // The app itself (main.tsx and its static imports), which the entry (src/boot.ts) imports
        // once the page has painted: every page needs it, beside its own chunks.
        const appFiles = new Set<string>();
        const app =
          chunks.find((c) => c.facadeModuleId?.endsWith('/src/main.tsx')) ??
          chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/main.tsx')));
        if (!app) throw new Error('preload-route-chunks: no chunk for src/main.tsx');
        collect(app.fileName, appFiles);
        const routes = routePreloads(PAGE_LIST).map(({ path, modules }) => {
          const files = new Set<string>(appFiles);
          for (const module of modules) {
            // A module other chunks import too may sit in a shared chunk, without a facade.
            const chunk =
              chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`)) ??
              chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
            if (!chunk) throw new Error(`preload-route-chunks: no chunk for ${module}`);
            collect(chunk.fileName, files);
          }
          return [path.source, [...files].map((file) => `/${file}`)] as [string, string[]];
        });
        const table: PreloadTable = { routes, app: [...appFiles].map((file) => `/${file}`) };
        // Not executed (no CSP hash): src/boot.ts reads it. `<` escaped, as page-data.ts does.
        const json = JSON.stringify(table).replace(/</g, '\\u003c');
        const script = `<script type="application/json" id="${PRELOADS_ELEMENT_ID}">${json}</script>\n    `;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('preload-route-chunks: no entry script in index.html');
        return html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}

/**
 * The server's build (`vite build --ssr`, the `build` script's second step): src/entry-server.tsx
 * into dist/ssr/entry-server.js, which the API loads to render the public pages
 * (docs/decisions/021-server-rendering.md). Everything bundled (React, React DOM, the libraries,
 * the contract's TypeScript): the API loads it without resolving packages of apps/web.
 */
export const SSR_OUT_DIR = 'dist/ssr';

// The API serves dist/ in production (the public pages rendered by dist/ssr, index.html for the
// others); in development Vite serves the SPA and forwards /api to the API on port 3000.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [routeAddresses(), react(), tailwindcss(), preloadRouteChunks()],
  ssr: { noExternal: true },
  // The server's bundle carries React's production build only (not both, chosen at run time).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: {
    // zod with its JIT off, so it never probes eval under the server's CSP (src/lib/zod-jitless.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: isSsrBuild ? SSR_OUT_DIR : 'dist',
    // The server's build goes beside the browser's, after it.
    emptyOutDir: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // scripts/report-budget.mjs reads dist/.vite/manifest.json to measure the first-paint JS.
    manifest: true,
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? // One file for the server: its lazy pages are modules already in memory.
        { output: { codeSplitting: false } }
      : {
          preserveEntrySignatures: false,
          output: {
            // Copy small shared modules (an icon, a badge, a texts file: under ~4 KB of source)
            // into each chunk that uses them instead of giving each its own file. A page then
            // needs about a dozen requests instead of 20–40: on a phone (HTTP/1.1, 6 connections,
            // ~150 ms a round trip) that took more time than the bytes. Costs ~20 % more JS in
            // total, none on a page.
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
}));
