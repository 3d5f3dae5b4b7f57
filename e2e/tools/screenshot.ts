// Looks at pages as a person would: `npx tsx e2e/tools/screenshot.ts <baseUrl> <outDir> [path ...]`
// Takes light and dark shots at 1280 px and at 390 px (a phone) of every path. Options by env:
// SHOT_LOGIN puts a session in local storage first (JSON of the login response); SHOT_NO_JS=1
// takes them with JavaScript off (the server-rendered pages must read whole without it).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

const [baseUrl = 'http://127.0.0.1:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ['/'];
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const [label, width, scheme] of [
    ['light', 1280, 'light'],
    ['dark', 1280, 'dark'],
    ['mobile', 390, 'light'],
    ['mobile-dark', 390, 'dark'],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      colorScheme: scheme,
      javaScriptEnabled: process.env.SHOT_NO_JS !== '1',
    });
    const login = process.env.SHOT_LOGIN;
    if (login) {
      await context.addInitScript((raw: string) => {
        const body = JSON.parse(raw) as { token: string; user: unknown };
        localStorage.setItem('authToken', body.token);
        localStorage.setItem('currentUser', JSON.stringify(body.user));
      }, login);
    }
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') console.log(`[${label}] console error: ${m.text()}`);
    });
    for (const target of targets) {
      await page.goto(new URL(target, baseUrl).toString(), { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      // Sections below the fold use content-visibility: auto (decision 021) and a full-page shot
      // leaves them blank until they were on screen once: scroll through as a person would.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      const name = `${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${label}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
}
