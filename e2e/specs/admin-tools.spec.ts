import { expect, test, type APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, logIn, useSession } from '../support/accounts';
import { createApprovedEntityAccount } from '../support/entities';
import { E2E_ADMIN } from '../support/urls';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { postReview } from '../support/reviews';

// The admin panel's tools (docs/decisions/032) against the real app: the workload counts on the tabs, a
// ban with a reason shown in the user's row and the audit list, a bulk approve of reviews the
// swarm guard held (filtered by hold reason), and the tab, filter and page kept in the address
// through a reload and Back. The entity table fits its container at 1280 px.

/** A review by a brand-new account: the swarm guard holds it ('New account'). */
async function heldReview(request: APIRequestContext, entityId: string, title: string) {
  const author = await createVerifiedAccount(request);
  const review = await postReview(request, author, {
    entity_id: entityId,
    title,
    overall_rating: 4,
  });
  expect(review.review_status).toBe('pending');
  return review.review_id;
}

test('admin tools: counts, a ban with a reason, a bulk approve, the address kept', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const owner = await createApprovedEntityAccount(request, 'network', {
    name: `Quarry Leads ${suffix}`,
  });
  // A pending entity: its row carries the most actions (View, Approve, Reject, Delete).
  const pending = await request.post('/api/entities/register', {
    data: {
      entity_type: 'advertiser',
      name: `Pending Partners With A Rather Long Company Name ${suffix}`,
      email: `very.long.contact.address.for.partnerships-${suffix}@example.com`,
      website_url: `https://pending-${suffix}.example.com`,
      description: 'An advertiser waiting for review in an end-to-end journey.',
      contact_info: { telegram: `@pending_${suffix}` },
    },
  });
  expect(pending.ok(), await pending.text()).toBe(true);
  const titles = [`Held one ${suffix}`, `Held two ${suffix}`];
  for (const title of titles) await heldReview(request, owner.entityId, title);
  const target = await createVerifiedAccount(request, {
    firstName: 'Mallory',
    lastName: `Spam${suffix}`,
  });
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await useSession(page, admin);

  await test.step('the tabs show what waits on them; the entity table fits at 1280 px', async () => {
    await page.goto('/admin');
    await waitForApp(page);
    const reviewsTab = page.getByRole('tab', { name: /Review Moderation/ });
    const count = Number(await reviewsTab.getByTestId('tab-count').textContent());
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('workload-summary')).toContainText('pending reviews');
    const table = page.getByRole('region', { name: 'Entities' });
    await expect(table).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('admin-1280.png'), fullPage: true });
    const pageOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(pageOverflow).toBeLessThanOrEqual(0);
    // The table itself needs no sideways scrolling either.
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });

  await test.step('ban with a reason: asked for, then shown in the row and the audit list', async () => {
    await page.getByRole('tab', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/tab=users/);
    await page.getByLabel('Search users').fill(target.email);
    const row = page.getByRole('row').filter({ hasText: target.email });
    await row.getByRole('button', { name: /Ban User/ }).click();
    const dialog = page.getByRole('alertdialog', { name: /^Ban / });
    await dialog.getByLabel(/Reason/).fill(`Copied reviews across competitors ${suffix}`);
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await expect(page.getByText('User banned successfully.').first()).toBeVisible();
    await expect(
      row.getByText(`Reason: Copied reviews across competitors ${suffix}`),
    ).toBeVisible();
    await expect(row.getByText('banned', { exact: true })).toBeVisible();
    await expect(
      page.locator('[data-audit-entry]').filter({ hasText: target.email }).first(),
    ).toContainText(`Reason: Copied reviews across competitors ${suffix}`);
  });

  await test.step('bulk approve the held reviews, filtered by hold reason', async () => {
    await page.getByRole('tab', { name: /Review Moderation/ }).click();
    await page.getByLabel('Hold reason').selectOption('new_account');
    await expect(page).toHaveURL(/hold=new_account/);
    for (const title of titles) {
      await page.getByRole('checkbox', { name: `Select: ${title}` }).check();
    }
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve 2 reviews?' })
      .getByRole('button', { name: 'Approve selected' })
      .click();
    await expect(page.getByText('2 reviews approved.').first()).toBeVisible();
    for (const title of titles) {
      await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    }
    await page.getByRole('tab', { name: 'Approved' }).click();
    await expect(page.getByRole('article', { name: titles[0] })).toBeVisible({ timeout: 60_000 });
  });

  await test.step('tab, filter and page survive a reload; Back returns to the previous one', async () => {
    await page.goto('/admin?tab=entities&entities=approved&epage=1');
    await waitForApp(page);
    await expect(page.getByRole('tab', { name: /Entity Management/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: /Review Moderation/ }).click();
    await page.getByLabel('Hold reason').selectOption('burst');
    await expect(page).toHaveURL(/tab=reviews/);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('tab', { name: /Review Moderation/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Hold reason')).toHaveValue('burst');
    await page.goBack();
    await expect(page.getByLabel('Hold reason')).toHaveValue('all');
    await page.goBack();
    await expect(page.getByRole('tab', { name: /Entity Management/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Filter by status')).toHaveValue('approved');
  });

  expect(problems).toEqual([]);
});
