import { expect, test } from '@playwright/test';
import { waitForApp } from '../support/journey';

test('the landing page shows its tagline, figures and calls to action', async ({ page }) => {
  // CSP violations and script errors surface here; the landing page must have none.
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Where Trust Links Us All' }),
  ).toBeVisible();
  const main = page.locator('main');
  // The figures are counted from the database (docs/decisions/026, specs/public.spec.ts).
  await expect(main.getByRole('region', { name: 'Trusted across the industry' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(main.getByRole('link', { name: 'View All Offers' })).toHaveAttribute(
    'href',
    '/offers',
  );
  const nav = page.getByRole('navigation').first();
  for (const label of ['Add Network', 'Offers', 'Wishlist', 'Advertisers', 'Reviews', 'Database']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an unknown path answers 404 with the not-found page, which leads home', async ({ page }) => {
  const response = await page.goto('/this/path/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Where Trust Links Us All' }),
  ).toBeVisible();
});

test('a client route loads its own page from a deep link', async ({ page }) => {
  await page.goto('/offers');
  await expect(page.getByRole('heading', { level: 1, name: /Offers/ })).toBeVisible();
  await expect(page).toHaveURL(/\/offers$/);
});

test('the theme toggle flips the theme and remembers it across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  // A server-rendered button does nothing until the app has hydrated (decision 021).
  await waitForApp(page);
  await page.getByRole('button', { name: 'Toggle theme' }).first().click();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.reload();
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  await page.getByRole('button', { name: 'Toggle theme' }).first().click();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await page.reload();
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu opens with the navigation and closes on navigation', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    await waitForApp(page);
    await open.click();
    const menu = page.getByRole('dialog').or(page.locator('#mobile-menu'));
    await expect(menu.getByRole('link', { name: 'Wishlist', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();
    await menu.getByRole('link', { name: 'Offers', exact: true }).click();
    await expect(page).toHaveURL(/\/offers$/);
    await expect(menu.getByRole('link', { name: 'Wishlist', exact: true })).toBeHidden();
  });

  test('the landing page does not scroll sideways', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
