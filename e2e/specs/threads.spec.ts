import { expect, test } from '@playwright/test';
import { logIn, useSession } from '../support/accounts';
import { bearer, createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { offerWithApplicant } from '../support/offers';
import { E2E_ADMIN } from '../support/urls';

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

// Decision 050: a party reports the other side's messages; the admin dismisses one report (the
// message stays) and removes the other message (after confirming): both leave the Open list for
// the Resolved one, and the parties see the fixed text in place of the removed message.
test('the admin dismisses one reported message and removes another', async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const title = `E2E Report Offer ${suffix}`;

  const advertiser = await createApprovedEntityAccount(request, 'advertiser');
  const created = await request.post('/api/offers/create', {
    headers: bearer(advertiser),
    data: ketoOfferBody(title, suffix),
  });
  expect(created.status()).toBe(201);
  const { offer } = (await created.json()) as { offer: { offer_id: string } };
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const applied = await request.post(`/api/offers/${offer.offer_id}/click`, {
    headers: bearer(affiliate),
  });
  expect(applied.status()).toBe(201);
  const { application } = (await applied.json()) as { application: { application_id: string } };

  // The advertiser writes twice; the affiliate reports both messages.
  const banter = `Our payouts beat everyone's ${suffix}`;
  const scam = `Pay the setup fee in gift cards first ${suffix}`;
  const ids: string[] = [];
  for (const body of [banter, scam]) {
    const sent = await request.post(
      `/api/threads/for/application/${application.application_id}/messages`,
      {
        headers: bearer(advertiser),
        data: { body },
      },
    );
    expect(sent.status()).toBe(201);
    ids.push(((await sent.json()) as { sent: { message_id: string } }).sent.message_id);
  }
  for (const id of ids) {
    const reported = await request.post(`/api/threads/messages/${id}/report`, {
      headers: bearer(affiliate),
      data: { reason: `Reported in the journey ${suffix}` },
    });
    expect(reported.status()).toBe(201);
  }

  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await test.step('the admin dismisses the first report and removes the second message', async () => {
    await useSession(page, admin);
    await page.goto('/admin?tab=thread-reports');
    const reports = page.getByTestId('thread-report');
    const banterRow = reports.filter({ hasText: banter });
    const scamRow = reports.filter({ hasText: scam });
    await expect(banterRow).toHaveCount(1);
    await expect(scamRow).toHaveCount(1);

    await banterRow.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banterRow).toHaveCount(0);

    await scamRow.getByRole('button', { name: 'Remove message' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this message?' });
    await confirm.getByRole('button', { name: 'Remove message' }).click();
    await expect(scamRow).toHaveCount(0);

    await page.getByRole('button', { name: 'Resolved', exact: true }).click();
    await expect(reports.filter({ hasText: banter })).toContainText('Dismissed');
    await expect(reports.filter({ hasText: scam })).toContainText('Message removed');
  });

  await test.step('the reporter is told and sees the removed text in the conversation', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await page
      .getByRole('menuitem', { name: new RegExp(`Your report about “${title}”`) })
      .first()
      .click();
    await expect(page).toHaveURL(/tab=messages/);
    await expect(page.getByText(banter)).toBeVisible();
    await expect(page.getByText(scam)).toHaveCount(0);
    await expect(page.getByTestId('removed-message')).toHaveText(
      'This message was removed by a TrustLinks admin.',
    );
  });

  expect(problems).toEqual([]);
});
