import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, logIn, useSession } from '../support/accounts';
import { createApprovedEntityAccount } from '../support/entities';
import { verifyIdentityByBusinessEmail } from '../support/identity';
import { E2E_ADMIN } from '../support/urls';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { createOffer } from '../support/offers';

// Trust and safety II (docs/decisions/012) against the real app: a reviewer with a verified identity writes
// a review with a payment proof file; the admin downloads nothing but verifies it in Review
// Moderation; the public review then shows 'Payment proof verified' and 'Verified identity' and
// the entity page its TrustScore. An admin's public warning appears on the entity page and its
// offers' page, and disappears when lifted.

/** The admin panel's detail modal of an entity, opened from its row (Entity Management). */
async function openEntityInAdmin(page: Page, entityName: string) {
  await page.goto('/admin');
  await page
    .getByRole('row')
    .filter({ hasText: entityName })
    .getByRole('button', { name: 'View' })
    .click();
  return page.getByRole('dialog', { name: entityName });
}

async function rate(page: Page, group: string, stars: number) {
  await page
    .getByRole('group', { name: group, exact: true })
    .getByRole('radio', { name: `${stars} ${stars === 1 ? 'star' : 'stars'}` })
    .check({ force: true });
}

const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

test('payment proof verified by an admin, TrustScore, and a public warning placed and lifted', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const problems = collectPageErrors(page);

  const suffix = uniqueSuffix();
  const owner = await createApprovedEntityAccount(request, 'network', {
    name: `Lumen Leads ${suffix}`,
  });
  const reviewer = await createVerifiedAccount(request, {
    firstName: 'Priya',
    lastName: `Proof${suffix}`,
  });
  await verifyIdentityByBusinessEmail(request, reviewer, `priya@lumen-${suffix}.example`);
  const title = `Paid in full, receipt attached ${suffix}`;
  const offer = await createOffer(request, owner, {
    title: `Solar CPL ${suffix}`,
    category: 'Lead Gen',
    description: 'Solar leads, US only.',
    target_geo: ['US'],
    payout_type: 'CPL',
    payout_value: 18,
    landing_page_url: `https://offers.example.com/solar-${suffix}`,
  });

  await useSession(page, reviewer);

  await test.step('the reviewer attaches a payment receipt and submits', async () => {
    await page.goto(`/writereview?entity_id=${owner.entityId}`);
    await expect(page.getByTestId('selected-entity')).toHaveText(owner.entityName);
    await page.getByLabel('Review title').fill(title);
    await rate(page, 'Overall rating', 5);
    await page
      .getByLabel('Your review')
      .fill('Three months of CPL campaigns; every invoice was paid within a week.');
    for (const group of ['Quality', 'Support', 'Reliability', 'Payment Speed']) {
      await rate(page, group, 5);
    }
    await page
      .getByLabel(/Payment proof/)
      .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: RECEIPT });
    await expect(page.getByRole('button', { name: 'Remove receipt.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review submitted successfully!').first()).toBeVisible();
  });

  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await useSession(page, admin);

  await test.step('the admin verifies the payment proof in Review Moderation', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Review Moderation' }).click();
    await page.getByRole('tab', { name: 'Approved' }).click();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByRole('button', { name: 'Download receipt.pdf' })).toBeVisible();
    await expect(card.getByText('Payment proof not checked yet')).toBeVisible();
    await card.getByRole('button', { name: 'Mark payment proof verified' }).click();
    await expect(page.getByText('Payment proof marked as verified.').first()).toBeVisible();
    await expect(card.getByText('Payment proof verified').first()).toBeVisible();
  });

  await test.step('the public review carries the labels; the page shows the TrustScore', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/entity/${owner.entityId}`);
    await expect(page.getByText('Based on 1 published review')).toBeVisible();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('Payment proof verified')).toBeVisible();
    await expect(card.getByText('Verified identity')).toBeVisible();
    // Never public: no file on the public page.
    await expect(card.getByRole('button', { name: /Download/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'How TrustScore works' }).first().click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'How TrustScore works' }),
    ).toBeVisible();
  });

  const warningText = `Affiliates report unpaid invoices since March (${suffix}).`;
  await useSession(page, admin);

  await test.step('the admin places a public warning from the entity modal', async () => {
    const dialog = await openEntityInAdmin(page, owner.entityName);
    await expect(dialog.getByText('No warnings placed.')).toBeVisible();
    await dialog.getByLabel('Kind').selectOption('non_payment');
    await dialog.getByLabel('Public text').fill(warningText);
    await dialog.getByRole('button', { name: 'Place warning' }).click();
    await expect(page.getByText('Warning placed.').first()).toBeVisible();
    await expect(dialog.getByText(warningText)).toBeVisible();
  });

  await test.step('the warning shows on the entity page and on its offers', async () => {
    await page.evaluate(() => localStorage.clear());
    for (const path of [`/entity/${owner.entityId}`, `/offer/${offer.offer_id}`]) {
      await page.goto(path);
      const banner = page.getByRole('region', { name: 'Public warnings' });
      await expect(banner.getByText('TrustLinks warning: Non-payment reports')).toBeVisible();
      await expect(banner.getByText(warningText)).toBeVisible();
    }
  });

  await useSession(page, admin);

  await test.step('the admin lifts it; the audit list keeps both changes', async () => {
    const dialog = await openEntityInAdmin(page, owner.entityName);
    await dialog.getByRole('button', { name: 'Lift warning' }).click();
    await expect(page.getByText('Warning lifted.').first()).toBeVisible();
    await dialog.getByText('Audit list').click();
    await expect(dialog.getByText('Placed', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Lifted', { exact: true })).toBeVisible();
  });

  await test.step('the entity page and the offer show no warning any more', async () => {
    // A new visitor: this browser saw the entity's public answer seconds ago, and a visitor's
    // answer may be kept by the browser (or a CDN) for READ_CACHE_PUBLIC_MAX_AGE_S, plus
    // stale-while-revalidate (docs/decisions/029). The server's own answers change at once.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    collectPageErrors(visitor, problems);
    await visitor.goto(`/entity/${owner.entityId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: owner.entityName })).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Public warnings' })).toHaveCount(0);
    await visitor.goto(`/offer/${offer.offer_id}`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: `Solar CPL ${suffix}` }),
    ).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Public warnings' })).toHaveCount(0);
    await visitorContext.close();
  });

  expect(problems).toEqual([]);
});
