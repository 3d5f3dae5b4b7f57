import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { bearer, createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { waitForMail } from '../support/inbox';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { createOffer, createOfferRequest } from '../support/offers';

// Decision 030: an advertiser's counter offer names its payout model and one of its
// offers; the affiliate opens it under 'View Bids', accepts with a note, and is then running that
// offer with a tracking link; the advertiser is told by mail.
test('an affiliate accepts a counter offer; tracking starts on the offer behind it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const offerTitle = `E2E Bid Offer ${suffix}`;
  const requestTitle = `E2E Bid Request ${suffix}`;

  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  await createOfferRequest(request, affiliate, { title: requestTitle });
  const advertiser = await createApprovedEntityAccount(request, 'advertiser');
  await createOffer(request, advertiser, ketoOfferBody(offerTitle, suffix));

  await test.step('the advertiser bids with a payout model and its offer', async () => {
    await useSession(page, advertiser);
    await page.goto('/advertiser-dashboard');
    await page.getByRole('tab', { name: 'Offer Requests' }).click();
    await page.getByRole('button', { name: `Submit Counter Offer: ${requestTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Counter Offer' });
    await expect(dialog.getByLabel('Payout model')).toHaveValue('CPL');
    await dialog.getByLabel('Your Offer Amount').fill('4.75');
    await dialog.getByLabel(/One of your offers/).selectOption({ label: offerTitle });
    await dialog.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(page.getByText('Counter offer submitted successfully!')).toBeVisible();
  });

  await test.step('the affiliate opens the bid, sees what it is, and accepts it with a note', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: `View Bids: ${requestTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Bids' });
    const bid = dialog.getByRole('article', { name: `Bid from ${advertiser.entityName}` });
    await expect(bid.getByText('$4.75 CPL')).toBeVisible();
    await expect(bid.getByRole('link', { name: offerTitle })).toHaveAttribute('href', /^\/offer\//);
    await expect(bid.getByRole('link', { name: advertiser.entityName })).toHaveAttribute(
      'href',
      /^\/entity\//,
    );
    await bid.getByLabel(/Note to the bidder/).fill('Starting Monday on Taboola.');
    await bid.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Bid accepted.')).toBeVisible();
    await expect(bid.getByText('Accepted')).toBeVisible();
    await expect(bid.getByText(/You now run this offer/)).toBeVisible();
    await expect(bid.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  });

  await test.step('the affiliate runs the offer: its approved application has a tracking link', async () => {
    const mine = await request.get('/api/offers/applications/mine', {
      headers: bearer(affiliate),
    });
    const apps = (
      (await mine.json()) as {
        applications: { status: string; offer_title: string; tracking_url?: string }[];
      }
    ).applications;
    expect(apps).toEqual([
      expect.objectContaining({
        status: 'approved',
        tracking_url: expect.stringContaining('/go/'),
      }),
    ]);
  });

  await waitForMail(advertiser.email, /accepted your counter offer of \$4\.75 CPL/);
  expect(problems).toEqual([]);
});
