// How long each role dashboard's first tab takes to show its data (docs/performance.md, "Dashboards:
// first tab"). Serves the built app through the real API on a free loopback port with a temporary
// embedded database and the demo data (as lighthouse-budget.ts), signs in as the demo advertiser,
// affiliate and network, and measures in Debian's Chromium, each run in a fresh browser context
// (nothing cached):
//   - navigation: from the app's own navigation to the dashboard (the landing page hydrated, the
//     dashboard's code not loaded yet) to the first tab's first list item on screen;
//   - load: from the start of a page load of the dashboard's address to the same.
// Prints the median and the slowest of DASH_RUNS runs (default 5). Downloads nothing.
//
//   npm run build && npx tsx e2e/tools/dashboard-bench.ts     (root script: npm run bench:dashboards)
//   DASH_RUNS=9   DASH_ROLES=advertiser,network   DASH_BUDGET_MS=500 (exit 1 when a median is above)
import { chromium, type Browser } from '@playwright/test';
import { storeSession } from '../support/accounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { freePort, signInDemo, startDemoApi, type StoredSession } from './demo';

const RUNS = Math.max(1, Number(process.env.DASH_RUNS ?? 5));
const BUDGET_MS = Number(process.env.DASH_BUDGET_MS ?? 500);
const ROLES = (process.env.DASH_ROLES ?? 'advertiser,affiliate,network').split(',');
/** The first tab's data: a list item in the shown tab panel (My Offers, My Requests). */
const DATA = '[role="tabpanel"] ul > li';

/**
 * In the page: a function of a selector that resolves with performance.now() once it matches (a
 * MutationObserver). A string: a function's own source, once compiled, may call helpers the page
 * has not got.
 */
const WHEN_SHOWN = `(selector) => new Promise((resolve) => {
  const check = () => {
    if (!document.querySelector(selector)) return false;
    resolve(performance.now());
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true });
})`;

async function measure(
  browser: Browser,
  baseUrl: string,
  session: StoredSession,
  dashboard: string,
  kind: 'navigation' | 'load',
): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await context.addInitScript(storeSession, { token: session.token, user: session.user });
    const page = await context.newPage();
    if (kind === 'load') {
      await page.addInitScript(
        ([selector, shown]) => {
          // Installed before the page's own scripts: the time from the navigation's start.
          (window as unknown as { dataShownAt: Promise<number> }).dataShownAt = new Function(
            'selector',
            `return (${shown})(selector)`,
          )(selector) as Promise<number>;
        },
        [DATA, WHEN_SHOWN] as const,
      );
      await page.goto(dashboard);
      await page.locator(DATA).first().waitFor();
      return await page.evaluate(
        () => (window as unknown as { dataShownAt: Promise<number> }).dataShownAt,
      );
    }
    await page.goto('/');
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      async ([path, selector, shown]) => {
        const start = performance.now();
        const at = new Function('selector', `return (${shown})(selector)`)(
          selector,
        ) as Promise<number>;
        // The router's own navigation (BrowserRouter follows popstate), as a link click does.
        history.pushState({}, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
        return (await at) - start;
      },
      [dashboard, DATA, WHEN_SHOWN] as const,
    );
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function main() {
  const api = startDemoApi(await freePort(), 'trustlinks-dash-bench-');
  const { baseUrl } = api;
  let browser: Browser | undefined;
  let over = false;
  try {
    await api.ready();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    console.log(`Dashboards, first tab's data on screen (ms; median / slowest of ${RUNS} runs):`);
    console.log('| dashboard | after navigation | page load |');
    console.log('|:--|--:|--:|');
    for (const role of ROLES) {
      const session = await signInDemo(baseUrl, role);
      const dashboard = `/${role}-dashboard`;
      const runs = { navigation: [] as number[], load: [] as number[] };
      for (let i = 0; i < RUNS; i += 1) {
        for (const kind of ['navigation', 'load'] as const) {
          runs[kind].push(await measure(browser, baseUrl, session, dashboard, kind));
        }
      }
      const cell = (xs: number[]) => `${Math.round(median(xs))} / ${Math.round(Math.max(...xs))}`;
      console.log(`| ${role} | ${cell(runs.navigation)} | ${cell(runs.load)} |`);
      if (median(runs.navigation) > BUDGET_MS) over = true;
    }
  } finally {
    await browser?.close();
    await api.stop(false);
  }
  if (over) {
    console.error(`\nA dashboard's first tab took more than ${BUDGET_MS} ms after navigation.`);
    process.exit(1);
  }
}

await main();
