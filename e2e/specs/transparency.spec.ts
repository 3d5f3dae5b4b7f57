import { expect, test } from '@playwright/test';
import { createVerifiedAccount, logIn } from '../support/accounts';
import { bearer, createApprovedEntityAccount } from '../support/entities';
import { verifyIdentityByBusinessEmail } from '../support/identity';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { approveIfHeld, postReview } from '../support/reviews';
import { E2E_ADMIN } from '../support/urls';

// docs/decisions/054: the transparency report counts the moderators' decisions from the audit
// trail; a company's page says how many of its reviews were removed and why, never the texts.

test('a reported review removed by a moderator shows in the report and on the company page', async ({
  page,
  request,
}) => {
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const name = `Report Ads ${suffix}`;
  const company = await createApprovedEntityAccount(request, 'advertiser', { name });
  const author = await createVerifiedAccount(request, { firstName: 'Otto', lastName: 'Author' });
  await verifyIdentityByBusinessEmail(request, author, `otto@report-${suffix}.example`);
  const secret = `Removed words ${suffix}`;
  const review = await postReview(request, author, {
    entity_id: company.entityId,
    title: secret,
    overall_rating: 1,
    review_text: `${secret}: payments stopped after the second month and support never answered.`,
  });
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await approveIfHeld(request, admin, review);

  const before = (await (await request.get('/api/transparency')).json()) as {
    months: { removed_total: number }[];
  };
  const reporter = await createVerifiedAccount(request);
  const reported = await request.post(`/api/reviews/${review.review_id}/report`, {
    headers: bearer(reporter),
    data: { reason: 'personal_info' },
  });
  expect(reported.status()).toBe(201);
  const removed = await request.put(`/api/reviews/${review.review_id}/moderate`, {
    headers: bearer(admin),
    data: { action: 'reject' },
  });
  expect(removed.status()).toBe(200);

  // The report: this month's card, server-rendered with its method.
  const html = await (await request.get('/transparency')).text();
  expect(html).toContain('How these figures are computed');
  expect(html).not.toContain(secret);
  await page.goto('/transparency');
  await expect(page.getByRole('heading', { level: 1, name: 'Transparency report' })).toBeVisible();
  const month = new Date().toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const card = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: month }) })
    .last();
  const removedFigure = card.locator('dt', { hasText: /^Removed$/ }).locator('xpath=..');
  // Other journeys may remove reviews this month too: at least this one more.
  const shown = Number(await removedFigure.locator('dd').textContent());
  expect(shown).toBeGreaterThanOrEqual(before.months[0]!.removed_total + 1);
  await expect(card.getByText('Reported for personal information')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How these figures are computed' })).toBeVisible();

  // The company's page: the count and the reason, never the words.
  await page.goto(`/entity/${company.entityId}?tab=reviews`);
  const removals = page.getByRole('complementary', { name: 'Removed reviews' });
  await expect(removals).toContainText('Our moderators removed 1 review of this company');
  await expect(removals).toContainText('Reported for personal information');
  await expect(page.getByText(secret)).toHaveCount(0);
  await removals.getByRole('link', { name: 'How we moderate' }).click();
  await expect(page).toHaveURL(/\/transparency$/);
  expect(problems).toEqual([]);
});
