import { expect, test } from '@playwright/test';
import { roundFigure, type LandingResponse } from '@trustlinks/contract/landing';
import { createVerifiedAccount, logIn, useSession } from '../support/accounts';
import {
  createApprovedEntityAccount,
  ketoOfferBody,
  networkWithSignupPage,
} from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer } from '../support/offers';
import { approveIfHeld, postReview } from '../support/reviews';
import { E2E_ADMIN } from '../support/urls';

// Decision 026: nothing made up, no dead ends. Every figure and card of the landing comes from the
// database, every button and footer link leads somewhere real, and the new pages work.

test('the landing shows what the database holds, and its offer card opens the offer', async ({
  page,
  request,
}) => {
  const problems = collectPageErrors(page);
  const advertiser = await createApprovedEntityAccount(request, 'advertiser');
  const title = `Landing Offer ${uniqueSuffix()}`;
  await createOffer(request, advertiser, ketoOfferBody(title, uniqueSuffix()));

  await page.goto('/');
  const landing = (await (await request.get('/api/landing')).json()) as LandingResponse;
  const main = page.locator('main');
  // The figures are the API's counts, rounded down; the spec's made-up claims are gone.
  const strip = main.getByRole('region', { name: 'Trusted across the industry' });
  await expect(
    strip.getByText(roundFigure(landing.figures.published_reviews)).first(),
  ).toBeVisible();
  await expect(
    main.getByText(
      `${roundFigure(landing.figures.approved_companies)} verified companies on TrustLinks`,
    ),
  ).toBeVisible();
  for (const claim of ['70K+', '500K+', '24/7', '99.9%', '99.8%']) {
    await expect(main.getByText(claim, { exact: true })).toHaveCount(0);
  }
  await expect(main.getByRole('button', { name: 'Join the Community' })).toHaveCount(0);

  // The cards are the database's top offers (the API's list: by approved applications, then
  // clicks, then newest, so after other journeys the new offer need not be among them); each is a
  // real offer, and 'Apply Now' opens it.
  const offers = main.getByRole('region', { name: 'Top Performing Offers' });
  expect(landing.top_offers.length).toBeGreaterThan(0);
  for (const offer of landing.top_offers) {
    await expect(offers.getByRole('link', { name: `Apply Now: ${offer.title}` })).toBeVisible();
  }
  const first = landing.top_offers[0]!;
  await offers.getByRole('link', { name: `Apply Now: ${first.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();

  expect(problems).toEqual([]);
});

test("the landing's section links and the footer's links open their pages", async ({ page }) => {
  // Many navigations: more time than one journey step needs.
  test.setTimeout(120_000);
  // Each section's link, the hero's and the call to action lead to their pages.
  for (const [name, path] of [
    ['View All Offers', '/offers'],
    ['View All Requests', '/affiliatedwishlist'],
    ['Read All Reviews', '/review'],
    ['Explore Database', '/affliate-industry'],
    ['Write a Review', '/writereview'],
    ['Affiliates Wishlist', '/affiliatedwishlist'],
    // The hero's showcase opens the advertiser directory (docs/decisions/027-no-dead-ends.md).
    ['Advertisers Showcase', '/advertiserswishlist'],
    ['Get Started Free', '/signup'],
  ] as const) {
    await page.goto('/');
    await page.locator('main').getByRole('link', { name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }

  // The footer: Platform and Support links open real pages.
  for (const [name, path, heading] of [
    ['Help Center', '/help', 'Help Center'],
    ['Contact Us', '/contact', 'Contact Us'],
    ['Terms of Service', '/terms', 'Terms of Service'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Offers', '/offers', /Offers/],
    ['Database', '/affliate-industry', 'Affiliate Company Database'],
    ['Advertisers', '/advertiserswishlist', 'Advertisers Wishlist'],
  ] as const) {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('a review card on the landing opens the review on its entity page', async ({
  page,
  request,
}) => {
  const company = await createApprovedEntityAccount(request, 'network');
  const reviewer = await createVerifiedAccount(request);
  const reviewTitle = `Landing review ${uniqueSuffix()}`;
  const review = await postReview(request, reviewer, {
    entity_id: company.entityId,
    title: reviewTitle,
    overall_rating: 5,
    review_text:
      'Weekly payouts for six months, clear reporting and an affiliate manager who answers the same day.',
  });
  await approveIfHeld(request, await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password), review);
  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'Trusted Reviews from Real Partners' });
  await expect(reviews.getByText(reviewTitle)).toBeVisible();
  await reviews.getByRole('link', { name: `Reply: ${reviewTitle}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/entity/[^/?]+\\?tab=reviews&review=${review.review_id}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: company.entityName })).toBeVisible();
});

test("'Join Network' opens the entity's own sign-up page safely, counted by the API", async ({
  page,
  request,
}) => {
  const entity = await networkWithSignupPage(request, 'https://partners.example.com/join');
  await page.goto(`/entity/${entity.entity_id}`);
  const join = page.getByRole('link', { name: 'Join Network' });
  await expect(join).toHaveAttribute('href', `/api/entities/${entity.entity_id}/join`);
  await expect(join).toHaveAttribute('target', '_blank');
  await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  const hop = await request.get(`/api/entities/${entity.entity_id}/join`, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers().location).toBe('https://partners.example.com/join');
});

test("'Join' without a sign-up page sends a member's message; its owner sees no Join", async ({
  page,
  request,
}) => {
  const company = await createApprovedEntityAccount(request, 'advertiser');
  const member = await createVerifiedAccount(request);
  await useSession(page, member);
  await page.goto(`/entity/${company.entityId}`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Join Program' }).click();
  const dialog = page.getByRole('dialog', { name: `Contact ${company.entityName}` });
  await dialog.getByLabel('Your message').fill('We run US Nutra traffic and would like to join.');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message is on its way to the company.')).toBeVisible();

  await useSession(page, company);
  await page.goto(`/entity/${company.entityId}`);
  await expect(page.getByRole('heading', { level: 1, name: company.entityName })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Join/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Join/ })).toHaveCount(0);
});

test('the Contact page reaches the admins, who see it in the Contact tab', async ({
  page,
  request,
}) => {
  const subject = `Listing question ${uniqueSuffix()}`;
  await page.goto('/contact');
  await waitForApp(page);
  await page.getByLabel('Your name').fill('Vera Visitor');
  await page.getByLabel('Your email').fill('vera@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('How do I get my network listed on TrustLinks?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();

  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await useSession(page, admin);
  await page.goto('/admin?tab=contact');
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
});

test('a member downloads their data and deletes their account', async ({ page, request }) => {
  const member = await createVerifiedAccount(request);
  await useSession(page, member);
  await page.goto('/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await downloading;
  const data = JSON.parse(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  ) as { account: { email: string; passwordHash?: string } };
  expect(data.account.email).toBe(member.email);
  expect(data.account.passwordHash).toBeUndefined();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('The password is not correct.')).toBeVisible();
  await dialog.getByLabel('Password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const login = await request.post('/api/users/login', {
    data: { email: member.email, password: member.password },
  });
  expect(login.status()).toBe(401);
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/this/path/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
