import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { createOffer, createOfferRequest, placeBid } from '../support/offers';

// docs/decisions/048-agreed-terms.md: the affiliate accepts an advertiser's counter offer of
// $39.50 CPL on the advertiser's $45 CPA offer; the offer page then shows the affiliate its own
// terms (the bid's, not the offer's) and the offer's caps and traffic rules; the advertiser sees
// the same terms on the application.
test('an affiliate accepts a counter offer and sees its terms on the offer page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const offerTitle = `E2E Terms Offer ${suffix}`;
  const requestTitle = `E2E Terms Request ${suffix}`;

  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const requestId = await createOfferRequest(request, affiliate, { title: requestTitle });
  const advertiser = await createApprovedEntityAccount(request, 'advertiser');
  const offer = await createOffer(request, advertiser, {
    ...ketoOfferBody(offerTitle, suffix),
    daily_cap: 150,
    monthly_cap: 4000,
    traffic_allowed: ['Native', 'Push'],
    traffic_forbidden: ['Incentivized'],
  });
  await placeBid(request, advertiser, requestId, {
    bid_amount: 39.5,
    payout_type: 'CPL',
    offer_id: offer.offer_id,
  });

  await test.step('the affiliate accepts the counter offer', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: `View Bids: ${requestTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Bids' });
    const card = dialog.getByRole('article', { name: `Bid from ${advertiser.entityName}` });
    await card.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Bid accepted.')).toBeVisible();
    await page.keyboard.press('Escape');
    // The request is closed by the acceptance; its owner may reopen it.
    await expect(page.getByRole('button', { name: `Reopen: ${requestTitle}` })).toBeVisible();
  });

  await test.step('the offer page shows the affiliate its terms, the caps and traffic rules', async () => {
    await page.goto(`/offer/${offer.slug}`);
    const mine = page.getByTestId('my-application');
    await expect(mine.getByTestId('your-terms')).toHaveText(
      'Your terms: $39.50 CPL (accepted counter offer)',
    );
    const rules = page.getByRole('region', { name: 'Caps and traffic' }).first();
    await expect(rules.getByText('150 conversions')).toBeVisible();
    await expect(rules.getByText('4,000 conversions')).toBeVisible();
    await expect(rules.getByText('Incentivized')).toBeVisible();
  });

  await test.step('the advertiser sees the same terms on its offer page and the application', async () => {
    await useSession(page, advertiser);
    await page.goto(`/offer/${offer.slug}`);
    await expect(page.getByRole('heading', { name: 'Your partners’ terms' })).toBeVisible();
    await expect(page.getByTestId('your-terms')).toHaveText(
      'Your terms: $39.50 CPL (accepted counter offer)',
    );
    await page.goto('/advertiser-dashboard?tab=applications');
    await page.getByRole('button', { name: 'Approved' }).click();
    await expect(page.getByTestId('your-terms').first()).toHaveText(
      'Your terms: $39.50 CPL (accepted counter offer)',
    );
  });

  expect(problems).toEqual([]);
});
