import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, useSession } from '../support/accounts';
import { createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { verifyIdentityByBusinessEmail } from '../support/identity';
import { uniqueSuffix } from '../support/journey';
import { createOffer } from '../support/offers';
import { postReview } from '../support/reviews';

// docs/decisions/021-server-rendering.md: the public pages arrive rendered with their
// data; without JavaScript they read and link; with it they hydrate without a mismatch.

interface World {
  entityId: string;
  entityName: string;
  offerId: string;
  offerSlug: string;
  offerTitle: string;
  reviewTitle: string;
}

/** An approved advertiser with an offer and a published review. */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const suffix = uniqueSuffix();
  const entityName = `Beacon Ads ${suffix}`;
  const advertiser = await createApprovedEntityAccount(request, 'advertiser', {
    name: entityName,
  });
  const offerTitle = `Keto Trial ${suffix}`;
  const offer = await createOffer(request, advertiser, ketoOfferBody(offerTitle, suffix));
  const reviewer = await createVerifiedAccount(request, {
    firstName: 'Nora',
    lastName: 'Noscript',
  });
  // Identity-verified, so the review is published at once (the swarm guard holds new accounts').
  await verifyIdentityByBusinessEmail(request, reviewer, `nora@beacon-${suffix}.example`);
  const reviewTitle = `Honest caps, paid weekly ${suffix}`;
  await postReview(request, reviewer, {
    entity_id: advertiser.entityId,
    title: reviewTitle,
    overall_rating: 5,
    review_text: `Two months of Nutra traffic with them (${suffix}); every invoice paid on Friday.`,
    category_ratings: { quality: 5, support: 4, reliability: 5, payment_speed: 5 },
    tags: ['fast payouts'],
  });
  return {
    entityId: advertiser.entityId,
    entityName,
    offerId: offer.offer_id,
    offerSlug: offer.slug,
    offerTitle,
    reviewTitle,
  };
}

/** Console errors and warnings (React's hydration mismatch is one) and uncaught errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

let world: World;
test.beforeAll(async ({ request }) => {
  world = await buildWorld(request);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the entity page reads whole, and its links lead to the offer page', async ({ page }) => {
    await page.goto(`/entity/${world.entityId}`);
    await expect(page.getByRole('heading', { level: 1, name: world.entityName })).toBeVisible();
    await expect(page.getByText('Based on 1 published review').first()).toBeVisible();
    // The reviews and offers tabs' panels are shown one below the other (index.html's noscript style).
    await expect(page.getByText(world.reviewTitle)).toBeVisible();
    await expect(page).toHaveTitle(`${world.entityName} · TrustLinks`);
    await page.getByRole('link', { name: world.offerTitle }).first().click();
    // The offer's readable address (docs/decisions/022).
    await expect(page).toHaveURL(new RegExp(`/offer/${world.offerSlug}$`));
    await expect(page.getByRole('heading', { level: 1, name: world.offerTitle })).toBeVisible();
    await expect(page.getByText('$45 CPA').first()).toBeVisible();
  });

  test('the offers explorer shows the offers of the filters in its address', async ({ page }) => {
    await page.goto('/offers?category=Nutra');
    await expect(page.getByText(world.offerTitle)).toBeVisible();
  });

  test('an unknown address is the not-found page, with status 404', async ({ page }) => {
    const response = await page.goto('/this/path/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

test('the entity page hydrates with no console error or hydration warning, and stays interactive', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) reads.push(request.url());
  });
  await page.goto(`/entity/${world.entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: world.entityName })).toBeVisible();
  // Hydrated: a tab click is handled by React.
  const reviewsTab = page.getByRole('tab', { name: 'Reviews' });
  await expect(async () => {
    await reviewsTab.click();
    await expect(reviewsTab).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  }).toPass();
  await expect(page.getByText(world.reviewTitle)).toBeVisible();
  // The data came with the page: the app read none of it again.
  expect(reads.filter((url) => url.includes(world.entityId))).toEqual([]);
  expect(problems).toEqual([]);
});

test('a signed-in visitor gets the same page, and their own parts fill in after hydration', async ({
  page,
  request,
}) => {
  const problems = collectProblems(page);
  const account = await createVerifiedAccount(request, { firstName: 'Sam', lastName: 'Session' });
  await useSession(page, account);
  await page.goto(`/entity/${world.entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: world.entityName })).toBeVisible();
  // The header shows the signed-in user's menu once the app has taken over.
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
