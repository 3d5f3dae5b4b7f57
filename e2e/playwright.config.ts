import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { E2E_ADMIN, E2E_PORT } from './support/urls';

// The journeys run against the built app served by the API on a fresh embedded database, with
// mail going to a real SMTP sink on loopback (support/e2e-server.ts). E2E_PORT picks the port
// (and E2E_PORT+1 for the sink's inbox); E2E_WEB_DIST another build of the SPA.
const PORT = E2E_PORT;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trustlinks-e2e-'));

export default defineConfig({
  testDir: './specs',
  // One folder per port, so runs on different ports (several developers) never clear each other's.
  outputDir: `test-results/port-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx e2e/support/e2e-server.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A busy machine starts it slowly: E2E_SERVER_TIMEOUT_MS gives it longer.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${PORT}`,
      // Passkeys: a browser refuses an IP address as RP ID; specs/passkeys.spec.ts opens localhost.
      PASSKEY_RP_ID: 'localhost',
      PASSKEY_ORIGIN: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production needs the authenticator apps' key (docs/decisions/033); the journeys' database
      // is thrown away.
      MFA_SECRET_KEY: 'e2e0'.repeat(16),
      // Production would ask admins and owners for a second factor (docs/decisions/033); the
      // journeys sign in with a password alone, except specs/mfa.spec.ts, which asks for one
      // per account as an admin does.
      MFA_REQUIRED_FOR: 'none',
      // A journey clicks far more than a person; keep the per-client limit out of its way.
      RATE_LIMIT_PER_MINUTE: '100000',
      PAGE_RENDERS_PER_CLIENT_PER_MINUTE: '100000',
      // Saved-search alerts every few seconds instead of daily (specs/saved-searches.spec.ts).
      SAVED_SEARCH_ALERT_PERIOD_MS: '3000',
      SAVED_SEARCH_ALERT_POLL_MS: '1000',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
