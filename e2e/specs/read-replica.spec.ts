import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { createApprovedEntityAccount } from '../support/entities';
import { uniqueSuffix } from '../support/journey';

// Read replicas (docs/decisions/017-read-replicas.md) in a real browser: the app runs on a
// PostgreSQL primary with a streaming replica (scripts/with-replica.sh, as .ci/run does), and the
// replica's replay is paused, so a new row exists on the primary only. An affiliate posts an
// offer request from its dashboard and sees it on the wishlist at once: the write's answer set
// the sticky cookie, so its reads go to the primary. Another user, reading the public list from
// the paused replica, sees it once replay resumes. Skipped unless DATABASE_READ_URL is set; run
// with REPLICA_MAX_LAG_MS=0 (.ci/run), or the paused replay soon counts as lag and every read goes
// to the primary.
const replicaCtl = (action: 'pause' | 'resume') =>
  execFileSync(process.env.REPLICA_CTL!, [action], { stdio: ['ignore', 'ignore', 'pipe'] });

test.skip(!process.env.DATABASE_READ_URL, 'needs a read replica (scripts/with-replica.sh)');

test.afterEach(() => replicaCtl('resume'));

test('a writer reads its own write at once; others see it once the replica has it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const title = `E2E replica request ${suffix}`;
  const vertical = `Replica ${suffix}`;

  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const network = await createApprovedEntityAccount(request, 'network');

  replicaCtl('pause');

  await test.step('the affiliate posts a request from its dashboard', async () => {
    await useSession(page, affiliate);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: '+ Create Offer Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Offer Request' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Vertical').fill(vertical);
    await dialog.getByLabel('Target GEOs').fill('US, CA');
    await dialog.getByLabel('Traffic Types').fill('Native');
    await dialog.getByLabel('Platforms Used').fill('Taboola');
    await dialog.getByLabel('Daily Traffic Volume').fill('20000');
    await dialog.getByLabel('Desired Payout Type').selectOption('CPA');
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(page.getByText('Offer request created successfully!')).toBeVisible();

    const cookies = await page.context().cookies();
    const sticky = cookies.find((c) => c.name === 'tl_read_primary');
    expect(sticky?.httpOnly).toBe(true);
    expect(sticky?.path).toBe('/api');
  });

  await test.step('and sees it on the public wishlist at once (from the primary)', async () => {
    await page.goto('/affiliatedwishlist');
    await page.getByLabel('Vertical').fill(vertical);
    await expect(page.getByText('1 affiliate found')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await test.step('another user reads the paused replica: not there yet', async () => {
      await useSession(otherPage, network);
      await otherPage.goto('/affiliatedwishlist');
      await otherPage.getByLabel('Vertical').fill(vertical);
      await expect(otherPage.getByText('No affiliates found')).toBeVisible();
    });

    await test.step('once the replica replays it, they see it too', async () => {
      replicaCtl('resume');
      await expect(async () => {
        await otherPage.reload();
        await otherPage.getByLabel('Vertical').fill(vertical);
        await expect(otherPage.getByText('1 affiliate found')).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      await expect(otherPage.getByRole('heading', { name: title })).toBeVisible();
    });
  } finally {
    await other.close();
  }
});
