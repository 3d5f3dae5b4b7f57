import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@trustlinks/contract/reviews';
import { saveSession } from '../../../lib/session';
import { buildReply, buildReview, buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { json, routeFetch } from '../../../test/fetch';
import { EntityReviewPanel } from './entity-review-panel';

const STATS = { avg_rating: 4.25, total_reviews: 4, pending_reviews: 1 };

function panelApi(byStatus: Record<string, Review[]>, total = 1) {
  return routeFetch({
    'GET /api/reviews/entity/e-1/dashboard': ({ url }) =>
      json(200, {
        reviews: byStatus[url.searchParams.get('status') ?? ''] ?? [],
        statistics: STATS,
        pagination: { current_page: 1, total_pages: Math.ceil(total / 20), total_reviews: total },
      }),
    'POST /api/reviews/r-2/reply': () =>
      json(201, {
        message: 'Dispute submitted. An admin will look at the review.',
        reply: buildReply({ review_id: 'r-2', reply_type: 'dispute' }),
      }),
  });
}

describe('EntityReviewPanel', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: 'e-1' }) });
  });

  it('shows the statistics, the four status tabs and asks 20 a page', async () => {
    const api = panelApi({ approved: [buildReview({ title: 'Fresh' })] });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewPanel />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Approved',
      'Pending',
      'Rejected',
      'Flagged',
    ]);
    expect(await screen.findByText('4.3')).toBeVisible();
    const review = await screen.findByRole('article', { name: 'Fresh' });
    expect(within(review).getByRole('button', { name: 'Reply' })).toBeVisible();
    expect(within(review).getByRole('button', { name: 'Dispute' })).toBeVisible();
    const call = api.calls[0]!;
    expect(call.url.searchParams.get('status')).toBe('approved');
    expect(call.url.searchParams.get('limit')).toBe('20');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Flagged' }));
    expect(await screen.findByText('No flagged reviews found.')).toBeVisible();
  });

  it('offers only a dispute once the entity replied, and sends it', async () => {
    const api = panelApi({
      approved: [
        buildReview({ review_id: 'r-2', title: 'Answered', has_owner_reply: true, reply_count: 1 }),
      ],
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewPanel />);
    const review = await screen.findByRole('article', { name: 'Answered' });
    expect(within(review).queryByRole('button', { name: 'Reply' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(review).getByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to Review' });
    expect(within(dialog).getByLabelText('Reply Type')).toHaveValue('dispute');
    expect(within(dialog).getByRole('option', { name: 'Response' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your Reply'), 'Never worked with them.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Reply' }));
    expect(
      await screen.findByText('Dispute submitted. An admin will look at the review.'),
    ).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reply_type: 'dispute',
      reply_text: 'Never worked with them.',
    });
  });

  it('says what failed, and what to do without an entity', async () => {
    const api = routeFetch({
      'GET /api/reviews/entity/e-1/dashboard': () => json(403, { error: 'Nope' }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    const view = renderWithProviders(<EntityReviewPanel />);
    expect(await screen.findByText('Failed to load your reviews: Nope')).toBeVisible();
    view.unmount();
    saveSession({ token: 't', user: buildUser({ role: 'advertiser', entity_id: null }) });
    renderWithProviders(<EntityReviewPanel />);
    expect(screen.getByText('Your account is not linked to an entity yet.')).toBeVisible();
  });
});
