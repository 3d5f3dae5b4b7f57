import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page, TestInfo } from '@playwright/test';
import type { Result } from 'axe-core';
import { createVerifiedAccount, logIn, storeSession } from '../support/accounts';
import type { TestAccount } from '../support/accounts';
import { bearer, createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { verifyIdentityByBusinessEmail } from '../support/identity';
import type { EntityAccount } from '../support/entities';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/urls';
import { uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer, createOfferRequest, placeBid } from '../support/offers';
import { postReview } from '../support/reviews';

// axe-core on every route of the route table (apps/web/src/app/router.tsx), logged out and
// logged in as the role that makes the page meaningful, in the light and the dark theme, with
// every tab of the page, with key dialogs and menus open and forms showing their errors, and at
// 375 px with the mobile menu open. Serious and critical violations fail; moderate and minor ones
// are written to the test's output folder (axe-moderate.txt). The data the pages show is made
// through the real API first (never stubbed).
//
// The theme follows the system colour scheme when none is stored (app/theme.ts), so each state
// is scanned light, then the scheme is switched to dark and it is scanned again: one page load
// per state instead of one per theme. (A theme stored by the toggle is foundation.spec.ts's job.)

type Theme = 'light' | 'dark';
type Role = 'user' | 'verifiedUser' | 'admin' | 'advertiser' | 'affiliate' | 'network';

const THEMES: readonly Theme[] = ['light', 'dark'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface World {
  user: TestAccount;
  /** A user whose identity is verified: sees company contacts. */
  verifiedUser: TestAccount;
  admin: TestAccount;
  advertiser: EntityAccount;
  affiliate: EntityAccount;
  network: EntityAccount;
  offerId: string;
  requestTitle: string;
  reviewTitle: string;
  companyName: string;
  /** The verified user's reviewer page (docs/decisions/054). */
  reviewerSlug: string;
}

let world: World;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Everything the pages need to show real content: entities, an offer, a request, a bid, a review, companies. */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const suffix = uniqueSuffix();
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const advertiser = await createApprovedEntityAccount(request, 'advertiser', {
    name: `Harbor Health ${suffix}`,
  });
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const network = await createApprovedEntityAccount(request, 'network');
  const user = await createVerifiedAccount(request, { firstName: 'Ada', lastName: 'Axe' });
  const verifiedUser = await createVerifiedAccount(request, {
    firstName: 'Vera',
    lastName: 'Verified',
  });
  await verifyIdentityByBusinessEmail(request, verifiedUser, `vera@acme-${suffix}.example`);

  const offer = await createOffer(
    request,
    advertiser,
    ketoOfferBody(`Keto Trial ${suffix}`, suffix),
  );
  await createOffer(request, network, {
    title: `Casino RevShare ${suffix}`,
    category: 'Gambling',
    description: 'Casino offer with lifetime revenue share.',
    target_geo: ['DE', 'AT'],
    payout_type: 'RevShare',
    payout_value: 40,
    landing_page_url: `https://offers.example.com/casino-${suffix}`,
  });

  const requestTitle = `LATAM COD traffic ${suffix}`;
  const offerRequestId = await createOfferRequest(request, affiliate, {
    title: requestTitle,
    vertical: 'COD',
    geos_targeting: ['MX', 'CO', 'PE', 'CL', 'AR', 'BR'],
    traffic_type: ['Social', 'Native'],
    platforms_used: ['Facebook', 'TikTok'],
    traffic_volume: 60000,
    desired_payout_type: 'CPA',
    notes: 'Spanish landing pages, daily caps of 200+.',
  });
  await placeBid(request, network, offerRequestId, {
    bid_amount: 32.5,
    bid_notes: 'Cap 300 per day.',
    offer_details: {},
  });

  const reviewTitle = `Weekly payouts, clear terms ${suffix}`;
  // Identity-verified, so the review is published at once: the swarm guard holds reviews of
  // other accounts younger than a day (docs/decisions/012).
  await postReview(request, verifiedUser, {
    entity_id: advertiser.entityId,
    title: reviewTitle,
    overall_rating: 4,
    // Unique text: a text seen before is held back as repeated (spam rule of the API).
    review_text: `Ran their offers for two months (${suffix}): payments every Friday and honest caps.`,
    category_ratings: { quality: 4, support: 5, reliability: 4, payment_speed: 5 },
    tags: ['fast payouts', 'Nutra'],
  });

  // An entity left pending, so the admin's list has one to review.
  await json(
    await request.post('/api/entities/register', {
      data: {
        entity_type: 'network',
        name: `Pending Network ${suffix}`,
        email: `pending-${suffix}@example.com`,
        website_url: `https://pending-${suffix}.example.com`,
        description: 'Waiting for review.',
        contact_info: { telegram: `@pending_${suffix}` },
      },
    }),
  );

  const companyName = `Orbit ${suffix} Lead Exchange`;
  const domain = `orbit-${suffix}.example`;
  await json(
    await request.post('/api/admin/affiliate-companies/import', {
      headers: bearer(admin),
      data: {
        csv: [
          'company_name,website,entity_type,full_name,designation,email,phone',
          `${companyName},https://www.${domain},Network,Sara Lindgren,Affiliate Manager,sara@${domain},+44 20 7946 0123`,
          `Quill ${suffix} Media,https://quill-${suffix}.example,Affiliate,Kofi Asante,Founder,kofi@quill-${suffix}.example,`,
        ].join('\n'),
      },
    }),
  );

  const { slug: reviewerSlug } = await json<{ slug: string }>(
    await request.get('/api/reviewers/me/settings', { headers: bearer(verifiedUser) }),
  );
  return {
    reviewerSlug,
    user,
    verifiedUser,
    admin,
    advertiser,
    affiliate,
    network,
    offerId: offer.offer_id,
    requestTitle,
    reviewTitle,
    companyName,
  };
}

function account(role: Role): TestAccount {
  return world[role];
}

/** A fresh context, logged in as `role` (or not) before any page runs; no stored theme. */
async function openPage(browser: Browser, role: Role | null, width = 1280) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    colorScheme: 'light',
    // No transitions: contrast is measured on final colours, not halfway through a fade.
    reducedMotion: 'reduce',
    viewport: { width, height: 900 },
  });
  const session = role ? account(role) : null;
  if (session) {
    await context.addInitScript(storeSession, { token: session.token, user: session.user });
  }
  const page = await context.newPage();
  return { context, page };
}

