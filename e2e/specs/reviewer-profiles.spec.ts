import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, useSession, type TestAccount } from '../support/accounts';
import { bearer, createApprovedEntityAccount } from '../support/entities';
import { verifyIdentityByBusinessEmail } from '../support/identity';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { postReview } from '../support/reviews';

// docs/decisions/054: a reviewer's page lists their published, non-anonymous reviews, is noindex
// below three of them, and its reviewer can hide it (then it is not found for anyone else).

const NOINDEX = '<meta name="robots" content="noindex" />';

async function reviewOf(
  request: APIRequestContext,
  author: TestAccount,
  entityId: string,
  title: string,
  anonymous = false,
) {
  await postReview(request, author, {
    entity_id: entityId,
    title,
    overall_rating: 4,
    review_text: `${title}: three months of traffic with them, paid on time every time.`,
    is_anonymous: anonymous,
  });
}

interface World {
  reviewer: TestAccount;
  slug: string;
  entities: { id: string; name: string }[];
  suffix: string;
}

let world: World;
test.beforeAll(async ({ request }) => {
  const suffix = uniqueSuffix();
  const entities = [];
  for (const letter of ['A', 'B', 'C', 'D']) {
    const name = `Profile Ads ${letter} ${suffix}`;
    const account = await createApprovedEntityAccount(request, 'advertiser', { name });
    entities.push({ id: account.entityId, name });
  }
  const reviewer = await createVerifiedAccount(request, {
    firstName: 'Rita',
    lastName: 'Reviewer',
  });
  // Identity-verified: published at once (the swarm guard holds new accounts' reviews).
  await verifyIdentityByBusinessEmail(request, reviewer, `rita@profile-${suffix}.example`);
  await reviewOf(request, reviewer, entities[0]!.id, `Named one ${suffix}`);
  await reviewOf(request, reviewer, entities[1]!.id, `Named two ${suffix}`);
  await reviewOf(request, reviewer, entities[2]!.id, `Secret anonymous ${suffix}`, true);
  const settings = await request.get('/api/reviewers/me/settings', { headers: bearer(reviewer) });
  const { slug } = (await settings.json()) as { slug: string };
  world = { reviewer, slug, entities, suffix };
});

test('a review’s author leads to their page; noindex until three reviews, anonymous ones never there', async ({
  page,
  request,
}) => {
  const problems = collectPageErrors(page);
  const { suffix, slug, entities } = world;
  await page.goto(`/entity/${entities[0]!.id}?tab=reviews`);
  await page.getByRole('link', { name: 'Rita Reviewer' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/reviewer/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Rita Reviewer' })).toBeVisible();
  await expect(page.getByText('Identity verified')).toBeVisible();
  await expect(page.getByText('2 published reviews')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Named one ${suffix}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Named two ${suffix}` })).toBeVisible();
  await expect(page.getByText(`Secret anonymous ${suffix}`)).toHaveCount(0);

  // Server-rendered, with its data, and kept out of search engines below three reviews.
  const below = await (await request.get(`/reviewer/${slug}`)).text();
  expect(below).toContain(`Named one ${suffix}`);
  expect(below).not.toContain(`Secret anonymous ${suffix}`);
  expect(below).toContain(NOINDEX);

  // The anonymous review names nobody and links nowhere.
  await page.goto(`/entity/${entities[2]!.id}?tab=reviews`);
  await expect(page.getByRole('heading', { name: `Secret anonymous ${suffix}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rita Reviewer' })).toHaveCount(0);

  // A third published review: indexed (the sitemap, kept an hour, is the API tests').
  await reviewOf(request, world.reviewer, entities[3]!.id, `Named three ${suffix}`);
  const indexed = await (await request.get(`/reviewer/${slug}`)).text();
  expect(indexed).toContain(`Named three ${suffix}`);
  expect(indexed).not.toContain(NOINDEX);
  expect(problems).toEqual([]);
});

test('the reviewer hides their page from the profile: not found for anyone else', async ({
  page,
  request,
}) => {
  const { slug, suffix } = world;
  await useSession(page, world.reviewer);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your reviewer page' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide my reviewer page' }).click();
  await expect(page.getByRole('button', { name: 'Show my reviewer page' })).toBeVisible();

  // Everyone else: 404; its reviews no longer link to it.
  expect((await request.get(`/reviewer/${slug}`)).status()).toBe(404);
  expect((await request.get(`/api/reviewers/${slug}`)).status()).toBe(404);

  // The reviewer still sees it, and is told it is hidden.
  await page.goto(`/reviewer/${slug}`);
  await expect(page.getByText(/Your reviewer page is hidden/)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Named one ${suffix}` })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Show my reviewer page' }).click();
  await expect(page.getByRole('button', { name: 'Hide my reviewer page' })).toBeVisible();
  expect((await request.get(`/reviewer/${slug}`)).status()).toBe(200);
});
