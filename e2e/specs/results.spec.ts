import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { offerWithApprovedPartner, recordConversion } from '../support/offers';

// Decision 031: an offer's owner opens its results across all its offers, then the offer's own,
// sees the day's click and conversion in the chart and the table, changes the period, and exports the same numbers as CSV; the affiliate sees the
// click under its sub-ID in its own overview.
test('the owner opens the results chart, changes the period and exports CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `E2E Results Offer ${suffix}`;
  const today = new Date().toISOString().slice(0, 10);

  const {
    owner: advertiser,
    offer,
    affiliate,
    trackingUrl,
  } = await offerWithApprovedPartner(request, 'advertiser', ketoOfferBody(title, suffix));
  // One visitor follows the link with a sub-ID; the advertiser's tracker reports the sale.
  await recordConversion(request, `${trackingUrl}?sub1=push-${suffix}`, offer.postback_secret, 12);

  await test.step('the Results tab shows the chart and today’s figures', async () => {
    await useSession(page, advertiser);
    await page.goto('/advertiser-dashboard?tab=results');
    // The dashboard's route and the chart load lazily: a first visit may take a while.
    await expect(page.getByRole('heading', { name: 'Results over time' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('img', { name: /Chart of clicks and conversions per day/ }),
    ).toBeVisible();
    // It opens on all the advertiser's offers, one row each; an offer's name opens its own view.
    await expect(page.getByLabel('Show results for')).toHaveValue('own-offers');
    await expect(page.getByText('Date (UTC)')).toBeVisible();
    const allOffers = page.getByRole('region', { name: 'Per offer' });
    await expect(allOffers.getByRole('row').filter({ hasText: title })).toContainText('$12');
    await page.getByRole('button', { name: `Show the results of ${title} per affiliate` }).click();
    await expect(page.getByLabel('Show results for')).toHaveValue(offer.offer_id);
    const byDay = page.getByRole('region', { name: 'Per day' });
    await expect(byDay.getByRole('row')).toHaveCount(1 + 7 + 1);
    const totals = byDay.getByRole('row').filter({ hasText: 'Totals' });
    await expect(totals).toContainText('100.00%');
    await expect(totals).toContainText('$12');
    const perAffiliate = page.getByRole('region', { name: 'Per affiliate' });
    await expect(
      perAffiliate.getByRole('row').filter({ hasText: affiliate.entityName }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'By sub-ID (sub1)' }).getByText(`push-${suffix}`),
    ).toBeVisible();
  });

  await test.step('the period changes to 30 days, then to a custom range', async () => {
    await page
      .getByRole('group', { name: 'Period' })
      .getByRole('button', { name: '30 days' })
      .click();
    const byDay = page.getByRole('region', { name: 'Per day' });
    await expect(byDay.getByRole('row')).toHaveCount(1 + 30 + 1);
    await page
      .getByRole('group', { name: 'Period' })
      .getByRole('button', { name: 'Custom range' })
      .click();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-03');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(byDay.getByRole('row')).toHaveCount(1 + 3 + 1);
    await expect(byDay.getByRole('row').filter({ hasText: 'Totals' })).toContainText('0');
    await page
      .getByRole('group', { name: 'Period' })
      .getByRole('button', { name: 'Today' })
      .click();
    await expect(byDay.getByRole('row')).toHaveCount(1 + 1 + 1);
  });

  await test.step('Export CSV downloads the same numbers', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`results-${today}-to-${today}.csv`);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    // A UTF-8 byte order mark first, so Excel reads the file as UTF-8.
    expect(text).toBe(
      '\uFEFFDate,Affiliate,Clicks,Conversions,Conversion rate (%),Payout,EPC\r\n' +
        `${today},${affiliate.entityName},1,1,100.00,12.00,12.00\r\n`,
    );
  });

  await test.step('the affiliate sees the offer and its sub-ID in its overview', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard?tab=results');
    await expect(page.getByRole('heading', { name: 'Results over time' })).toBeVisible({
      timeout: 30_000,
    });
    const perOffer = page.getByRole('region', { name: 'Per offer' });
    await expect(perOffer.getByRole('row').filter({ hasText: title })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'By sub-ID (sub1)' }).getByText(`push-${suffix}`),
    ).toBeVisible();
  });

  expect(problems).toEqual([]);
});
