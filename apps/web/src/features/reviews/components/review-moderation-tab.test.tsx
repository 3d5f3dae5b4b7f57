import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@trustlinks/contract/reviews';
import { renderWithProviders } from '../../../test/render';
import { buildReview } from '../../../test/factories';
import { json, routeFetch } from '../../../test/fetch';
import { ReviewModerationTab } from './review-moderation-tab';

function moderationApi(initial: Review[], fail = false) {
  let reviews = [...initial];
  return routeFetch({
    'GET /api/reviews/admin/moderation': ({ url }) =>
      json(200, {
        reviews: reviews.filter((r) => r.review_status === url.searchParams.get('status')),
        has_more: false,
      }),
    'PUT /api/reviews/r-1/moderate': ({ body }) => {
      if (fail) return json(500, { error: 'boom' });
      const action = (body as { action: 'approve' | 'reject' | 'flag' }).action;
      const status = ({ approve: 'approved', reject: 'rejected', flag: 'flagged' } as const)[
        action
      ];
      reviews = reviews.map((r) => (r.review_id === 'r-1' ? { ...r, review_status: status } : r));
      return json(200, { message: 'ok', review: reviews[0] });
    },
  });
}

const pendingAnonymous = () =>
  buildReview({
    review_id: 'r-1',
    title: 'Needs a look',
    review_status: 'pending',
    is_anonymous: true,
    reviewer_name: 'Zelda Quartermaine',
    reviewer_email: 'zelda@example.com',
    reviewer_type: 'affiliate',
    reviewer_id: 'u-7',
    entity_name: 'Apex Gaming Group',
    entity_type: 'advertiser',
    admin_notes: 'Automatically flagged as possible spam: the text is only links.',
  });

describe('ReviewModerationTab', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows every detail of a pending review, the anonymous notice and its three actions', async () => {
    const api = moderationApi([pendingAnonymous()]);
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<ReviewModerationTab />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pending',
      'Approved',
      'Rejected',
      'Flagged',
      'Reported',
    ]);
    const card = await screen.findByRole('article', { name: 'Needs a look' });
    for (const text of [
      'zelda@example.com',
      'Apex Gaming Group',
      'Automatically flagged as possible spam: the text is only links.',
      'This review was submitted anonymously. Reviewer details are visible to admins only.',
    ]) {
      expect(within(card).getByText(text)).toBeVisible();
    }
    expect(within(card).getAllByText('Zelda Quartermaine').length).toBeGreaterThan(0);
    expect(within(card).getAllByText('Affiliate').length).toBeGreaterThan(0);
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject', 'Flag']);
  });

  it('moderates with the chosen action and notes, then reloads the list', async () => {
    const api = moderationApi([pendingAnonymous()]);
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<ReviewModerationTab />);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Needs a look' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Moderate Review' });
    expect(within(dialog).getByLabelText('Action')).toHaveValue('reject');
    await user.clear(within(dialog).getByLabelText('Admin notes'));
    await user.type(within(dialog).getByLabelText('Admin notes'), 'Competitor.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Review rejected successfully!')).toBeVisible();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      action: 'reject',
      admin_notes: 'Competitor.',
    });
    expect(await screen.findByText('No pending reviews found.')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = await screen.findByRole('article', { name: 'Needs a look' });
    await user.click(within(rejected).getByRole('button', { name: 'Re-moderate' }));
    const again = await screen.findByRole('dialog', { name: 'Moderate Review' });
    expect(within(again).getByLabelText('Action')).toHaveValue('approve');
  });

  it('says so when moderation fails, and shows the empty text per status', async () => {
    const api = moderationApi([pendingAnonymous()], true);
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<ReviewModerationTab />);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Needs a look' });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to moderate review. Please try again.')).toBeVisible();
    // The dialog stays open to try again; Cancel closes it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('tab', { name: 'Flagged' }));
    expect(await screen.findByText('No flagged reviews found.')).toBeVisible();
  });

  it('lists reported reviews with the reason and reporter; a decision takes them off (decision 027)', async () => {
    let open = true;
    const review = buildReview({
      review_id: 'r-1',
      title: 'Reported one',
      review_status: 'approved',
      reviewer_name: 'Sam Reviewer',
      reviewer_email: 'sam@example.com',
    });
    const api = routeFetch({
      'GET /api/reviews/admin/moderation': () => json(200, { reviews: [], has_more: false }),
      'GET /api/reviews/admin/reports': () =>
        json(200, {
          reports: open
            ? [
                {
                  report_id: 'rep-1',
                  reason: 'offensive',
                  details: 'Insults the support team.',
                  created_at: '2026-03-01T10:00:00.000Z',
                  reporter_name: 'Rita Reporter',
                  reporter_email: 'rita@example.com',
                  review,
                },
              ]
            : [],
          has_more: false,
        }),
      'PUT /api/reviews/r-1/moderate': () => {
        open = false;
        return json(200, { message: 'Review rejected successfully!', review });
      },
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    const user = userEvent.setup();
    renderWithProviders(<ReviewModerationTab />);
    await user.click(screen.getByRole('tab', { name: 'Reported' }));
    const card = await screen.findByRole('article', { name: 'Reported one' });
    expect(within(card).getByText('Offensive, hateful or threatening')).toBeVisible();
    expect(within(card).getByText(/by Rita Reporter \(rita@example\.com\)/)).toBeVisible();
    expect(within(card).getByText('Insults the support team.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('No open reports.')).toBeVisible();
  });
});
