import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, logIn, useSession } from '../support/accounts';
import { identityCodeFrom } from '../support/identity';
import { waitForMail } from '../support/inbox';
import { E2E_ADMIN } from '../support/urls';
import { uniqueSuffix } from '../support/journey';

// Identity verification that proves something (docs/decisions/013): a business email is verified by the
// code mailed to it, a LinkedIn profile by an admin's review in the 'Identity Claims' tab. Until
// then the company database stays at Limited Access. Mails are read from the e2e SMTP sink.

/** One company with a contact whose email and phone only verified users see. */
async function importCompany(request: APIRequestContext, tag: string) {
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const name = `Identity ${tag} Partners`;
  const csv = [
    'company_name,website,entity_type,full_name,designation,email,phone',
    `${name},https://identity-${tag}.example,Advertiser,Mira Holt,Partner Manager,mira@identity-${tag}.example,+44 20 7946 0456`,
  ].join('\n');
  const res = await request.post('/api/admin/affiliate-companies/import', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { csv },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { name, contactEmail: `mira@identity-${tag}.example` };
}

async function openVerifyDialog(page: Page, companyName: string) {
  await page.goto('/affliate-industry');
  await expect(page.getByText('Limited Access')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(companyName);
  await page
    .getByRole('row')
    .filter({ hasText: companyName })
    .getByRole('button', { name: /Request Access/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Identity' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('business email → the code from the mail → Full Access', async ({ page, request }) => {
  const tag = uniqueSuffix();
  const company = await importCompany(request, tag);
  const account = await createVerifiedAccount(request);
  await useSession(page, account);
  const address = `robin@acme-${tag}.example`;

  await test.step('the business email gets a code; nothing is verified yet', async () => {
    const dialog = await openVerifyDialog(page, company.name);
    await dialog.getByRole('radio', { name: 'Business email' }).check();
    await dialog.getByLabel('Business email address').fill(address);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText(`We sent a 6-digit code to ${address}.`)).toBeVisible();
    await expect(dialog.getByLabel('Verification code')).toBeFocused();
  });

  await test.step('a wrong code is refused with the tries left', async () => {
    const code = await identityCodeFrom(address);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const dialog = page.getByRole('dialog', { name: 'Verify Your Identity' });
    await dialog.getByLabel('Verification code').fill(wrong);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('That code is not right. You have 4 tries left.')).toBeVisible();
    await expect(page.getByText('Limited Access')).toBeVisible();
  });

  await test.step('the code from the mail verifies, and the contacts open with Full Access', async () => {
    const code = await identityCodeFrom(address);
    const dialog = page.getByRole('dialog', { name: 'Verify Your Identity' });
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
    const contacts = page.getByRole('dialog', { name: `${company.name} - Contacts` });
    await expect(contacts.getByText('Full Access')).toBeVisible();
    await expect(contacts.getByRole('link', { name: company.contactEmail })).toBeVisible();
    await expect(contacts.getByText('+44 20 7946 0456')).toBeVisible();
    await contacts.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Verified Access')).toBeVisible();
  });

  await test.step('a confirmation mail arrives at the account address', async () => {
    await waitForMail(account.email, /verified your identity through your business email/);
  });
});

test('LinkedIn claim → an admin approves it in Identity Claims → Full Access', async ({
  page,
  browser,
  request,
}) => {
  const tag = uniqueSuffix();
  const company = await importCompany(request, tag);
  const account = await createVerifiedAccount(request, {
    firstName: 'Lina',
    lastName: `Claim${tag}`,
  });
  await useSession(page, account);
  const profile = `https://www.linkedin.com/in/lina-claim-${tag}`;

  await test.step('the profile goes to review; access stays limited', async () => {
    const dialog = await openVerifyDialog(page, company.name);
    await dialog.getByRole('radio', { name: 'LinkedIn profile' }).check();
    await dialog.getByLabel('Profile URL').fill(profile);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Your LinkedIn profile was sent for review/)).toBeVisible();
    await expect(page.getByText('Limited Access')).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Contacts/ })).toHaveCount(0);
  });

  await test.step('an admin approves the claim in the Identity Claims tab', async () => {
    const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const context = await browser.newContext();
    const adminPage = await context.newPage();
    try {
      await useSession(adminPage, admin);
      await adminPage.goto('/admin');
      await adminPage.getByRole('tab', { name: 'Identity Claims' }).click();
      const row = adminPage.getByRole('row').filter({ hasText: `Lina Claim${tag}` });
      await expect(row.getByRole('link', { name: /LinkedIn profile of/ })).toHaveAttribute(
        'href',
        profile,
      );
      await expect(row.getByText('New account')).toBeVisible();
      await row.getByRole('button', { name: /^Approve/ }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Approve identity claim' });
      await dialog.getByLabel(/Note to the user/).fill('Profile and name match.');
      await dialog.getByRole('button', { name: 'Approve Claim' }).click();
      await expect(dialog).toBeHidden();
      await expect(adminPage.getByText(/Identity claim approved/)).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  await test.step('the user is mailed the decision and now has Full Access', async () => {
    await waitForMail(account.email, /Profile and name match\./);
    await page.goto('/affliate-industry');
    await expect(page.getByText('Verified Access')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search companies' }).fill(company.name);
    await page
      .getByRole('row')
      .filter({ hasText: company.name })
      .getByRole('button', { name: /View Contacts/ })
      .click();
    const contacts = page.getByRole('dialog', { name: `${company.name} - Contacts` });
    await expect(contacts.getByText('Full Access')).toBeVisible();
    await expect(contacts.getByRole('link', { name: company.contactEmail })).toBeVisible();
  });
});
