import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { bearer, createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';

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

  const advertiser = await createApprovedEntityAccount(request, 'advertiser');
  const created = await request.post('/api/offers/create', {
    headers: bearer(advertiser),
    data: ketoOfferBody(title, suffix),
  });
  expect(created.status()).toBe(201);
  const { offer } = (await created.json()) as {
    offer: { offer_id: string; postback_secret: string };
  };
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const applied = await request.post(`/api/offers/${offer.offer_id}/click`, {
    headers: bearer(affiliate),
  });
  const { application } = (await applied.json()) as { application: { application_id: string } };
  await request.put(`/api/offers/applications/${application.application_id}`, {
    headers: bearer(advertiser),
    data: { status: 'approved' },
  });
  const mine = await request.get('/api/offers/applications/mine', { headers: bearer(affiliate) });
  const trackingUrl = ((await mine.json()) as { applications: { tracking_url: string }[] })
    .applications[0]!.tracking_url;
  const click = await request.get(trackingUrl, {
    maxRedirects: 0,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
  });
  expect(click.status()).toBe(302);
  const clickId = new URL(click.headers().location!).searchParams.get('click_id')!;
  const postback = await request.post('/api/postback', {
    data: { click_id: clickId, secret: offer.postback_secret, payout: 30 },
  });
  expect(postback.status()).toBe(200);

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
