import { expect, test } from '@playwright/test';
import { logIn, useSession } from '../support/accounts';
import {
  createApprovedEntityAccount,
  ketoOfferBody,
  placePublicWarning,
} from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer, createOfferRequest, placeBid } from '../support/offers';
import { publishedReview } from '../support/reviews';
import { E2E_ADMIN } from '../support/urls';

// Decision 051: every offer card and dialog, bid and application carries its company's trust
// context (TrustScore, public warning, verification). An affiliate sees an advertiser under a
// public warning marked, with its TrustScore, on an Available Offers card, in its details and on
// its counter offer.
test('an affiliate sees the warning mark and the TrustScore on a card, its details and a bid', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const offerTitle = `E2E Warned Offer ${suffix}`;
  const requestTitle = `E2E Trust Request ${suffix}`;
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);

  const advertiser = await createApprovedEntityAccount(request, 'advertiser');
  await createOffer(request, advertiser, ketoOfferBody(offerTitle, suffix));
  await publishedReview(request, admin, advertiser.entityId, `Paid late ${suffix}`, 4);
  await placePublicWarning(
    request,
    admin,
    advertiser.entityId,
    `Affiliates report unpaid invoices (${suffix}).`,
  );

  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const requestId = await createOfferRequest(request, affiliate, {
    title: requestTitle,
    geos_targeting: 'US',
    desired_payout_type: 'CPA',
  });
  await placeBid(request, advertiser, requestId, {
    bid_amount: 39.5,
    payout_type: 'CPA',
    bid_notes: 'Weekly pay',
  });

  await useSession(page, affiliate);

  await test.step('the Available Offers card and its details mark the warned advertiser', async () => {
    await page.goto(`/affiliate-dashboard?tab=offers&title=${encodeURIComponent(offerTitle)}`);
    await waitForApp(page);
    const card = page.getByRole('listitem').filter({ hasText: offerTitle });
    await expect(card.getByText('Public warning')).toBeVisible();
    await expect(card.getByText(/^TrustScore \d\.\d$/)).toBeVisible();
    await expect(card.getByText('Verified', { exact: true })).toHaveCount(0);
    await card.getByRole('button', { name: `View Details: ${offerTitle}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Public warning')).toBeVisible();
    await expect(dialog.getByText(/^TrustScore \d\.\d$/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: advertiser.entityName })).toHaveAttribute(
      'href',
      /^\/entity\//,
    );
    await page.keyboard.press('Escape');
  });

  await test.step('the counter offer shows its bidder marked, with its TrustScore and page', async () => {
    await page.goto('/affiliate-dashboard');
    await waitForApp(page);
    await page.getByRole('button', { name: `View Bids: ${requestTitle}` }).click();
    const bidCard = page
      .getByRole('dialog', { name: 'Bids' })
      .getByRole('article', { name: `Bid from ${advertiser.entityName}` });
    await expect(bidCard.getByText('Public warning')).toBeVisible();
    await expect(bidCard.getByText(/^TrustScore \d\.\d$/)).toBeVisible();
    await expect(bidCard.getByRole('link', { name: advertiser.entityName })).toHaveAttribute(
      'href',
      /^\/entity\//,
    );
  });

  expect(problems).toEqual([]);
});
