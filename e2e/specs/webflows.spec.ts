import { expect, test } from '@playwright/test';
import { createVerifiedAccount, logIn, useSession } from '../support/accounts';
import { bearer, createApprovedEntityAccount, loanOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer, decideApplication } from '../support/offers';
import { publishedReview } from '../support/reviews';
import { E2E_ADMIN } from '../support/urls';

// Decision 027, no dead ends: the offer page shows where the affiliate stands and the notification of
// the decision opens it; a review's own address opens the entity page scrolled to the review; a
// signed-in reader reports it and the admin finds it in Review Moderation.

test('the offer page shows the application; the decision’s notification opens it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `E2E Status Offer ${suffix}`;
  const network = await createApprovedEntityAccount(request, 'network');
  const offer = await createOffer(
    request,
    network,
    loanOfferBody(title, `https://loans-${suffix}.example.com/`),
  );
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  await useSession(page, affiliate);

  await test.step('Run This Offer asks for a message and traffic sources; the page shows Pending', async () => {
    await page.goto(`/offer/${offer.offer_id}`);
    await waitForApp(page);
    const dialog = page.getByRole('dialog', { name: 'Run This Offer' });
    // The server's button is replaced while the page checks for an application of the affiliate's
    // own: click the one that is there once that check is done.
    await expect(async () => {
      await page.getByRole('button', { name: 'Run This Offer' }).click({ timeout: 2_000 });
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await dialog.getByLabel(/Message to the advertiser/).fill('US search, 5k leads a month.');
    await dialog.getByLabel(/Traffic sources/).fill('Google Ads, email list');
    await dialog.getByRole('button', { name: 'Send application' }).click();
    const status = page.getByTestId('my-application');
    await expect(status.getByText('Pending')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run This Offer' })).toHaveCount(0);
    // Still so after a reload: the page reads it from the server.
    await page.reload();
    await expect(page.getByTestId('my-application').getByText('Pending')).toBeVisible();
  });

  await test.step('the owner approves; the notification opens the offer with the tracking link', async () => {
    const list = await request.get(`/api/offers/${offer.offer_id}/applications`, {
      headers: bearer(network),
    });
    const { applications } = (await list.json()) as {
      applications: { application_id: string; traffic_sources: string | null }[];
    };
    expect(applications[0]!.traffic_sources).toBe('Google Ads, email list');
    await decideApplication(
      request,
      network,
      applications[0]!.application_id,
      'approved',
      'Welcome.',
    );

    await page.goto('/notifications');
    await page
      .getByRole('link', { name: new RegExp(`Your application to "${title}" was approved`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/offer/${offer.slug}$`));
    const status = page.getByTestId('my-application');
    await expect(status.getByText('Approved', { exact: true })).toBeVisible();
    await expect(status.getByRole('textbox', { name: 'Your tracking link' })).toHaveValue(
      /\/go\/[A-Za-z0-9_-]{24}$/,
    );
    await expect(status.getByRole('button', { name: 'Copy' })).toBeVisible();
  });

  expect(problems).toEqual([]);
});

test('a review’s own address scrolls to it; a report reaches Review Moderation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const owner = await createApprovedEntityAccount(request, 'advertiser');
  const ids: string[] = [];
  for (const [i, rating] of [5, 4, 2].entries()) {
    ids.push(
      await publishedReview(request, admin, owner.entityId, `Review ${i} ${suffix}`, rating),
    );
  }
  const linkedTitle = `Review 0 ${suffix}`;
  const reader = await createVerifiedAccount(request);

  await test.step('the address opens the page scrolled to the review, on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useSession(page, reader);
    await page.goto(`/entity/${owner.entityId}?tab=reviews&review=${ids[0]}`);
    const card = page.locator(`#review-${ids[0]}`);
    await expect(card).toBeVisible();
    await expect(card).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.getByText('The review you opened')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Reviews' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  await test.step('the reader reports it with a reason', async () => {
    const card = page.getByRole('article', { name: linkedTitle }).first();
    await card.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByLabel('Reason').selectOption('conflict_of_interest');
    await dialog.getByLabel(/Details/).fill(`Written by a competitor (${suffix}).`);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thanks. Your report was sent to our moderators.')).toBeVisible();
  });

  await test.step('the admin finds it under Review Moderation, Reported', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await useSession(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Review Moderation' }).click();
    await page.getByRole('tab', { name: 'Reported', exact: true }).click();
    const card = page.getByRole('article', { name: linkedTitle });
    await expect(card.getByText('Written by a competitor or the company itself')).toBeVisible();
    await expect(card.getByText(`Written by a competitor (${suffix}).`)).toBeVisible();
    await expect(card.getByText(new RegExp(reader.email.replace(/[.+]/g, '\\$&')))).toBeVisible();
  });

  expect(problems).toEqual([]);
});
