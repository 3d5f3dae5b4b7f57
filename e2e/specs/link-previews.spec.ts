import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer } from '../support/offers';

// docs/decisions/052-link-previews.md: an entity's and an offer's page name a picture of
// themselves in their head (og:image, 1200 × 630); the picture is a PNG a browser decodes, and
// it answers 304 to its ETag. The pages every site has are in the sitemap.

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** The content of a head meta tag, by property or name. */
const headMeta = (page: Page, key: string) =>
  page.locator(`head meta[property="${key}"], head meta[name="${key}"]`).getAttribute('content');

/** What the page's own og:image is: fetched as bytes, then decoded by the browser in an <img>. */
async function checkPicture(page: Page, path: RegExp) {
  const image = await headMeta(page, 'og:image');
  expect(image).toMatch(path);
  expect(await headMeta(page, 'og:image:width')).toBe('1200');
  expect(await headMeta(page, 'og:image:height')).toBe('630');
  expect(await headMeta(page, 'twitter:card')).toBe('summary_large_image');
  expect(await headMeta(page, 'twitter:image')).toBe(image);

  const answer = await page.request.get(image!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/png');
  const bytes = await answer.body();
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  const etag = answer.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await page.request.get(image!, { headers: { 'if-none-match': etag! } });
  expect(again.status()).toBe(304);

  // The browser decodes it: a real picture of that size, not a broken image.
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, image!);
  expect(size).toEqual([1200, 630]);
}

test('an entity’s and an offer’s page carry a picture of themselves for link previews', async ({
  page,
  request,
}) => {
  const suffix = uniqueSuffix();
  const advertiser = await createApprovedEntityAccount(request, 'advertiser', {
    name: `Preview Ads ${suffix}`,
  });
  const offer = await createOffer(
    request,
    advertiser,
    ketoOfferBody(`Preview Keto ${suffix}`, suffix),
  );

  // The id's address answers 301 to the slug's; the page's head names the slug's picture.
  await page.goto(`/entity/${advertiser.entityId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Preview Ads ${suffix}` }),
  ).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  await checkPicture(page, new RegExp(`^https?://[^/]+/og/entity/${slug}\\.png$`));

  await page.goto(`/offer/${offer.slug}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Preview Keto ${suffix}` }),
  ).toBeVisible();
  await checkPicture(page, new RegExp(`^https?://[^/]+/og/offer/${offer.slug}\\.png$`));
});

test('the pages sitemap lists Help, Contact, Terms and Privacy', async ({ request }) => {
  const xml = await (await request.get('/sitemaps/pages-1.xml')).text();
  for (const path of ['/help', '/contact', '/terms', '/privacy']) {
    expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+${path}</loc>`));
  }
});

test('the info pages arrive rendered with their head and hydrate without a warning', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const [path, title] of [
    ['/help', 'Help Center'],
    ['/contact', 'Contact Us'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('#root[data-ssr="hydrate"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${path}$`),
    );
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await waitForApp(page);
  }
  expect(problems).toEqual([]);
});
