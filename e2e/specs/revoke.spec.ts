import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { offerWithApprovedPartner } from '../support/offers';

// Decision 025: an approved application can be undone. The network that owns the offer revokes its
// affiliate's application from the dashboard, with a reason; the affiliate's tracking link, which
// redirected a moment before, then answers 410 and sends nobody on.
test('the owner revokes an approved application; its tracking link stops', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `E2E Revoke Offer ${suffix}`;

  const {
    owner: network,
    affiliate,
    trackingUrl,
  } = await offerWithApprovedPartner(request, 'network', ketoOfferBody(title, suffix));
  const before = await request.get(trackingUrl, { maxRedirects: 0 });
  expect(before.status()).toBe(302);

  await test.step('the network revokes it from its Applications tab, with a reason', async () => {
    await useSession(page, network);
    await page.goto('/network-dashboard?tab=applications');
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('button', { name: 'Approved' })
      .click();
    const card = page.getByRole('listitem').filter({ hasText: affiliate.entityName });
    await expect(card.getByText(title)).toBeVisible();
    await card.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this application?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(
      dialog.getByText(
        'Please say why you revoke this application (the note is sent to the applicant).',
      ),
    ).toBeVisible();
    await dialog.getByLabel('Reason, sent to the applicant').fill('Incentivised traffic seen.');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(
      page.getByText('Application revoked. Its tracking link no longer works.'),
    ).toBeVisible();
    await page
      .getByRole('group', { name: 'Status' })
      .getByRole('button', { name: 'Revoked' })
      .click();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: affiliate.entityName })
        .getByText('Incentivised traffic seen.'),
    ).toBeVisible();
  });

  await test.step('the affiliate’s tracking link now answers 410 and redirects nowhere', async () => {
    const response = await page.goto(trackingUrl);
    expect(response?.status()).toBe(410);
    await expect(
      page.getByText('This tracking link has been revoked by the advertiser.'),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/go\//);
    const after = await request.get(trackingUrl, { maxRedirects: 0 });
    expect(after.status()).toBe(410);
  });

  expect(problems).toEqual([]);
});
