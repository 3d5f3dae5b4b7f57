import { expect, test } from '@playwright/test';

// docs/decisions/021-server-rendering.md, "Note (2026-11-29): signed-in pages' frame": a role
// dashboard's heading and intro arrive with the HTML; a visitor still ends on the log-in page.
test('a dashboard paints its frame without JavaScript; a visitor is sent to log in', async ({
  browser,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto('/affiliate-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Dashboard' })).toBeVisible();
  await expect(page.getByText('Post what traffic you have')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Requests' })).toBeVisible();
  await noScript.close();

  const visitor = await browser.newContext();
  const live = await visitor.newPage();
  await live.goto('/advertiser-dashboard');
  await expect(live).toHaveURL(/\/login$/);
  await visitor.close();
});