/** The page background of each theme (--background in apps/web/src/index.css). */
const BACKGROUND: Record<Theme, string> = {
  light: 'rgb(255, 255, 255)',
  dark: 'rgb(11, 17, 32)',
};

/**
 * Switches the system colour scheme; with no stored choice the app follows it at once. The class
 * flips synchronously, but computed colours can lag until the next rendered frame (seen with a
 * modal open): wait until the page background is the theme's and no transition runs.
 */
async function useTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction(
    ({ dark, background }) =>
      document.documentElement.classList.contains('dark') === dark &&
      getComputedStyle(document.body).backgroundColor === background &&
      // Colour transitions (even the 0.01 ms of reduced motion) end on a frame; none may run.
      !document.getAnimations().some((a) => a instanceof CSSTransition),
    { dark: theme === 'dark', background: BACKGROUND[theme] },
    { polling: 50 },
  );
}

/** Waits until the page has rendered its data: no request in flight, no busy region, an h1. */
async function settle(page: Page) {
  // The app, which starts after the server's HTML has painted (decision 021), opens menus.
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('h1').first()).toBeVisible();
}

function describe(violations: Result[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

/** Runs axe on the page as it is; serious/critical violations fail (softly), the rest is logged. */
async function scan(page: Page, testInfo: TestInfo, label: string) {
  // Sections below the fold (`.below-fold`, content-visibility: auto) are styled only when they
  // come near the viewport, as a reader scrolls to them: until then Chromium reports their
  // inherited colours from before the theme changed (axe read the light text on the dark card,
  // 1.02:1). Scan them as they look once scrolled to.
  await page.evaluate(() => {
    for (const section of document.querySelectorAll<HTMLElement>('.below-fold')) {
      section.style.contentVisibility = 'visible';
    }
  });
  const results = await new AxeBuilder({ page }).analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !FAILING_IMPACTS.has(v.impact ?? ''));
  if (other.length) {
    fs.appendFileSync(
      testInfo.outputPath('axe-moderate.txt'),
      `${label} (${page.url()}):\n${describe(other)}\n\n`,
    );
  }
  expect.soft(failing, `${label} (${page.url()}):\n${describe(failing)}`).toEqual([]);
}

/** Scans the page as it is in both themes, ending in the light one. */
async function scanThemes(page: Page, testInfo: TestInfo, label: string) {
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await scan(page, testInfo, `${label} [${theme}]`);
  }
  await useTheme(page, 'light');
}

