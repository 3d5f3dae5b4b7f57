import { expect, test } from '@playwright/test';
import { logIn, useSession } from '../support/accounts';
import { bearer, createApprovedEntityAccount } from '../support/entities';
import { E2E_ADMIN } from '../support/urls';
import { collectPageErrors, uniqueSuffix } from '../support/journey';

/** A network's registration under `name` (the look-alike rule: docs/decisions/011). */
function copyRegistration(name: string, tag: string) {
  return {
    entity_type: 'network',
    name,
    email: `${tag}@example.com`,
    website_url: `https://${tag}.example.com`,
    description: 'Tries to borrow a name.',
    contact_info: { telegram: `@${tag.replace(/-/g, '_')}` },
  };
}

// Decision 011, "other holes": an approved entity's owner renames it; the public page keeps the
// approved name until the admin accepts the change in the entity detail modal. A second
// approved entity cannot take that name, and rejecting the entity ends the owner's rights.
test("an owner's rename waits for the admin, who accepts it in the entity detail modal", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const owner = await createApprovedEntityAccount(request, 'advertiser');
  const newName = `Renamed Partners ${suffix}`;

  await test.step('the owner asks for a new name and website: it waits for review', async () => {
    const res = await request.put(`/api/entities/${owner.entityId}`, {
      headers: bearer(owner),
      data: { name: newName, website_url: `https://renamed-${suffix}.example.com` },
    });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { entity: { name: string; pending_change: unknown } };
    expect(body.entity.name).toBe(owner.entityName);
    expect(body.entity.pending_change).toMatchObject({ name: newName });

    // The owner sees that the change waits; the page keeps the approved name.
    await useSession(page, owner);
    await page.goto(`/entity/${owner.entityId}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.entityName })).toBeVisible();
    await expect(page.getByText('Your change is waiting for review')).toBeVisible();
    await expect(page.getByText(newName)).toBeVisible();
  });

  await test.step('another company registers under the name that waits (it is free until accepted)', async () => {
    const copy = await request.post('/api/entities/register', {
      data: copyRegistration(newName.toUpperCase(), `copy-${suffix}`),
    });
    expect(copy.status()).toBe(201);
  });

  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await useSession(page, admin);

  await test.step('the admin sees the waiting change and accepts it', async () => {
    await page.goto('/admin');
    await page.getByLabel('Filter by status').selectOption({ label: 'Approved' });
    const row = page.getByRole('row').filter({ hasText: owner.entityName });
    await expect(row.getByText('Change pending')).toBeVisible();
    await row.getByRole('button', { name: 'View' }).click();
    const change = page.getByRole('region', { name: 'Change Waiting for Review' });
    await expect(change.getByText(newName)).toBeVisible();
    await expect(change.getByText(`https://renamed-${suffix}.example.com`)).toBeVisible();
    await change.getByRole('button', { name: 'Accept Change' }).click();
    await expect(page.getByText('Change accepted.')).toBeVisible();
    await expect(change).toBeHidden();
    await page.getByRole('button', { name: 'Close Details' }).click();
    const renamed = page.getByRole('row').filter({ hasText: newName });
    await expect(renamed).toBeVisible();
    await expect(renamed.getByText('Change pending')).toHaveCount(0);
  });

  await test.step('the public page shows the accepted name', async () => {
    await page.goto(`/entity/${owner.entityId}`);
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  });

  await test.step('another entity cannot be approved under that name (409, shown to the admin)', async () => {
    // Registered while the rename waited (the name was free then), it cannot be approved now.
    await page.goto('/admin');
    await page.getByLabel('Filter by status').selectOption({ label: 'Pending Review' });
    const row = page.getByRole('row').filter({ hasText: newName.toUpperCase() });
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(
      page.getByText(`Another approved entity is already called "${newName}"`, { exact: false }),
    ).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    // A registration under a look-alike of the approved name is refused at once, naming it.
    const lookAlike = await request.post('/api/entities/register', {
      data: copyRegistration(`${newName}.`, `late-${suffix}`),
    });
    expect(lookAlike.status()).toBe(409);
    expect(((await lookAlike.json()) as { error: string }).error).toContain(`"${newName}"`);
  });

  await test.step('rejecting the entity ends the owner’s rights at once', async () => {
    const rejected = await request.put(`/api/entities/${owner.entityId}/verification`, {
      headers: bearer(admin),
      data: { verification_status: 'rejected' },
    });
    expect(rejected.status()).toBe(200);
    const edit = await request.put(`/api/entities/${owner.entityId}`, {
      headers: bearer(owner),
      data: { description: 'Still mine?' },
    });
    expect(edit.status()).toBe(403);
    const offers = await request.get(`/api/offers/entity/${owner.entityId}`, {
      headers: bearer(owner),
    });
    expect(offers.status()).toBe(403);
  });

  expect(problems).toEqual([]);
});
