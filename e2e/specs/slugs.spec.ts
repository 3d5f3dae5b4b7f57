import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { createApprovedEntityAccount } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';

// Readable addresses and the embeddable badge (docs/decisions/022) against the real app: an approved
// network's owner finds its badge on the dashboard with the HTML to paste (the badge inside a
// link to its page, copied with the Copy button); the badge is fetched again with a 304; the
// entity's uuid address and the link in the HTML lead to the slug address.

test('the owner’s dashboard shows the badge with its HTML; a second fetch answers 304', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const owner = await createApprovedEntityAccount(request, 'network', {
    name: `Badge Beacon Média ${suffix}`,
  });
  const slug = `badge-beacon-media-${suffix}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await useSession(page, owner);

  const badgeAnswers: { status: number; url: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/badge/')) {
      badgeAnswers.push({ status: response.status(), url: response.url() });
    }
  });
  await page.goto('/network-dashboard');
  const panel = page.getByTestId('trust-badge');
  await expect(panel.getByRole('heading', { name: 'Your TrustLinks badge' })).toBeVisible();
  // A closed card until asked for (docs/decisions/053).
  await panel.getByText('Your TrustLinks badge').click();
  const image = panel.getByRole('img', { name: `Badge Beacon Média ${suffix} on TrustLinks` });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', `/badge/${slug}.svg`);
  // The image really loaded (an SVG the browser could draw).
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(220);

  const html = await panel.getByRole('textbox', { name: 'Badge HTML' }).inputValue();
  const origin = new URL(page.url()).origin;
  expect(html).toBe(
    `<a href="${origin}/entity/${slug}" target="_blank" rel="noopener"><img src="${origin}/badge/${slug}.svg" alt="Badge Beacon Média ${suffix} on TrustLinks" width="220" height="64"></a>`,
  );
  await panel.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(page.getByText('Badge HTML copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

  // The dark one: its own image and HTML.
  await panel.getByRole('button', { name: 'Dark' }).click();
  await expect(image).toHaveAttribute('src', `/badge/${slug}.svg?theme=dark`);
  await expect(panel.getByRole('textbox', { name: 'Badge HTML' })).toHaveValue(
    /\/badge\/[a-z0-9-]+\.svg\?theme=dark/,
  );

  // Another site's page fetches the badge twice: the second time with the ETag, answered 304.
  const first = await request.get(`/badge/${slug}.svg`);
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toBe('public, max-age=300');
  expect(first.headers()['set-cookie']).toBeUndefined();
  const etag = first.headers().etag!;
  const second = await request.get(`/badge/${slug}.svg`, { headers: { 'If-None-Match': etag } });
  expect(second.status()).toBe(304);
  // In the browser too: a reload of the badge revalidates with the ETag it kept.
  const again = await page.request.get(`/badge/${slug}.svg`, {
    headers: { 'If-None-Match': etag },
  });
  expect(again.status()).toBe(304);
  expect(badgeAnswers.some((answer) => answer.status === 200)).toBe(true);

  // The badge's link leads to the entity's page; its uuid address redirects there.
  await page.goto(`/entity/${owner.entityId}?tab=reviews`);
  await expect(page).toHaveURL(`${origin}/entity/${slug}?tab=reviews`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Badge Beacon Média ${suffix}` }),
  ).toBeVisible();
  expect(problems).toEqual([]);
});