/** Scans the page, then each other tab of its first tab list (a panel renders only when selected). */
async function scanWithTabs(page: Page, testInfo: TestInfo, label: string) {
  await scanThemes(page, testInfo, label);
  const tabs = page.locator('main [role="tablist"]').first().getByRole('tab');
  const count = await tabs.count();
  for (let i = 1; i < count; i += 1) {
    // Each tab is two more scans (light and dark): the admin panel has nine tabs.
    testInfo.setTimeout(testInfo.timeout + 30_000);
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? `tab ${i}`;
    await tab.click();
    await settle(page);
    await scanThemes(page, testInfo, `${label}, tab ${name}`);
  }
}

interface RouteCase {
  name: string;
  path: () => string;
  /** Who makes the page meaningful when logged in. */
  role: Role;
}

/** The route table of apps/web/src/app/router.tsx, with who to look at each page as. */
const ROUTES: RouteCase[] = [
  { name: '/', path: () => '/', role: 'user' },
  { name: '/showcase', path: () => '/showcase', role: 'user' },
  { name: '/admin', path: () => '/admin', role: 'admin' },
  { name: '/affiliatedwishlist', path: () => '/affiliatedwishlist', role: 'network' },
  { name: '/advertiserswishlist', path: () => '/advertiserswishlist', role: 'affiliate' },
  { name: '/affliate-industry', path: () => '/affliate-industry', role: 'user' },
  { name: '/database', path: () => '/database', role: 'verifiedUser' },
  { name: '/login', path: () => '/login', role: 'user' },
  { name: '/signup', path: () => '/signup', role: 'user' },
  { name: '/verify-email', path: () => '/verify-email', role: 'user' },
  { name: '/reset-password', path: () => '/reset-password?token=axe-check-token', role: 'user' },
  { name: '/register-entity', path: () => '/register-entity', role: 'user' },
  { name: '/offers', path: () => '/offers', role: 'affiliate' },
  { name: '/writereview', path: () => '/writereview', role: 'user' },
  { name: '/write-review', path: () => '/write-review', role: 'user' },
  { name: '/review', path: () => '/review', role: 'user' },
  { name: '/advertiser-dashboard', path: () => '/advertiser-dashboard', role: 'advertiser' },
  { name: '/affiliate-dashboard', path: () => '/affiliate-dashboard', role: 'affiliate' },
  { name: '/network-dashboard', path: () => '/network-dashboard', role: 'network' },
  { name: '/user-dashboard', path: () => '/user-dashboard', role: 'user' },
  { name: '/profile', path: () => '/profile', role: 'user' },
  { name: '/offer/{id}', path: () => `/offer/${world.offerId}`, role: 'affiliate' },
  { name: '/entity/{id}', path: () => `/entity/${world.advertiser.entityId}`, role: 'advertiser' },
  { name: '/reviewer/{slug}', path: () => `/reviewer/${world.reviewerSlug}`, role: 'user' },
  { name: '/transparency', path: () => '/transparency', role: 'user' },
];

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    world = await buildWorld(request);
  } finally {
    await request.dispose();
  }
});

