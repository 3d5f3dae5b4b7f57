import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { useSession } from '../support/accounts';
import { E2E_LANDING_HOST } from '../support/chromium';
import { bearer, createApprovedEntityAccount, loanOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer } from '../support/offers';

// Decision 014, the marketplace loop end to end: a visitor is sent to log in by 'Run This Offer' and
// comes back to apply; the network sees the bell's count, opens the notification and approves;
// the affiliate's tracking link leads to the landing page with a click_id; the advertiser's
// tracker sends the postback; the network's card shows 1 click and 1 conversion.
test('apply → approve → tracking link → postback → the counts on the card', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);

  const suffix = uniqueSuffix();
  const title = `E2E Loop Offer ${suffix}`;
  // The advertiser's landing page: a real page on its own server.
  const landingServer = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>Landing</title><h1>Loan comparison landing page</h1>');
  });
  await new Promise<void>((resolve) => landingServer.listen(0, '127.0.0.1', resolve));
  // Served on loopback under a public-looking name that Chromium maps there (support/chromium.ts).
  const landing = `http://${E2E_LANDING_HOST}:${(landingServer.address() as AddressInfo).port}/loop-${suffix}`;

  const network = await createApprovedEntityAccount(request, 'network');
  const offer = await createOffer(request, network, loanOfferBody(title, landing));
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  // Each already has one notification: its company's approval.
  const unreadOf = async (account: { token: string }) =>
    (
      (await (await request.get('/api/notifications', { headers: bearer(account) })).json()) as {
        unread_count: number;
      }
    ).unread_count;
  const networkUnread = await unreadOf(network);
  const affiliateUnread = await unreadOf(affiliate);

  await test.step('a visitor logs in from Run This Offer, comes back and applies', async () => {
    await page.goto(`/offer/${offer.offer_id}`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Run This Offer' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'Email' }).fill(affiliate.email);
    await main.getByLabel('Password').fill(affiliate.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/offer/${offer.slug}$`));
    await page.getByRole('button', { name: 'Run This Offer' }).click();
    const apply = page.getByRole('dialog', { name: 'Run This Offer' });
    await apply.getByLabel(/Message to the advertiser/).fill('US search traffic, 5k a day.');
    await apply.getByRole('button', { name: 'Send application' }).click();
    await expect(
      page.getByText(
        `Application sent to ${network.entityName}. You will be notified when they approve or reject it.`,
      ),
    ).toBeVisible();
  });

  const networkContext = await browser.newContext();
  const networkPage = await networkContext.newPage();
  collectPageErrors(networkPage, problems);

  await test.step('the network sees the bell count, opens the notification and approves', async () => {
    await useSession(networkPage, network);
    const bell = networkPage.getByRole('button', {
      name: `Notifications, ${networkUnread + 1} unread`,
    });
    await expect(bell).toBeVisible();
    await bell.click();
    await networkPage
      .getByRole('menuitem', { name: new RegExp(`New application to "${title}"`) })
      .click();
    await expect(networkPage).toHaveURL(/\/network-dashboard\?tab=applications$/);
    await expect(
      networkPage.getByRole('button', {
        name: networkUnread ? `Notifications, ${networkUnread} unread` : 'Notifications',
      }),
    ).toBeVisible();
    const card = networkPage.getByRole('listitem').filter({ hasText: affiliate.entityName });
    await expect(card.getByText(title)).toBeVisible();
    await card.getByRole('button', { name: 'Approve' }).click();
    const dialog = networkPage.getByRole('dialog', { name: 'Approve this application?' });
    await dialog.getByLabel(/Note to the applicant/).fill('Welcome, weekly payouts.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(
      networkPage.getByText('Application approved. The applicant now has a tracking link.'),
    ).toBeVisible();
  });

  let clickId = '';
  await test.step('the affiliate finds its tracking link, which leads to the landing page', async () => {
    // The decision reaches the affiliate's bell by its 30-second poll.
    await expect(
      page.getByRole('button', { name: `Notifications, ${affiliateUnread + 1} unread` }),
    ).toBeVisible({ timeout: 40_000 });
    await page.goto('/affiliate-dashboard?tab=my-applications');
    const link = page.getByTestId('tracking-link');
    await expect(link).toHaveText(/\/go\/[A-Za-z0-9_-]{24}$/);
    const trackingUrl = (await link.textContent())!;
    await page.goto(trackingUrl);
    await expect(page.getByRole('heading', { name: 'Loan comparison landing page' })).toBeVisible();
    const reached = new URL(page.url());
    expect(`${reached.origin}${reached.pathname}`).toBe(landing);
    clickId = reached.searchParams.get('click_id') ?? '';
    expect(clickId).toMatch(/^[0-9a-f-]{36}$/);
  });

  await test.step('the tracker sends the postback; the network’s card shows 1 click, 1 conversion', async () => {
    await networkPage.goto('/network-dashboard?tab=offers');
    const card = networkPage.getByRole('listitem').filter({ hasText: title });
    await card.getByRole('button', { name: 'Postback' }).click();
    const dialog = networkPage.getByRole('dialog', { name: 'Postback setup' });
    await dialog.getByRole('button', { name: 'Show secret' }).click();
    const secret = (await dialog.getByTestId('postback-secret').textContent())!.trim();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    const postback = await request.get(
      `/api/postback?click_id=${clickId}&secret=${secret}&payout=12`,
    );
    expect(postback.status()).toBe(200);
    const replay = await request.get(`/api/postback?click_id=${clickId}&secret=${secret}`);
    expect(((await replay.json()) as { duplicate: boolean }).duplicate).toBe(true);

    await networkPage.reload();
    await expectStat(networkPage, title, 'Clicks', '1');
    await expectStat(networkPage, title, 'Conversions', '1');
    await expectStat(networkPage, title, 'Conv. rate', '100.0%');
    await expectStat(networkPage, title, 'EPC', '$12');
  });

  await networkContext.close();
  landingServer.close();
  expect(problems).toEqual([]);
});

async function expectStat(page: Page, title: string, label: string, value: string) {
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.locator(`dt:text-is("${label}") + dd`)).toHaveText(value);
}
