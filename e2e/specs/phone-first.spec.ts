import { expect, test } from '@playwright/test';
import { logIn, useSession } from '../support/accounts';
import { createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { createOffer } from '../support/offers';
import { E2E_ADMIN } from '../support/urls';

// Phone-first (docs/decisions/053-phone-first-and-database-teaser.md) at 390 px: the explorer's
// results start on the first screen (the filters behind a 'Filters' button that counts them; at
// 1280 px they stand in the page as before), a dashboard opens on its work (the badge a closed
// card, the tabs showing that they scroll, Saved searches a tab of its own), and a visitor sees a
// teaser of the company database: names, websites and types, no contact.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('at 390 px the explorer shows results first and a dashboard opens on its work', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const network = await createApprovedEntityAccount(request, 'network', {
    name: `Pocket Reach ${suffix}`,
  });
  for (const n of [1, 2]) {
    await createOffer(
      request,
      network,
      ketoOfferBody(`Pocket Keto ${suffix} ${n}`, `${suffix}-${n}`),
    );
  }

  await test.step('the explorer: filters behind the button, the first card on the first screen', async () => {
    await page.goto('/offers?category=Nutra&geo=US');
    const button = page.getByRole('button', { name: 'Filters, 2 set' });
    await expect(button).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search offers' })).toBeHidden();
    const firstCard = page.getByRole('listitem').filter({ hasText: 'Payout' }).first();
    await expect(firstCard).toBeVisible();
    const box = (await firstCard.boundingBox())!;
    expect(box.y).toBeLessThan(PHONE.height);
    expect(box.y + 120).toBeLessThan(PHONE.height); // its title and publisher too, not a sliver
    await page.screenshot({ path: testInfo.outputPath('offers-390-light.png') });

    await button.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('searchbox', { name: 'Search offers' })).toBeVisible();
    await sheet.getByRole('button', { name: 'CPA' }).click();
    await expect(page.getByRole('button', { name: 'Filters, 3 set' })).toBeAttached();
    await page.screenshot({ path: testInfo.outputPath('offers-sheet-390-light.png') });
    await sheet.getByRole('button', { name: /^Show \d+ offers?$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/payout_type=CPA/);

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: testInfo.outputPath('offers-390-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('at 1280 px the filters stand in the page and there is no button', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('searchbox', { name: 'Search offers' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters, / })).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('offers-1280-light.png') });
    await page.setViewportSize(PHONE);
  });

  await test.step('the network dashboard opens on its offers; the badge waits in a closed card', async () => {
    await useSession(page, network);
    await page.goto('/network-dashboard');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText(`Pocket Keto ${suffix} 1`)).toBeVisible();
    const top = (await panel.boundingBox())!.y;
    expect(top).toBeLessThan(PHONE.height / 2);

    const badge = page.getByTestId('trust-badge');
    await expect(badge.getByText('Your TrustLinks badge')).toBeVisible();
    await expect(badge.getByRole('textbox', { name: 'Badge HTML' })).toBeHidden();
    expect((await badge.boundingBox())!.height).toBeLessThan(100);

    // Ten tabs do not fit in 390 px: the list says so at its right edge, and a tap scrolls it.
    const hint = page.locator('[data-scroll-hint="after"]');
    await expect(hint).toBeVisible();
    await expect(page.locator('[data-scroll-hint="before"]')).toHaveCount(0);
    await hint.click();
    await expect(page.locator('[data-scroll-hint="before"]')).toBeVisible();

    // Saved searches: its own tab, not under My Offers.
    await expect(page.getByRole('heading', { name: 'Saved searches' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('network-dashboard-390-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: testInfo.outputPath('network-dashboard-390-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('tab', { name: 'Saved searches' }).click();
    await expect(page).toHaveURL(/tab=saved-searches/);
    await expect(page.getByRole('tabpanel').getByText('No saved searches yet.')).toBeVisible();
    // The selected far tab is scrolled into view.
    const tab = page.getByRole('tab', { name: 'Saved searches' });
    const tabBox = (await tab.boundingBox())!;
    expect(tabBox.x).toBeGreaterThanOrEqual(0);
    expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(PHONE.width);
  });
  expect(problems).toEqual([]);
});

test('a visitor sees a teaser of the company database: names, websites, types, no contact', async ({
  page,
  request,
}) => {
  const tag = uniqueSuffix();
  // '000' sorts first: the teaser shows the first companies in name order.
  const name = `000 Teaser ${tag} Media`;
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const csv = [
    'company_name,website,entity_type,full_name,designation,email,phone',
    `${name},https://www.teaser-${tag}.example,Network,Noor Haddad,Affiliate Manager,noor@teaser-${tag}.example,+44 20 7946 0999`,
  ].join('\n');
  const imported = await request.post('/api/admin/affiliate-companies/import', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { csv },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await page.goto('/affliate-industry');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await expect(
    page.getByText('Please log in to access the affiliate company database.'),
  ).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Log In', exact: true }),
  ).toHaveAttribute('href', '/login');
  const teaser = page.getByRole('region', { name: 'A look inside the database' });
  const row = teaser.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(
    row.getByRole('link', { name: new RegExp(`teaser-${tag}\\.example`) }),
  ).toBeVisible();
  await expect(row.getByText('Network')).toBeVisible();
  await expect(teaser.getByRole('button')).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(`noor@teaser-${tag}.example`);
  expect(html).not.toContain('7946 0999');
  expect(html).not.toContain('Noor Haddad');
});

// The admin panel's nine tabs scroll sideways as the dashboards' do, each label on one line: shared
// out over 390 px they were squeezed to a word a line and drawn over one another.
test('at 390 px the admin panel tabs scroll, each label whole', async ({
  page,
  request,
}, testInfo) => {
  const problems = collectPageErrors(page);
  await page.setViewportSize(PHONE);
  await useSession(page, await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password));
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
  await expect(tabs.first()).toBeEnabled();
  const boxes = await tabs.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        left: r.left,
        right: r.right,
        height: r.height,
        fits: el.scrollWidth <= el.clientWidth,
      };
    }),
  );
  expect(boxes.length).toBeGreaterThan(5);
  for (const [i, box] of boxes.entries()) {
    expect(box.fits).toBe(true);
    expect(box.height).toBeLessThan(48);
    if (i > 0) expect(box.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
  }
  await expect(page.locator('[data-scroll-hint="after"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-390-light.png') });
  expect(problems).toEqual([]);
});
