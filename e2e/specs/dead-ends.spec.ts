import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { createVerifiedAccount, logIn, useSession, type TestAccount } from '../support/accounts';
import { E2E_LANDING_HOST } from '../support/chromium';
import {
  createApprovedEntityAccount,
  ketoOfferBody,
  networkMetadata,
  placePublicWarning,
} from '../support/entities';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer, decideApplication, myApplicationTo } from '../support/offers';
import { publishedReview } from '../support/reviews';
import { E2E_ADMIN, E2E_BASE_URL, E2E_PORT } from '../support/urls';

// Decision 027, "no dead ends": every button and link of the entity page and the offer page, walked as
// a visitor, a member, an affiliate and the owner, and where each one leads or what it does. The
// Share button copies (the context may write and read the clipboard).

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
// Many reloads of pages that read the API: patient on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The visitor was sent to log in: signs in on that page (it sends them back to `next`). */
async function signInHere(page: Page, account: TestAccount, next: string) {
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${escape(encodeURIComponent(next))}$`));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Password hashing is slow on a busy machine.
  await expect(page).toHaveURL(new RegExp(`${escape(next)}$`), { timeout: 30_000 });
}

/** The reviews shown in the list of the entity page's Reviews tab, in order. */
const reviewCards = (page: Page): Locator => page.getByRole('tabpanel').getByRole('article');

test('the entity page: every link and button, as a visitor, a member and its owner', async ({
  page,
  request,
}) => {
  // Eleven published reviews by eleven new accounts first: generous on a busy machine.
  test.setTimeout(600_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const owner = await createApprovedEntityAccount(request, 'network', {
    name: `Walked Network ${suffix}`,
  });
  const offerTitle = `Walked Offer ${suffix}`;
  await createOffer(request, owner, ketoOfferBody(offerTitle, suffix));
  // Eleven reviews: two pages of ten; no 3-star review, so that filter is disabled.
  const ratings = [5, 4, 5, 2, 5, 4, 2, 5, 4, 5, 1];
  const ids: string[] = [];
  for (const [i, rating] of ratings.entries()) {
    ids.push(await publishedReview(request, admin, owner.entityId, `Walk ${i} ${suffix}`, rating));
  }
  const newest = `Walk 10 ${suffix}`;
  const fiveStars = ratings.flatMap((r, i) => (r === 5 ? [`Walk ${i} ${suffix}`] : []));
  const { entity } = (await (
    await request.get(`/api/entities/public/${owner.entityId}`)
  ).json()) as { entity: { slug: string } };
  const entityPath = `/entity/${entity.slug}`;
  const reviewPath = (id: string) => `${entityPath}?tab=reviews&review=${id}`;
  const member = await createVerifiedAccount(request);

  await test.step('the id address becomes the slug; the breadcrumb leads home', async () => {
    await page.goto(`/entity/${owner.entityId}`);
    await waitForApp(page);
    await expect(page).toHaveURL(new RegExp(`${escape(entityPath)}$`));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByText(owner.entityName)).toHaveAttribute('aria-current', 'page');
    await crumbs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  });

  await test.step('each tab sets ?tab= and a reload keeps it; the Offers tab opens the offer', async () => {
    await page.goto(entityPath);
    await waitForApp(page);
    const tabs = page.getByRole('tablist', { name: 'Entity sections' });
    // Reviews first (docs/decisions/027).
    await expect(tabs.getByRole('tab', { name: 'Reviews' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const [name, value] of [
      ['Overview', 'overview'],
      ['Offers', 'offers'],
      ['Reviews', 'reviews'],
    ] as const) {
      await tabs.getByRole('tab', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`\\?tab=${value}$`));
      await page.reload();
      await waitForApp(page);
      await expect(tabs.getByRole('tab', { name, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    }
    await expect(async () => {
      await tabs.getByRole('tab', { name: 'Overview' }).click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\?tab=overview$/, { timeout: 2_000 });
    }).toPass();
    const website = page.getByRole('tabpanel').getByRole('link', { name: /example\.com/ });
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('tabpanel').getByText('Verified', { exact: true })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Offers', exact: true }).click();
    await page
      .getByRole('tabpanel')
      .getByRole('link', { name: new RegExp(offerTitle) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: offerTitle })).toBeVisible();
    await page.goBack();
    await expect(tabs.getByRole('tab', { name: 'Offers', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  await test.step('the star filter: ?stars=, a reload keeps it, pressed again or Show all clears it', async () => {
    await page.goto(entityPath);
    await waitForApp(page);
    const stars = page.getByRole('list', { name: 'Reviews by stars' });
    await expect(
      stars.getByRole('button', { name: 'Show only 3-star reviews (0 reviews)' }),
    ).toBeDisabled();
    const one = stars.getByRole('button', { name: 'Show only 1-star reviews (1 review)' });
    await one.click();
    await expect(page).toHaveURL(/[?&]stars=1$/);
    await expect(one).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Showing only 1-star reviews.')).toBeVisible();
    await expect(reviewCards(page)).toHaveCount(1);
    await expect(reviewCards(page).first()).toHaveAttribute('aria-label', newest);
    await page.reload();
    await waitForApp(page);
    await expect(reviewCards(page)).toHaveCount(1);
    await one.click();
    await expect(page).not.toHaveURL(/stars=/);
    await expect(reviewCards(page)).toHaveCount(10);

    await stars.getByRole('button', { name: 'Show only 5-star reviews (5 reviews)' }).click();
    await expect(reviewCards(page)).toHaveCount(5);
    await page.getByRole('button', { name: 'Show all reviews' }).click();
    await expect(page).not.toHaveURL(/stars=/);
    await expect(reviewCards(page)).toHaveCount(10);
  });

  await test.step('the sort: ?sort=, highest rating first, a reload keeps it', async () => {
    const sort = page.getByLabel('Sort reviews');
    await expect(reviewCards(page).first()).toHaveAttribute('aria-label', newest);
    await sort.selectOption('rating');
    await expect(page).toHaveURL(/[?&]sort=rating$/);
    await expect(reviewCards(page).first()).toHaveAttribute(
      'aria-label',
      new RegExp(`^(${fiveStars.join('|')})$`),
    );
    await page.reload();
    await waitForApp(page);
    await expect(sort).toHaveValue('rating');
    await expect(reviewCards(page).first()).toHaveAttribute(
      'aria-label',
      new RegExp(`^(${fiveStars.join('|')})$`),
    );
    await sort.selectOption('helpful');
    await expect(page).toHaveURL(/[?&]sort=helpful$/);
    await sort.selectOption('recent');
    await expect(page).not.toHaveURL(/sort=/);
    await expect(reviewCards(page).first()).toHaveAttribute('aria-label', newest);
  });

  await test.step('paging: ?page=, next and previous', async () => {
    const pages = page.getByRole('navigation', { name: 'Review pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(reviewCards(page)).toHaveCount(1);
    await expect(reviewCards(page).first()).toHaveAttribute('aria-label', `Walk 0 ${suffix}`);
    await page.reload();
    await waitForApp(page);
    await expect(reviewCards(page)).toHaveCount(1);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(reviewCards(page)).toHaveCount(10);
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2$/);
    await expect(reviewCards(page)).toHaveCount(1);
  });

  await test.step("Share copies the review's own address, which opens it", async () => {
    await page.goto(entityPath);
    await waitForApp(page);
    const card = page.getByRole('article', { name: newest });
    await card.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link to this review copied.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${E2E_BASE_URL}${reviewPath(ids[10]!)}`);
    await page.goto(copied);
    await waitForApp(page);
    await expect(page.getByText('The review you opened')).toBeVisible();
    await expect(page.locator(`#review-${ids[10]}`)).toBeInViewport();
  });

  await test.step('a visitor: Write a Review, How TrustScore works, Reply shown, Join goes to log in', async () => {
    await page.goto(entityPath);
    await waitForApp(page);
    await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveAttribute(
      'href',
      `/writereview?entity_id=${owner.entityId}`,
    );
    await page.getByRole('link', { name: 'How TrustScore works' }).click();
    await expect(page).toHaveURL(/\/trustscore$/);
    await page.goBack();
    // A visitor may be the company: Reply is there and goes to log in.
    const card = page.getByRole('article', { name: newest });
    await card.getByRole('button', { name: 'Reply' }).click();
    await expect(page.getByText('Please log in to reply')).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(`/login\\?next=${escape(encodeURIComponent(reviewPath(ids[10]!)))}$`),
    );
    await page.goto(entityPath);
    await waitForApp(page);
    await page
      .getByRole('article', { name: newest })
      .getByRole('button', { name: 'Report' })
      .click();
    await expect(page.getByText('Please log in to report a review')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.goto(entityPath);
    await waitForApp(page);
    // Without a sign-up page, 'Join Network' is a message, which needs an account: log in first.
    const join = page.getByRole('link', { name: 'Join Network' });
    await expect(join).toHaveAttribute('href', `/login?next=${encodeURIComponent(entityPath)}`);
  });

  await test.step("a visitor's Helpful goes to log in and comes back to the review, which counts the vote", async () => {
    await page.goto(entityPath);
    await waitForApp(page);
    await page
      .getByRole('article', { name: newest })
      .getByRole('button', { name: /^Helpful/ })
      .click();
    await expect(page.getByText('Please log in to vote on reviews')).toBeVisible();
    await signInHere(page, member, reviewPath(ids[10]!));
    const card = page.locator(`#review-${ids[10]}`);
    await expect(card).toBeInViewport();
    const helpful = card.getByRole('button', { name: /^Helpful/ });
    await expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await helpful.click();
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('a member: no Reply, Report opens its dialog, Join opens Contact', async () => {
    await page.goto(entityPath);
    await waitForApp(page);
    const card = page.getByRole('article', { name: newest });
    await expect(card.getByRole('button', { name: /^Helpful/ })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Report this review' });
    await expect(report).toBeVisible();
    await report.getByRole('button', { name: 'Cancel' }).click();
    await expect(report).toHaveCount(0);

    await page.getByRole('button', { name: 'Join Network' }).click();
    const contact = page.getByRole('dialog', { name: `Contact ${owner.entityName}` });
    await expect(contact).toBeVisible();
    await contact.getByRole('button', { name: 'Send message' }).click();
    // Nothing sent: the message is too short, and the field says so.
    await expect(contact.getByText(/at least 10 characters/i).first()).toBeVisible();
    await contact.getByLabel('Your message').fill('We buy US search traffic; may we join?');
    await contact.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Your message is on its way to the company.')).toBeVisible();
    await expect(contact).toHaveCount(0);
  });

  await test.step('the owner: Reply opens the reply form; no Join, no Write a Review, no vote', async () => {
    await useSession(page, owner);
    await page.goto(entityPath);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: owner.entityName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join Network' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Join Network' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveCount(0);
    const card = page.getByRole('article', { name: newest });
    await expect(card.getByRole('button', { name: /^Helpful/ })).toBeDisabled();
    await card.getByRole('button', { name: 'Reply' }).click();
    const reply = page.getByRole('dialog', { name: 'Reply to Review' });
    await expect(reply).toBeVisible();
    await reply.getByRole('button', { name: 'Cancel' }).click();
    await expect(reply).toHaveCount(0);
  });

  await test.step('under an active warning: no Join, no green Verified, the warning instead', async () => {
    await placePublicWarning(
      request,
      admin,
      owner.entityId,
      `Affiliates report unpaid invoices (${suffix}).`,
    );
    await useSession(page, member);
    await page.goto(`${entityPath}?tab=overview`);
    await waitForApp(page);
    await expect(page.getByRole('region', { name: 'Public warnings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join Network' })).toHaveCount(0);
    const status = page.getByRole('definition').filter({ hasText: 'Under warning' });
    await expect(status.first()).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toHaveCount(0);
  });

  expect(problems).toEqual([]);
});

test('the offer page: every link and button, as a visitor, an affiliate, another role and the owner', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  const name = `Joinable Walk ${suffix}`;
  // Its "sign-up page" is a plain address of our own server under a public-looking host
  // (support/chromium.ts), so the new tab really loads.
  const signup = `http://${E2E_LANDING_HOST}:${E2E_PORT}/api/health`;
  const owner = await createApprovedEntityAccount(request, 'network', {
    name,
    metadata: networkMetadata(name, signup),
  });
  const title = `Walked Offer ${suffix}`;
  const body = ketoOfferBody(title, suffix);
  const offer = await createOffer(request, owner, body);
  const offerPath = `/offer/${offer.slug}`;
  const { entity } = (await (
    await request.get(`/api/entities/public/${owner.entityId}`)
  ).json()) as { entity: { slug: string } };
  const entityPath = `/entity/${entity.slug}`;
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');

  await test.step('the id address becomes the slug; breadcrumb, by-line, card and View profile lead to the entity', async () => {
    await page.goto(`/offer/${offer.offer_id}`);
    await waitForApp(page);
    await expect(page).toHaveURL(new RegExp(`${escape(offerPath)}$`));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByText(title)).toHaveAttribute('aria-current', 'page');
    // Breadcrumb, 'by …' and the side card's name: each a link to the entity page.
    const toEntity = page.getByRole('link', { name, exact: true });
    await expect(toEntity).toHaveCount(3);
    for (const link of await toEntity.all()) {
      await expect(link).toHaveAttribute('href', entityPath);
    }
    await expect(page.getByRole('link', { name: 'View profile' })).toHaveAttribute(
      'href',
      entityPath,
    );
    await crumbs.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'View profile' }).click();
    await expect(page).toHaveURL(new RegExp(`${escape(entityPath)}$`));
    await page.goBack();
    await crumbs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  });

  await test.step("the landing page and 'Join Network' open in a new tab, without a way back to us", async () => {
    await page.goto(offerPath);
    await waitForApp(page);
    const landing = page.getByRole('link', { name: /offers\.example\.com/ });
    await expect(landing).toHaveAttribute('href', body.landing_page_url);
    await expect(landing).toHaveAttribute('target', '_blank');
    await expect(landing).toHaveAttribute('rel', 'noopener noreferrer');

    const join = page.getByRole('link', { name: 'Join Network' });
    await expect(join).toHaveAttribute('href', `/api/entities/${owner.entityId}/join`);
    await expect(join).toHaveAttribute('rel', 'noopener noreferrer');
    const opening = page.waitForEvent('popup');
    await join.click();
    const popup = await opening;
    // Through the API (which counts it) to the entity's own sign-up page.
    await popup.waitForLoadState('domcontentloaded');
    await expect(popup).toHaveURL(signup);
    // noopener: the new tab has no handle on our page.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
  });

  await test.step("a visitor's Run This Offer goes to log in and comes back; the dialog's Cancel closes it", async () => {
    await page.getByRole('button', { name: 'Run This Offer' }).click();
    await expect(page.getByText('Please log in to run this offer.')).toBeVisible();
    await signInHere(page, affiliate, offerPath);
    const dialog = page.getByRole('dialog', { name: 'Run This Offer' });
    await expect(async () => {
      // Clicked once the page knows the affiliate's application; not again once the dialog shows.
      if (!(await dialog.isVisible())) {
        await page.getByRole('button', { name: 'Run This Offer' }).click({ timeout: 2_000 });
      }
      await expect(dialog).toBeVisible({ timeout: 5_000 });
    }).toPass();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('applied: Pending with a link to all applications; withdrawn: Apply again; rejected: the note', async () => {
    await page.getByRole('button', { name: 'Run This Offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run This Offer' });
    await dialog.getByLabel(/Message to the advertiser/).fill('Native traffic, US and CA.');
    await dialog.getByLabel(/Traffic sources/).fill('Taboola, Outbrain');
    await dialog.getByRole('button', { name: 'Send application' }).click();
    const status = page.getByTestId('my-application');
    await expect(status.getByText('Pending')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run This Offer' })).toHaveCount(0);
    await expect(status.getByRole('link', { name: 'All my applications' })).toHaveAttribute(
      'href',
      '/affiliate-dashboard?tab=my-applications',
    );

    const pending = await myApplicationTo(request, affiliate, offer.offer_id);
    await decideApplication(request, affiliate, pending.application_id, 'withdrawn');
    await page.reload();
    await waitForApp(page);
    await expect(page.getByText('You withdrew your application.')).toBeVisible();
    await expect(async () => {
      // Clicked once the page knows the affiliate's application; not again once the dialog shows.
      if (!(await dialog.isVisible())) {
        await page.getByRole('button', { name: 'Apply again' }).click({ timeout: 2_000 });
      }
      await expect(dialog).toBeVisible({ timeout: 5_000 });
    }).toPass();
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByTestId('my-application').getByText('Pending')).toBeVisible();

    const again = await myApplicationTo(request, affiliate, offer.offer_id);
    await decideApplication(
      request,
      owner,
      again.application_id,
      'rejected',
      `No brand bidding (${suffix}).`,
    );
    await page.reload();
    await waitForApp(page);
    const decided = page.getByTestId('my-application');
    await expect(decided.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(decided.getByText(`No brand bidding (${suffix}).`)).toBeVisible();
  });

  await test.step('another role and the owner see why they cannot run it', async () => {
    const advertiser = await createApprovedEntityAccount(request, 'advertiser');
    await useSession(page, advertiser);
    await page.goto(offerPath);
    await waitForApp(page);
    await expect(page.getByRole('button', { name: 'Run This Offer' })).toBeDisabled();
    await expect(
      page.getByText('Only affiliates and networks can apply to run offers.'),
    ).toBeVisible();

    await useSession(page, owner);
    await page.goto(offerPath);
    await waitForApp(page);
    await expect(page.getByRole('button', { name: 'Run This Offer' })).toBeDisabled();
    await expect(page.getByText('This is your own offer.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Network' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Join Network' })).toHaveCount(0);
  });

  expect(problems).toEqual([]);
});
