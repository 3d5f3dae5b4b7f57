import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  // The same Preact aliases as the build, also for the libraries (Testing Library, Radix, React
  // Router, TanStack Query, sonner): inlined so Vite resolves their `react` imports too, not Node.
  // ES module builds of the libraries, as in the browser build: a CommonJS build's require('react')
  // (React Router's `node` build, Testing Library's and react-remove-scroll's `main`) would bypass
  // the aliases and load React beside Preact.
  resolve: {
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'main'],
    alias: preactAliases,
  },
  test: {
    server: {
      deps: {
        inline: [
          /preact/,
          /@testing-library\/react/,
          /@radix-ui\//,
          /react-router/,
          /@tanstack\/react-query/,
          /sonner/,
          /lucide-react/,
          /react-remove-scroll/,
          /react-style-singleton/,
          /use-callback-ref/,
          /use-sidecar/,
          /use-sync-external-store/,
          /@floating-ui\/react-dom/,
        ],
      },
    },
    environment: 'jsdom',
    // Only unit tests beside the code: Playwright specs (e2e/) must never be picked up here.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // userEvent types key by key: on two busy cores a long form takes longer than the default
    // 5 s, and a test that times out keeps typing into the next test's form.
    testTimeout: 20_000,
  },
});
