import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { offerWithApplicant } from '../support/offers';

// Decision 050: the advertiser and the affiliate talk in their application's conversation. The
// affiliate writes from My Applications; the advertiser sees the unread conversation on the bell,
// opens it from its Messages tab and answers; the affiliate then sees the answer unread.
test('the advertiser and the affiliate talk in the conversation of an application', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `E2E Thread Offer ${suffix}`;

  const { owner: advertiser, affiliate } = await offerWithApplicant(
    request,
    'advertiser',
    ketoOfferBody(title, suffix),
  );

  const question = `Can we run native traffic? See https://example.com/plan-${suffix}`;
  await test.step('the affiliate writes from My Applications', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard?tab=my-applications');
    await page.getByRole('button', { name: 'Conversation' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('No messages yet. Write the first one.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your message' }).fill(question);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByTestId('thread-message')).toHaveCount(1);
    const link = dialog.getByRole('link', { name: `https://example.com/plan-${suffix}` });
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
  });

  await test.step('the advertiser sees it unread, opens it and answers', async () => {
    await useSession(page, advertiser);
    await page.goto('/advertiser-dashboard');
    await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await page.getByRole('menuitem', { name: '1 conversation with a new message' }).click();
    await expect(page).toHaveURL(/tab=messages/);
    await page.getByRole('button', { name: new RegExp(affiliate.entityName) }).click();
    await expect(page.getByText(question.split(' See ')[0]!)).toBeVisible();
    await page.getByRole('textbox', { name: 'Your message' }).fill('Yes, native is fine.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('thread-message')).toHaveCount(2);
  });

  await test.step('the affiliate sees the answer unread and reads it', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await page.getByRole('menuitem', { name: '1 conversation with a new message' }).click();
    await page.getByRole('button', { name: new RegExp(advertiser.entityName) }).click();
    await expect(page.getByText('Yes, native is fine.')).toBeVisible();
  });

  expect(problems).toEqual([]);
});