for (const route of ROUTES) {
  const { name } = route;
  for (const role of [null, route.role] as const) {
    test(`${name} ${role ? `as ${role}` : 'logged out'}`, async ({ browser }, testInfo) => {
      const { context, page } = await openPage(browser, role);
      try {
        await page.goto(route.path());
        await settle(page);
        await scanWithTabs(page, testInfo, `${name} ${role ?? 'logged out'}`);
      } finally {
        await context.close();
      }
    });
  }
}

test.describe('at 375 px', () => {
  for (const path of ['/', '/offers', '/affiliatedwishlist']) {
    test(`${path} with the mobile menu open`, async ({ browser }, testInfo) => {
      const { context, page } = await openPage(browser, 'user', 375);
      try {
        await page.goto(path);
        await settle(page);
        await scanThemes(page, testInfo, `${path} 375 px`);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await scanThemes(page, testInfo, `${path} 375 px, menu open`);
      } finally {
        await context.close();
      }
    });
  }
});

/** A state reached by acting on a page: a dialog or menu open, a form showing its errors. */
interface StateCase {
  name: string;
  role: Role | null;
  path: () => string;
  open: (page: Page) => Promise<void>;
  /** What must be visible before the scan. */
  shows: (page: Page) => Locator;
}

const dialogNamed = (name: string | RegExp) => (page: Page) => page.getByRole('dialog', { name });

