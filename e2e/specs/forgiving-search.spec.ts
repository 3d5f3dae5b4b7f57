import { expect, test } from '@playwright/test';
import { createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer } from '../support/offers';

// A search that forgives (docs/decisions/028-offer-word-search.md, Note 2026-11-29), against the
// real app: "keto slim" finds "KetoSlim Pro" (the words joined) and sorts by Best match; a
// company's name, "blockreach", finds no offer but offers "Offers by BlockReach Media …", which
// applies the publisher filter.
test('a visitor finds KetoSlim by "keto slim" and a network’s offers by its name', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `KetoSlim Pro ${suffix}`;
  const networkName = `BlockReach Media ${suffix}`;

  const network = await createApprovedEntityAccount(request, 'network', { name: networkName });
  await createOffer(request, network, ketoOfferBody(title, suffix));

  await page.goto('/offers');
  await waitForApp(page);
  const search = page.getByLabel('Search offers');
  const sort = page.getByLabel('Sort by');
  await expect(sort).toHaveValue('newest');

  await test.step('"keto slim" finds KetoSlim Pro, by Best match', async () => {
    await search.pressSequentially('keto slim', { delay: 40 });
    await expect(page).toHaveURL(/\/offers\?title=keto\+slim$/);
    await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible();
    await expect(page.getByText('Showing offers for “ketoslim”')).toBeVisible();
    await expect(sort).toHaveValue('best');
  });

  await test.step('"blockreach" offers the network’s offers, and the filter finds them', async () => {
    await search.fill('blockreach');
    await expect(page).toHaveURL(/\/offers\?title=blockreach$/);
    await expect(page.getByText('No offers found')).toBeVisible();
    await page.getByRole('button', { name: `Offers by ${networkName}` }).click();
    // The network by its slug (docs/decisions/052).
    await expect(page).toHaveURL(/\/offers\?entity=blockreach-media-[a-z0-9-]+$/);
    await expect(search).toHaveValue('');
    await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible();
    await expect(page.getByText(`Selected: ${networkName}`)).toBeVisible();
  });

  expect(problems).toEqual([]);
});
