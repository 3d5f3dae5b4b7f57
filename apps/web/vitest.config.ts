import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // Only unit tests beside the code: Playwright specs (e2e/) must never be picked up here.
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // userEvent types key by key: on two busy cores a long form takes longer than the default
    // 5 s, and a test that times out keeps typing into the next test's form.
    testTimeout: 20_000,
  },
});