const STATES: StateCase[] = [
  {
    name: 'contact affiliate (wishlist)',
    role: 'network',
    path: () => '/affiliatedwishlist',
    open: (page) =>
      page.getByRole('button', { name: `Contact Affiliate: ${world.requestTitle}` }).click(),
    shows: dialogNamed('Contact Affiliate'),
  },
  {
    name: 'create offer (advertiser dashboard)',
    role: 'advertiser',
    path: () => '/advertiser-dashboard',
    open: (page) => page.getByRole('button', { name: 'Create New Offer' }).click(),
    shows: dialogNamed('Create New Offer'),
  },
  {
    name: 'create offer request (affiliate dashboard)',
    role: 'affiliate',
    path: () => '/affiliate-dashboard',
    open: async (page) => {
      await page.getByRole('tab', { name: /My Requests/ }).click();
      await page
        .getByRole('button', { name: /Create Offer Request/ })
        .first()
        .click();
    },
    shows: dialogNamed('Create Offer Request'),
  },
  {
    name: 'view bids (affiliate dashboard)',
    role: 'affiliate',
    path: () => '/affiliate-dashboard',
    open: async (page) => {
      await page.getByRole('tab', { name: /My Requests/ }).click();
      await page.getByRole('button', { name: `View Bids: ${world.requestTitle}` }).click();
    },
    shows: dialogNamed('Bids'),
  },
  {
    name: 'counter offer (network dashboard)',
    role: 'network',
    path: () => '/network-dashboard',
    open: async (page) => {
      await page.getByRole('tab', { name: 'Offer Requests' }).click();
      await page
        .getByRole('button', { name: `Submit Counter Offer: ${world.requestTitle}` })
        .click();
    },
    shows: dialogNamed('Submit Counter Offer'),
  },
  {
    name: 'offer details (affiliate dashboard)',
    role: 'affiliate',
    path: () => '/affiliate-dashboard',
    open: async (page) => {
      await page.getByRole('tab', { name: /Available Offers/ }).click();
      // Other journeys of the run publish Keto Trial offers too: any one of them will do.
      await page
        .getByRole('button', { name: /^View Details: Keto Trial/ })
        .first()
        .click();
    },
    shows: dialogNamed('Offer Details'),
  },
  {
    name: 'company contacts (verified user)',
    role: 'verifiedUser',
    path: () => '/database',
    open: (page) =>
      page.getByRole('button', { name: `View Contacts: ${world.companyName}` }).click(),
    shows: dialogNamed(/Contacts/),
  },
  {
    name: 'verify identity (company database)',
    role: 'user',
    path: () => '/database',
    open: (page) =>
      page
        .getByRole('row')
        .filter({ hasText: world.companyName })
        .getByRole('button', { name: /Request Access/ })
        .click(),
    shows: dialogNamed('Verify Your Identity'),
  },
  {
    name: 'entity details (admin)',
    role: 'admin',
    path: () => '/admin',
    open: (page) =>
      page
        .getByRole('row')
        .filter({ hasText: world.advertiser.entityName })
        .getByRole('button', { name: 'View' })
        .click(),
    shows: dialogNamed(/Harbor Health/),
  },
  {
    name: 'moderate review (admin)',
    role: 'admin',
    path: () => '/admin',
    open: async (page) => {
      await page.getByRole('tab', { name: 'Review Moderation' }).click();
      await page.getByRole('tab', { name: 'Approved' }).click();
      await page
        .getByRole('article', { name: world.reviewTitle })
        .getByRole('button', { name: 'Re-moderate' })
        .click();
    },
    shows: dialogNamed('Moderate Review'),
  },
  {
    name: 'reply to review (entity page, owner)',
    role: 'advertiser',
    path: () => `/entity/${world.advertiser.entityId}`,
    open: async (page) => {
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await page
        .getByRole('article', { name: world.reviewTitle })
        .getByRole('button', { name: 'Reply', exact: true })
        .click();
    },
    shows: dialogNamed('Reply to Review'),
  },
  {
    name: 'user menu (header)',
    role: 'user',
    path: () => '/',
    open: (page) => page.getByRole('button', { name: 'Account menu for Ada Axe' }).click(),
    shows: (page) => page.getByRole('menu'),
  },
  {
    name: 'sign-up form with errors',
    role: null,
    path: () => '/signup',
    open: (page) => page.getByRole('button', { name: 'Create Account' }).click(),
    shows: (page) => page.locator('[aria-invalid="true"]').first(),
  },
  {
    name: 'login form with errors',
    role: null,
    path: () => '/login',
    open: (page) => page.getByRole('button', { name: 'Sign In' }).click(),
    shows: (page) => page.locator('[aria-invalid="true"]').first(),
  },
  {
    name: 'forgot-password form with errors',
    role: null,
    path: () => '/login?forgot=true',
    open: (page) => page.getByRole('button', { name: 'Send Reset Link' }).click(),
    shows: (page) => page.locator('[aria-invalid="true"]').first(),
  },
  {
    name: 'write-review form with errors',
    role: 'user',
    path: () => '/writereview',
    open: (page) => page.getByRole('button', { name: 'Submit Review' }).click(),
    shows: (page) => page.getByRole('alert').first(),
  },
  {
    name: 'register-entity form with errors',
    role: null,
    path: () => '/register-entity',
    open: (page) => page.getByRole('button', { name: 'Submit Registration' }).click(),
    shows: (page) => page.locator('[aria-invalid="true"]').first(),
  },
  {
    name: 'profile form with errors',
    role: 'user',
    path: () => '/profile',
    open: async (page) => {
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('First Name').fill('');
      // exact: the notification settings card has a 'Save preferences' button.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
    },
    shows: (page) => page.locator('[aria-invalid="true"]').first(),
  },
];

for (const state of STATES) {
  test(`state: ${state.name}`, async ({ browser }, testInfo) => {
    const { context, page } = await openPage(browser, state.role);
    try {
      await page.goto(state.path());
      await settle(page);
      await state.open(page);
      const shown = state.shows(page);
      await expect(shown).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await scanThemes(page, testInfo, state.name);
    } finally {
      await context.close();
    }
  });
}
