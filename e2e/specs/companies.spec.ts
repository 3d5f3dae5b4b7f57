import { expect, test } from '@playwright/test';
import { createVerifiedAccount, logIn, useSession } from '../support/accounts';
import { identityCodeFrom } from '../support/identity';
import { waitForMail } from '../support/inbox';
import { E2E_ADMIN } from '../support/urls';
import { uniqueSuffix } from '../support/journey';

// The company database journey (docs/product/companies.md, docs/product/states.md): a visitor is turned away; a logged-in user has
// Limited Access, asks for access, verifies with a business email and then sees contact emails
// and phone numbers. The companies come in through the real import (the admin upload).
test('log in → Limited Access → Request Access → verify by business email → full contacts', async ({
  page,
  request,
}) => {
  const tag = uniqueSuffix();
  const companyName = `Orbit ${tag} Lead Exchange`;
  const domain = `orbit-${tag}.example`;

  await test.step('an admin imports companies and contacts', async () => {
    const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
    const csv = [
      'company_name,website,entity_type,full_name,designation,email,phone',
      `${companyName},https://www.${domain},Network,Sara Lindgren,Affiliate Manager,sara@${domain},+44 20 7946 0123`,
      `${companyName},https://www.${domain},Network,Jamal Reid,Compliance Manager,,`,
      `Quill ${tag} Media,https://quill-${tag}.example,Affiliate,Kofi Asante,Founder,kofi@quill-${tag}.example,`,
    ].join('\n');
    const res = await request.post('/api/admin/affiliate-companies/import', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { csv },
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  await test.step('a visitor is asked to log in', async () => {
    await page.goto('/affliate-industry');
    await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Log In', exact: true }),
    ).toHaveAttribute('href', '/login');
  });

  const account = await createVerifiedAccount(request);
  await useSession(page, account);

  await test.step('the logged-in user has Limited Access and finds the company', async () => {
    await page.goto('/database');
    await expect(page.getByText('Limited Access')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search companies' }).fill(`orbit ${tag}`);
    await expect(page.getByText('1 of 1 company found')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: companyName });
    await expect(row.getByRole('link', { name: new RegExp(domain) })).toBeVisible();
    await expect(row.getByText('Network')).toBeVisible();
    await row.getByRole('button', { name: /Request Access/ }).click();
  });

  await test.step('verifies with a business email', async () => {
    const dialog = page.getByRole('dialog', { name: 'Verify Your Identity' });
    await expect(dialog).toBeVisible();
    const verify = dialog.getByRole('button', { name: 'Verify' });
    await expect(verify).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Business email' }).check();
    await dialog.getByLabel('Business email address').fill('robin@gmail.com');
    await verify.click();
    await expect(dialog.getByText(/Please use your company email address/)).toBeVisible();
    await dialog.getByLabel('Business email address').fill(`robin@acme-${tag}.example`);
    await verify.click();
    // The address is proven by the code mailed to it (docs/decisions/013).
    const code = await identityCodeFrom(`robin@acme-${tag}.example`);
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the contacts open with email and phone', async () => {
    const contacts = page.getByRole('dialog', { name: `${companyName} - Contacts` });
    await expect(contacts).toBeVisible();
    await expect(contacts.getByText('Full Access')).toBeVisible();
    await expect(contacts.getByText('Sara Lindgren')).toBeVisible();
    await expect(contacts.getByRole('link', { name: `sara@${domain}` })).toHaveAttribute(
      'href',
      `mailto:sara@${domain}`,
    );
    await expect(contacts.getByText('+44 20 7946 0123')).toBeVisible();
    await expect(contacts.getByText('Jamal Reid')).toBeVisible();
    await expect(contacts.getByText('No contact details available')).toBeVisible();
    await contacts.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('Verified Access')).toBeVisible();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: companyName })
        .getByRole('button', {
          name: /View Contacts/,
        }),
    ).toBeVisible();
  });

  await test.step('a confirmation mail arrives', async () => {
    await waitForMail(account.email, /verified your identity/);
  });
});
