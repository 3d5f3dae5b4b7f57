import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { createApprovedEntityAccount } from '../support/entities';
import { waitForMail } from '../support/inbox';
import { collectPageErrors, uniqueSuffix } from '../support/journey';

// One journey through the marketplace against the real app: an affiliate (approved the real
// way) posts an offer request from its dashboard; it shows on the affiliates wishlist with high
// priority (volume over 50000); a network submits a counter offer from its dashboard and emails
// the affiliate from the wishlist (the SMTP sink receives it); the affiliate sees the bid under
// 'View Bids'.
test('a network bids on and contacts about an affiliate request', async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);

  const suffix = uniqueSuffix();
  const title = `E2E LATAM COD traffic ${suffix}`;
  const vertical = `COD ${suffix}`;
  const message = `Hello from the network, we have COD offers for you ${suffix}.`;

  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const network = await createApprovedEntityAccount(request, 'network');

  await test.step('the affiliate creates a request in the Create Offer Request modal', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' }),
    ).toBeVisible();
    await expect(page.getByText('No requests created yet.')).toBeVisible();

    await page.getByRole('button', { name: '+ Create Offer Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Offer Request' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Vertical').fill(vertical);
    await dialog.getByLabel('Target GEOs').fill('MX, CO, PE, CL, AR, BR');
    await dialog.getByLabel('Traffic Types').fill('Social, Native');
    await dialog.getByLabel('Platforms Used').fill('Facebook, TikTok');
    await dialog.getByLabel('Daily Traffic Volume').fill('60000');
    await dialog.getByLabel('Desired Payout Type').selectOption('CPA');
    await dialog.getByLabel(/Notes/).fill('Spanish landing pages, daily caps of 200+.');
    await dialog.getByRole('button', { name: 'Create Request' }).click();

    await expect(page.getByText('Offer request created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('Active')).toBeVisible();
    await expect(card.getByText('60,000/day')).toBeVisible();
    await expect(page.getByRole('tab', { name: /My Requests/ })).toContainText('1');
  });

  await test.step('the request shows on the wishlist with high priority', async () => {
    await page.goto('/affiliatedwishlist');
    await expect(
      page.getByText('Connect with quality affiliates actively seeking new offers'),
    ).toBeVisible();
    await page.getByLabel('Vertical').fill(vertical);
    await expect(page.getByText('1 affiliate found')).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('High priority')).toBeVisible();
    await expect(card.getByText('60K/day')).toBeVisible();
    await expect(card.getByText('+2 more')).toBeVisible();
    // An affiliate cannot contact: the page says who can.
    await expect(
      page.getByText('Only advertisers and networks can contact affiliates.'),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: /Contact Affiliate/ })).toBeDisabled();
  });

  await test.step('the network submits a counter offer from its dashboard', async () => {
    await useSession(page, network);
    await page.goto('/network-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Network Dashboard' })).toBeVisible();
    await page.getByRole('tab', { name: 'Offer Requests' }).click();
    await page.getByRole('button', { name: `Submit Counter Offer: ${title}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Submit Counter Offer' });
    await expect(dialog.getByText(title)).toBeVisible();
    await expect(dialog.getByText(vertical)).toBeVisible();
    await dialog.getByLabel('Your Offer Amount').fill('32.50');
    await dialog.getByLabel('Additional Notes').fill('Cap 300 per day, weekly payouts.');
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(page.getByText('Counter offer submitted successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  // The owner is told by mail too.
  await waitForMail(affiliate.email, /counter offer of \$32\.50/);

  await test.step('the network contacts the affiliate from the wishlist', async () => {
    await page.goto('/affiliatedwishlist');
    await page.getByLabel('Vertical').fill(vertical);
    await page.getByRole('button', { name: `Contact Affiliate: ${title}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Contact Affiliate' });
    await expect(dialog.getByText(/Privacy notice/)).toBeVisible();
    const send = dialog.getByRole('button', { name: 'Send Email' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Message').fill(message);
    await send.click();
    await expect(page.getByText('Contact email sent successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  // The message arrives as written (lines may be wrapped in the mail).
  await waitForMail(
    affiliate.email,
    new RegExp(message.replace(/\./g, '\\.').replace(/ /g, '\\s+')),
  );

  await test.step("the affiliate sees the network's bid under View Bids", async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: `View Bids: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Bids' });
    await expect(dialog.getByText(network.entityName)).toBeVisible();
    await expect(dialog.getByText('$32.50')).toBeVisible();
    await expect(dialog.getByText('Cap 300 per day, weekly payouts.')).toBeVisible();
  });

  expect(problems).toEqual([]);
});
