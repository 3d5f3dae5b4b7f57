import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildReply, buildReview, buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { json, routeFetch } from '../../../test/fetch';
import { EntityReviewsList } from './entity-reviews-list';

const ENTITY = {
  entity_id: 'e-1',
  name: 'Vitality Partners',
  entity_type: 'advertiser',
  reputation_score: 4,
  total_reviews: 12,
  invited_reviews: 3,
  rating_counts: [1, 1, 2, 3, 5],
};

function listApi(reviewsFor: (page: number) => ReturnType<typeof buildReview>[], total = 12) {
  return routeFetch({
    'GET /api/reviews/entity/e-1': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return json(200, {
        reviews: reviewsFor(page),
        pagination: {
          current_page: page,
          total_pages: Math.ceil(total / 10),
          total_reviews: total,
        },
        entity: ENTITY,
      });
    },
  });
}

describe('EntityReviewsList', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the docs/product/entities.md#entity-page list: heading, total, reviews, anonymous authors, page buttons', async () => {
    const api = listApi((page) =>
      page === 1
        ? [
            buildReview({ title: 'Weekly payouts', tags: ['Nutra', 'US'], reply_count: 2 }),
            buildReview({
              title: 'Hidden author',
              is_anonymous: true,
              reviewer_name: undefined,
              reviewer_type: undefined,
            }),
          ]
        : [buildReview({ title: 'Second page review' })],
    );
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewsList entityId="e-1" />);
    expect(
      await screen.findByRole('heading', { name: 'Reviews for Vitality Partners' }),
    ).toBeVisible();
    expect(screen.getByText('12 reviews')).toBeVisible();
    // How many answered the company's invitations (docs/decisions/057).
    expect(screen.getByTestId('invited-share')).toHaveTextContent(
      '3 of 12 reviews answered an invitation of the company.',
    );
    const first = screen.getByRole('article', { name: 'Weekly payouts' });
    expect(within(first).getByText('Maya Patel')).toBeVisible();
    expect(within(first).getByText('User')).toBeVisible();
    expect(within(first).getByText('4/5')).toBeVisible();
    expect(within(first).getByText('Payment Speed')).toBeVisible();
    expect(within(first).getByText('Nutra')).toBeVisible();
    expect(within(first).getByRole('button', { name: /^Helpful/ })).toHaveTextContent('2');
    expect(within(first).getByRole('button', { name: /Not Helpful/ })).toBeVisible();
    expect(within(first).getByRole('button', { name: '2 replies' })).toBeVisible();
    const hidden = screen.getByRole('article', { name: 'Hidden author' });
    expect(within(hidden).getByText('Anonymous')).toBeVisible();
    expect(within(hidden).getByText('0 replies')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Second page review' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('says there are no reviews yet', async () => {
    const api = listApi(() => [], 0);
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewsList entityId="e-1" />);
    expect(await screen.findByText('No reviews yet. Be the first to review!')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).toBeNull();
  });

  it('asks visitors to log in before voting or replying', async () => {
    const api = listApi(() => [buildReview({ title: 'Votable' })], 1);
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewsList entityId="e-1" />);
    const review = await screen.findByRole('article', { name: 'Votable' });
    const user = userEvent.setup();
    await user.click(within(review).getByRole('button', { name: /^Helpful/ }));
    expect(await screen.findByText('Please log in to vote on reviews')).toBeVisible();
    await user.click(within(review).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Please log in to reply')).toBeVisible();
    expect(api.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('records a vote and shows the new counts', async () => {
    const api = routeFetch({
      'GET /api/reviews/entity/e-1': () =>
        json(200, {
          reviews: [buildReview({ review_id: 'r-1', title: 'Votable', my_vote: null })],
          pagination: { current_page: 1, total_pages: 1, total_reviews: 1 },
          entity: ENTITY,
        }),
      'POST /api/reviews/r-1/vote': () =>
        json(200, {
          message: 'Vote recorded successfully!',
          helpful_votes: 3,
          unhelpful_votes: 0,
          my_vote: 'helpful',
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser({ user_id: 'u-9' }) });
    renderWithProviders(<EntityReviewsList entityId="e-1" />);
    const review = await screen.findByRole('article', { name: 'Votable' });
    const user = userEvent.setup();
    await user.click(within(review).getByRole('button', { name: /^Helpful/ }));
    expect(await screen.findByText('Vote recorded successfully!')).toBeVisible();
    const helpful = within(review).getByRole('button', { name: /^Helpful/ });
    expect(helpful).toHaveTextContent('3');
    expect(helpful).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ vote_type: 'helpful' });
  });

  it('lets the entity reply through the modal; others are told only the entity can', async () => {
    const api = routeFetch({
      'GET /api/reviews/entity/e-1': () =>
        json(200, {
          reviews: [buildReview({ review_id: 'r-1', title: 'Answer me' })],
          pagination: { current_page: 1, total_pages: 1, total_reviews: 1 },
          entity: ENTITY,
        }),
      'POST /api/reviews/r-1/reply': () =>
        json(201, { message: 'Reply submitted successfully!', reply: buildReply() }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: 'e-1' }) });
    renderWithProviders(<EntityReviewsList entityId="e-1" />);
    const review = await screen.findByRole('article', { name: 'Answer me' });
    const user = userEvent.setup();
    // The entity's own users cannot vote on its reviews, nor review it.
    expect(within(review).getByRole('button', { name: /^Helpful/ })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Write a Review' })).toBeNull();
    await user.click(within(review).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Review' });
    expect(within(dialog).getByLabelText('Reply Type')).toHaveValue('response');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Response', 'Clarification', 'Dispute']);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Reply' }));
    expect(within(dialog).getByText('Please enter a reply')).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText('Reply Type'), 'clarification');
    await user.type(within(dialog).getByLabelText('Your Reply'), 'Payouts moved to Fridays.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Reply' }));
    expect(await screen.findByText('Reply submitted successfully!')).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reply_type: 'clarification',
      reply_text: 'Payouts moved to Fridays.',
    });
  });

  it('shows 5★…1★ and filters by stars, keeping sort and stars in the URL (decision 027)', async () => {
    const api = routeFetch({
      'GET /api/reviews/entity/e-1': ({ url }) => {
        const stars = url.searchParams.get('rating');
        return json(200, {
          reviews: [buildReview({ title: stars ? `Only ${stars} stars` : 'Any stars' })],
          pagination: { current_page: 1, total_pages: 1, total_reviews: stars ? 5 : 12 },
          entity: ENTITY,
        });
      },
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewsList entityId="e-1" />, { route: '/entity/e-1?sort=rating' });
    const bars = await screen.findByRole('list', { name: 'Reviews by stars' });
    expect(
      within(bars)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Show only 5-star reviews (5 reviews)',
      'Show only 4-star reviews (3 reviews)',
      'Show only 3-star reviews (2 reviews)',
      'Show only 2-star reviews (1 review)',
      'Show only 1-star reviews (1 review)',
    ]);
    // 'Rating' says which way it sorts; the sort came from the URL.
    expect(screen.getByLabelText('Sort reviews')).toHaveValue('rating');
    expect(screen.getByRole('option', { name: 'Rating (highest rating first)' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(bars).getByRole('button', { name: /5-star/ }));
    expect(await screen.findByRole('article', { name: 'Only 5 stars' })).toBeVisible();
    const asked = api.calls.filter((c) => c.method === 'GET').at(-1)!;
    expect(asked.url.searchParams.get('rating')).toBe('5');
    expect(asked.url.searchParams.get('sort')).toBe('rating');
    expect(screen.getByText('Showing only 5-star reviews.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all reviews' }));
    expect(await screen.findByRole('article', { name: 'Any stars' })).toBeVisible();
  });

  it('opens a review’s own address: that review first, scrolled to, with Share and Report', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const linked = buildReview({ review_id: 'r-9', title: 'The linked one' });
    const api = routeFetch({
      'GET /api/reviews/entity/e-1': () =>
        json(200, {
          reviews: [buildReview({ title: 'Another one' }), linked],
          pagination: { current_page: 1, total_pages: 1, total_reviews: 2 },
          entity: ENTITY,
        }),
      'GET /api/reviews/r-9': () => json(200, { review: linked }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewsList entityId="e-1" />, {
      route: '/entity/e-1?tab=reviews&review=r-9',
    });
    const card = await screen.findByRole('article', { name: 'The linked one' });
    expect(card).toHaveAttribute('id', 'review-r-9');
    expect(screen.getByText('The review you opened')).toBeVisible();
    await vi.waitFor(() => expect(scroll).toHaveBeenCalled());
    // Shown once, not again in the list.
    expect(screen.getAllByRole('article', { name: 'The linked one' })).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Share' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Report' })).toBeVisible();
    // A visitor may be the company: Reply is there, and asks to log in.
    expect(within(card).getByRole('button', { name: 'Reply' })).toBeVisible();
  });

  it('says so when the linked review is not published', async () => {
    const api = routeFetch({
      'GET /api/reviews/entity/e-1': () =>
        json(200, {
          reviews: [],
          pagination: { current_page: 1, total_pages: 1, total_reviews: 0 },
          entity: { ...ENTITY, total_reviews: 0, rating_counts: [0, 0, 0, 0, 0] },
        }),
      'GET /api/reviews/r-0': () => json(404, { error: 'Review not found' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewsList entityId="e-1" />, { route: '/entity/e-1?review=r-0' });
    expect(await screen.findByText('That review is not published (or no longer).')).toBeVisible();
  });

  it('reports a review with a reason; a signed-in non-member sees no Reply', async () => {
    const api = routeFetch({
      'GET /api/reviews/entity/e-1': () =>
        json(200, {
          reviews: [buildReview({ review_id: 'r-5', title: 'Suspicious' })],
          pagination: { current_page: 1, total_pages: 1, total_reviews: 1 },
          entity: ENTITY,
        }),
      'POST /api/reviews/r-5/report': () =>
        json(201, { message: 'Thanks. Your report was sent to our moderators.' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser({ role: 'user' }) });
    renderWithProviders(<EntityReviewsList entityId="e-1" />);
    const card = await screen.findByRole('article', { name: 'Suspicious' });
    expect(within(card).queryByRole('button', { name: 'Reply' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'offensive');
    await user.type(within(dialog).getByLabelText(/Details/), 'Insults staff.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thanks. Your report was sent to our moderators.'),
    ).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason: 'offensive',
      details: 'Insults staff.',
    });
  });
});
