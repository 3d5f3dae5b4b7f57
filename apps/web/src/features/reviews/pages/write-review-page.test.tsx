import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildPublicEntity, buildReview, buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { json, routeFetch } from '../../../test/fetch';
import { WriteReviewPage } from './write-review-page';

const ENTITY = buildPublicEntity({
  entity_id: 'e-1',
  reputation_score: 4.5,
  total_reviews: 2,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

async function rate(group: string, stars: number) {
  const user = userEvent.setup();
  await user.click(
    within(screen.getByRole('group', { name: group })).getByRole('radio', {
      name: `${stars} ${stars === 1 ? 'star' : 'stars'}`,
    }),
  );
}

describe('WriteReviewPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks visitors to log in or sign up', () => {
    renderWithProviders(<WriteReviewPage />, { route: '/writereview' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
  });

  it('lists the docs/product/validation.md messages, each focusing its field, and sends nothing', async () => {
    const api = routeFetch({});
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser() });
    renderWithProviders(<WriteReviewPage />, { route: '/writereview' });
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'The company is not listed — add it as a new entity' }),
    );
    await user.type(screen.getByLabelText('Review title'), 'Great');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Please enter the entity name',
      'Please provide an overall rating',
      'Please write a review',
      'Please rate quality',
      'Please rate support',
      'Please rate reliability',
      'Please rate payment speed',
    ]);
    // Each item takes the focus to its field.
    await user.click(within(summary).getByRole('button', { name: 'Please write a review' }));
    expect(screen.getByLabelText(/^Your review/)).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's length rule under the review text before sending anything", async () => {
    const api = routeFetch({
      'GET /api/entities/public/e-1': () => json(200, { entity: ENTITY }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser() });
    renderWithProviders(<WriteReviewPage />, { route: '/writereview?entity_id=e-1' });
    expect(await screen.findByTestId('selected-entity')).toHaveTextContent('Vitality Partners');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Review title'), 'Short');
    await rate('Overall rating', 4);
    const text = screen.getByLabelText('Your review');
    // The rule is told before typing, and checked with the contract's schema on submit.
    expect(text).toHaveAccessibleDescription('At least 10 characters.');
    await user.type(text, 'Ok.');
    for (const group of ['Quality', 'Support', 'Reliability', 'Payment Speed'])
      await rate(group, 4);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(text).toBeInvalid();
    expect(text).toHaveAccessibleDescription(
      'The review must be at least 10 characters At least 10 characters.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The review must be at least 10 characters',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(text, ' Paid on time.');
    expect(text).toBeValid();
  });

  it('submits a review of a listed entity and shows the server message', async () => {
    const api = routeFetch({
      'GET /api/entities/public': () => json(200, { entities: [ENTITY] }),
      'POST /api/reviews': () =>
        json(201, {
          message: 'Review submitted successfully!',
          review: buildReview({ title: 'Great partner' }),
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser() });
    renderWithProviders(<WriteReviewPage />, { route: '/writereview' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Entity' }), 'vita');
    await user.click(await screen.findByRole('option', { name: /Vitality Partners/ }));
    await user.type(screen.getByLabelText('Review title'), 'Great partner');
    await rate('Overall rating', 5);
    await user.type(screen.getByLabelText('Your review'), 'Paid every Friday without fail.');
    for (const group of ['Quality', 'Support', 'Reliability', 'Payment Speed'])
      await rate(group, 4);
    await user.type(screen.getByLabelText(/Tags/), ' fast payouts, Nutra ,, ');
    await user.click(screen.getByLabelText(/Post anonymously/));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect((await screen.findAllByText('Review submitted successfully!')).length).toBeGreaterThan(
      0,
    );
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      entity_id: 'e-1',
      title: 'Great partner',
      overall_rating: 5,
      review_text: 'Paid every Friday without fail.',
      category_ratings: { quality: 4, support: 4, reliability: 4, payment_speed: 4 },
      tags: ['fast payouts', 'Nutra'],
      is_anonymous: true,
      proof_attachments: [],
    });
    expect(
      screen.getByRole('link', { name: "See it on Vitality Partners's page" }),
    ).toHaveAttribute('href', '/entity/vitality-partners');
  });

  it('preselects the entity of ?entity_id= and toasts the server refusal', async () => {
    const api = routeFetch({
      'GET /api/entities/public/e-1': () => json(200, { entity: ENTITY }),
      'POST /api/reviews': () =>
        json(409, { error: 'You have already reviewed this entity in the last 12 months.' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 't', user: buildUser() });
    renderWithProviders(<WriteReviewPage />, { route: '/writereview?entity_id=e-1' });
    expect(await screen.findByTestId('selected-entity')).toHaveTextContent('Vitality Partners');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Review title'), 'Again');
    await rate('Overall rating', 3);
    await user.type(screen.getByLabelText('Your review'), 'Second thoughts on the payouts.');
    for (const group of ['Quality', 'Support', 'Reliability', 'Payment Speed'])
      await rate(group, 3);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(
      await screen.findByText('You have already reviewed this entity in the last 12 months.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
  });
});
