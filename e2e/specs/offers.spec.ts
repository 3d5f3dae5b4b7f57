import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer } from '../support/offers';

// One journey through the offers against the real app: a network (approved the real way)
// publishes an offer through the API; an affiliate finds it in the explorer by its category chip,
// opens it and applies with 'Run This Offer'; a title search in the URL survives a reload. Then
// the showcase loads a JSON file of offers in the browser.
test('an affiliate finds a network offer in the explorer and applies to it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);

  const suffix = uniqueSuffix();
  const title = `E2E Keto Trial ${suffix}`;

  const network = await createApprovedEntityAccount(request, 'network');
  const offer = await createOffer(request, network, ketoOfferBody(title, suffix));

  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  await useSession(page, affiliate);

  await test.step('the affiliate finds the offer by its category chip', async () => {
    await page.goto('/offers');
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    const chips = page.getByRole('group', { name: 'Category' });
    await waitForApp(page);
    await chips.getByRole('button', { name: 'Nutra' }).click();
    await expect(page).toHaveURL(/\/offers\?category=Nutra$/);
    await expect(chips.getByRole('button', { name: 'Nutra' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('US, CA…')).toBeVisible();
    await expect(card.getByText('$45')).toBeVisible();
    await expect(card.getByRole('link', { name: network.entityName })).toBeVisible();

    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/offer/${offer.slug}$`));
  });

  await test.step('the offer page shows the details and the network, and the affiliate applies', async () => {
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: network.entityName })).toHaveAttribute(
      'href',
      `/entity/${offer.entity_slug}`,
    );
    await expect(page.getByText('$45 CPA').first()).toBeVisible();
    // The explorer's card holds no description (decision 043): the page loaded the offer.
    await expect(
      page.getByText('Free-trial keto supplement. Native and push traffic allowed.'),
    ).toBeVisible();
    await expect(page.getByText('No incentivised traffic.')).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('0 Reviews')).toBeVisible();
    await expect(page.getByText('1 Offer', { exact: true })).toBeVisible();
    const landing = page.getByRole('link', { name: new RegExp(`keto-${suffix}`) });
    await expect(landing).toHaveAttribute('target', '_blank');

    await page.getByRole('button', { name: 'Run This Offer' }).click();
    const apply = page.getByRole('dialog', { name: 'Run This Offer' });
    await apply.getByLabel(/Traffic sources/).fill('Push, native');
    await apply.getByRole('button', { name: 'Send application' }).click();
    await expect(
      page.getByText(
        `Application sent to ${network.entityName}. You will be notified when they approve or reject it.`,
      ),
    ).toBeVisible();
    // One open application per offer and company: the page shows it instead of a second
    // 'Run This Offer' (docs/decisions/027; the API answers 409 to a second one).
    await expect(page.getByTestId('my-application').getByText('Pending')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run This Offer' })).toHaveCount(0);
  });

  await test.step('a title search in the URL survives a reload and shows the count', async () => {
    await page.goto(`/offers?title=${suffix}`);
    await expect(page.getByText('1 offer found')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Search offers')).toHaveValue(suffix);
    await expect(page.getByText('1 offer found')).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();

    await page.getByLabel('Search offers').fill(`${suffix}-nothing`);
    await expect(page.getByText('No offers found')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`title=${suffix}-nothing`));
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/offers$/);
    await expect(page.getByLabel('Search offers')).toHaveValue('');
  });

  await test.step('the showcase loads a JSON file of offers, skipping a broken entry', async () => {
    await page.goto('/showcase');
    await expect(page.getByText('No offers yet')).toBeVisible();
    const input = page.getByLabel('Choose JSON file');

    await input.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{ "title": '),
    });
    await expect(
      page.getByText('Invalid JSON format. Please upload a valid offer file.'),
    ).toBeVisible();

    const file = [
      {
        title: 'Showcase Keto',
        geo: 'US, CA',
        payout: '$45',
        category: 'Nutra',
        description: 'Trial',
      },
      {
        title: 'Showcase Casino',
        geo: ['DE', 'AT'],
        payout: '40%',
        category: 'Gambling',
        description: 'RevShare',
      },
      { title: 'Broken entry', geo: 'FR' },
    ];
    await input.setInputFiles({
      name: 'offers.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect(page.getByText('2 offers loaded')).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').filter({ hasText: 'Showcase Casino' })).toContainText(
      'DE, AT',
    );

    await page.getByLabel('Search offers').fill('gambling');
    await expect(page.getByText('1 of 2 offers matches')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
  });

  expect(problems).toEqual([]);
});
