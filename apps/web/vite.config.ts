import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves dist/ in production (index.html fallback for client routes);
// in development Vite serves the SPA and forwards /api to the API on port 3000.
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/report-budget.mjs reads dist/.vite/manifest.json to measure the first-paint JS.
    manifest: true,
    sourcemap: false,
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
