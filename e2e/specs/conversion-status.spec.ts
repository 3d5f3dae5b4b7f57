import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { offerWithApprovedPartner, recordConversion } from '../support/offers';

// Decision 049: the advertiser scrubs a conversion in Results (rejects it with a reason), and the
// affiliate sees the status and the reason in its own Results and in the conversions CSV.
test('the advertiser rejects a conversion with a reason and the affiliate sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `E2E Scrub Offer ${suffix}`;
  const reason = `Duplicate lead ${suffix}`;

  const {
    owner: advertiser,
    offer,
    affiliate,
    trackingUrl,
  } = await offerWithApprovedPartner(request, 'advertiser', ketoOfferBody(title, suffix));
  const clickId = await recordConversion(request, trackingUrl, offer.postback_secret, 30);

  await test.step('the advertiser rejects the conversion with a reason in its Results', async () => {
    await useSession(page, advertiser);
    await page.goto('/advertiser-dashboard?tab=results');
    await expect(page.getByRole('heading', { name: 'Results over time' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('Show results for').selectOption(offer.offer_id);
    const [conversions] = await page.getByRole('region', { name: 'Conversions' }).all();
    const row = conversions!.getByRole('row').filter({ hasText: affiliate.entityName });
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: `Set status: ${clickId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Set the conversion’s status' });
    await dialog.getByLabel('Status').selectOption('rejected');
    // A rejection needs its reason: the server says so.
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await expect(dialog.getByText('Please say why you reject this conversion')).toBeVisible();
    await dialog.getByLabel('Reason (shown to the affiliate)').fill(reason);
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByText('Conversion marked rejected.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText(`Reason: ${reason}`);
    // Out of the paid figures.
    await expect(page.getByRole('region', { name: 'Totals of the period' })).toContainText('$0');
  });

  await test.step('the affiliate sees the status and the reason in its Results and CSV', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard?tab=results');
    await expect(page.getByRole('heading', { name: 'Results over time' })).toBeVisible({
      timeout: 30_000,
    });
    const [conversions] = await page.getByRole('region', { name: 'Conversions' }).all();
    const row = conversions!.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText(`Reason: ${reason}`);
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('conversion-counts')).toContainText('Rejected 1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export conversions CSV' }).click(),
    ]);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`${clickId},,30.00,rejected,${reason},no`);
  });

  expect(problems).toEqual([]);
});
