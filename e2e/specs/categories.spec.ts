import { expect, test, type APIRequestContext } from '@playwright/test';
import { logIn } from '../support/accounts';
import { createApprovedEntityAccount, placePublicWarning } from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer } from '../support/offers';
import { E2E_ADMIN } from '../support/urls';

// Categories and comparison (docs/decisions/055) against the real app: a vertical's networks
// server-rendered with breadcrumbs and ItemList JSON-LD, filtered by GEO and payout model, two
// picked for a comparison; the comparison's address shared, a public warning shown in it, four
// companies refused; the entity page's 'Compare' and the landing's link to the top networks.

/** A GEO code of this run: two letters no other journey's offers use. */
const GEO = 'IS';

/** The body of POST /api/offers/create for a sweepstakes offer in this run's GEO. */
function sweepsOfferBody(payoutType: 'CPA' | 'CPL', suffix: string) {
  return {
    title: `Sweeps ${payoutType} ${suffix}`,
    category: 'Sweepstakes',
    description: 'Iceland sweepstakes, one-step entry.',
    target_geo: [GEO],
    payout_type: payoutType,
    payout_value: 4,
    landing_page_url: `https://sweeps.example.com/${payoutType}-${suffix}`,
  };
}

async function slugOf(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`/api/entities/public/${id}`);
  return ((await res.json()) as { entity: { slug: string } }).entity.slug;
}

test('a category page: ranked, filtered, two companies picked and compared', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const cpa = await createApprovedEntityAccount(request, 'network', {
    name: `Aurora Sweeps ${suffix}`,
    metadata: { verticals: ['Sweepstakes'], payment_terms: 'Net 7', minimum_payout: 50 },
  });
  const cpl = await createApprovedEntityAccount(request, 'network', {
    name: `Borealis Leads ${suffix}`,
  });
  await createOffer(request, cpa, sweepsOfferBody('CPA', suffix));
  await createOffer(request, cpl, sweepsOfferBody('CPL', suffix));

  await test.step('the server renders the list with breadcrumbs and ItemList JSON-LD', async () => {
    const html = await (await request.get(`/networks/sweepstakes?geo=${GEO}`)).text();
    expect(html).toContain('"@type":"ItemList"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain(cpa.entityName);
    expect(html).toContain(cpl.entityName);
  });

  await page.goto(`/networks/sweepstakes?geo=${GEO}`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Best Sweepstakes networks');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Networks' })).toHaveAttribute(
    'href',
    '/networks/all',
  );
  const list = page.getByTestId('category-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await test.step('the payout model filter narrows the list, in the address', async () => {
    await page.getByLabel('Payout model').selectOption('CPL');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/payout=CPL/);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText(cpl.entityName);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/geo=/);
  });

  await test.step('two companies picked are compared side by side', async () => {
    await page.goto(`/networks/sweepstakes?geo=${GEO}`);
    await waitForApp(page);
    for (const name of [cpa.entityName, cpl.entityName]) {
      await list
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByRole('button', { name: 'Compare' })
        .click();
    }
    await page.getByTestId('compare-selected').click();
    await expect(page).toHaveURL(/\/compare\?c=/);
    const table = page.getByTestId('compare-table');
    await expect(table.getByRole('columnheader')).toContainText([
      'Company',
      cpa.entityName,
      cpl.entityName,
    ]);
    await expect(table.getByRole('row').filter({ hasText: 'Payment terms' })).toContainText(
      'Net 7',
    );
    await expect(table.getByRole('row').filter({ hasText: 'GEOs' })).toContainText(GEO);
  });
  expect(problems).toEqual([]);
});

test('a shared comparison: warnings always shown, four refused, reached from the entity page and the landing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const warned = await createApprovedEntityAccount(request, 'network', {
    name: `Cinder Clicks ${suffix}`,
  });
  const fine = await createApprovedEntityAccount(request, 'advertiser', {
    name: `Delta Brands ${suffix}`,
  });
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await placePublicWarning(
    request,
    admin,
    warned.entityId,
    `Unpaid commissions reported ${suffix}.`,
    '2026-11-01',
  );
  const slugs = [await slugOf(request, warned.entityId), await slugOf(request, fine.entityId)];

  await test.step('the shared address is server-rendered with the warning', async () => {
    const html = await (await request.get(`/compare?c=${slugs.join(',')}`)).text();
    expect(html).toContain(`Unpaid commissions reported ${suffix}.`);
    expect(html).toContain(fine.entityName);
  });

  await page.goto(`/compare?c=${slugs.join(',')}`);
  await waitForApp(page);
  await expect(page.getByTestId('compare-warnings').first()).toContainText(
    `Unpaid commissions reported ${suffix}.`,
  );
  await expect(page.getByTestId('compare-warnings').nth(1)).toHaveText('None');

  await test.step('four companies are refused with a clear message', async () => {
    await page.goto(`/compare?c=${[...slugs, 'a-company', 'another-company'].join(',')}`);
    await expect(page.getByText('Compare at most three companies at a time.')).toBeVisible();
  });

  await test.step("the entity page's Compare opens a comparison of it", async () => {
    await page.goto(`/entity/${slugs[1]}`);
    await waitForApp(page);
    await page.getByRole('link', { name: 'Compare', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/compare\\?c=${slugs[1]}$`));
    await expect(page.getByTestId('compare-table')).toContainText(fine.entityName);
    await expect(page.getByRole('link', { name: 'Add advertisers to compare' })).toBeVisible();
  });

  await test.step('the landing links to the top networks side by side', async () => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('link', { name: 'Compare the top networks' }).click();
    await expect(page).toHaveURL(/\/compare$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top networks side by side');
  });
  expect(problems).toEqual([]);
});
