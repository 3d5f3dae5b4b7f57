import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { ketoOfferBody } from '../support/entities';
import { waitForMail } from '../support/inbox';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { offerWithApprovedPartner } from '../support/offers';

// Decision 030: an advertiser edits its running offer from the dashboard — the form is
// the create form, prefilled. Its stats stay; the payout and GEO change reaches the approved
// affiliate by mail and behind its bell, listing what changed.
test('an advertiser edits an offer; its affiliate is told what changed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `E2E Edit Offer ${suffix}`;

  const { owner: advertiser, affiliate } = await offerWithApprovedPartner(
    request,
    'advertiser',
    ketoOfferBody(title, suffix),
  );

  await test.step('the advertiser opens Edit on its offer: the form is prefilled', async () => {
    await useSession(page, advertiser);
    await page.goto('/advertiser-dashboard');
    const actions = page.getByRole('group', { name: `Actions for ${title}` });
    await actions.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit Offer: ${title}` });
    await expect(dialog.getByLabel('Offer Title')).toHaveValue(title);
    await expect(dialog.getByLabel('Target GEOs')).toHaveValue('US, CA, GB');
    await expect(dialog.getByLabel('Payout Value')).toHaveValue('45');

    // A bad value is named at its field and nothing is sent.
    await dialog.getByLabel('Target GEOs').fill('USA');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Please correct the highlighted fields.')).toBeVisible();

    await dialog.getByLabel('Target GEOs').fill('US, CA, GB, DE');
    await dialog.getByLabel('Payout Value').fill('52.50');
    await dialog.getByLabel(/Daily cap/).fill('200');
    await dialog.getByLabel(/Allowed traffic types/).fill('Native, Push');
    await dialog.getByLabel(/Forbidden traffic types/).fill('Incentivized');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Offer updated successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('US, CA, GB, DE')).toBeVisible();
    await expect(card.getByText('$52.50')).toBeVisible();
  });

  await test.step('the affiliate is told by mail and behind its bell', async () => {
    await waitForMail(affiliate.email, /payout: \$52\.50 CPA \(was \$45 CPA\)/);
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await expect(page.getByText(`"${title}" changed: payout, GEOs`)).toBeVisible();
  });

  expect(problems).toEqual([]);
});
