// Debian's Chromium (no browser download here); the flags keep it off the network it cannot reach.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // A public-looking name for a journey's landing page on loopback: landing pages may not point at
  // loopback or private addresses (docs/decisions/025, packages/contract/src/public-url.ts).
  '--host-resolver-rules=MAP landing.e2e.example 127.0.0.1',
];

/** The host of a journey's own landing page server (mapped to 127.0.0.1 above). */
export const E2E_LANDING_HOST = 'landing.e2e.example';
