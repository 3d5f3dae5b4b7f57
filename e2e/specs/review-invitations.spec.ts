import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createVerifiedAccount, useSession } from '../support/accounts';
import { createApprovedEntityAccount } from '../support/entities';
import { waitForMail } from '../support/inbox';
import { collectPageErrors, uniqueSuffix } from '../support/journey';

// docs/decisions/057-review-invitations.md: an advertiser invites a partner from its dashboard's
// Reviews tab; the partner opens the mailed link, is told the review is invited, and writes it;
// the advertiser sees the invitation used.
async function rate(page: Page, group: string, stars: number) {
  await page
    .getByRole('group', { name: group, exact: true })
    .getByRole('radio', { name: `${stars} ${stars === 1 ? 'star' : 'stars'}` })
    .check({ force: true });
}

test('an invited partner reviews the company from the mailed link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const partnerEmail = `partner-${uniqueSuffix()}@example.com`;
  const advertiser = await createApprovedEntityAccount(request, 'advertiser');

  await test.step('the advertiser invites the partner from the Reviews tab', async () => {
    await useSession(page, advertiser);
    await page.goto('/advertiser-dashboard?tab=reviews');
    const card = page.getByTestId('invite-reviews');
    await card.getByLabel('Email addresses').fill(partnerEmail);
    await card.getByRole('button', { name: 'Send invitations' }).click();
    await expect(page.getByText('Invitation sent.').first()).toBeVisible();
    await expect(card.getByRole('listitem').filter({ hasText: partnerEmail })).toContainText(
      'Waiting',
    );
  });

  const partner = await createVerifiedAccount(request, { email: partnerEmail });
  const [, link] = await waitForMail(partnerEmail, /(\/writereview\?[^\s"<>]+)/);

  await test.step('the partner opens the link and writes the review', async () => {
    await useSession(page, partner);
    await page.goto(link!.replace(/&amp;/g, '&'));
    await expect(page.getByText(/You were invited to review this company/)).toBeVisible();
    await expect(page.getByTestId('selected-entity')).toHaveText(advertiser.entityName);
    await page.getByLabel('Review title').fill('Invited, and glad to say it');
    await rate(page, 'Overall rating', 5);
    for (const group of ['Quality', 'Support', 'Reliability', 'Payment Speed']) {
      await rate(page, group, 4);
    }
    await page
      .getByLabel('Your review')
      .fill('We ran their offers for a quarter: clear terms, payments on time every week.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Thank you for your review')).toBeVisible();
  });

  await test.step('the advertiser sees the invitation used', async () => {
    await useSession(page, advertiser);
    await page.goto('/advertiser-dashboard?tab=reviews');
    await expect(
      page.getByTestId('invite-reviews').getByRole('listitem').filter({ hasText: partnerEmail }),
    ).toContainText('Reviewed');
  });
  expect(problems).toEqual([]);
});
