import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrustSummary } from '@trustlinks/contract/reviews';
import { renderWithProviders } from '../../../test/render';
import { buildReview } from '../../../test/factories';
import { json, routeFetch } from '../../../test/fetch';
import { EntityReviewsList } from './entity-reviews-list';
import { TrustScoreCard } from './trust-score-card';

const TRUST: TrustSummary = {
  entity_id: 'e-1',
  reputation_score: 3.72,
  total_reviews: 4,
  sub_scores: { quality: 3.9, support: 3.1, reliability: 3.6, payment_speed: 4.2 },
  responsiveness: {
    negative_reviews: 3,
    replied: 2,
    reply_rate: 2 / 3,
    median_first_reply_hours: 18,
  },
};

describe('TrustScoreCard', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the TrustScore with its count, sub-scores, reply rate and the explanation link', async () => {
    const api = routeFetch({ 'GET /api/reviews/entity/e-1/trust': () => json(200, TRUST) });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<TrustScoreCard entityId="e-1" />);
    expect(await screen.findByText('3.7')).toBeVisible();
    expect(screen.getByText('Based on 4 published reviews')).toBeVisible();
    const subs = screen.getByLabelText('Scores by category');
    expect(within(subs).getByText('Payment Speed')).toBeVisible();
    expect(within(subs).getByText('4.2')).toBeVisible();
    expect(screen.getByText('67% replied (2 of 3)')).toBeVisible();
    expect(screen.getByText('Median first reply after 18 hours')).toBeVisible();
    expect(screen.getByRole('link', { name: 'How TrustScore works' })).toHaveAttribute(
      'href',
      '/trustscore',
    );
  });

  it("says 'No ratings yet' without published reviews", async () => {
    const none: TrustSummary = {
      ...TRUST,
      reputation_score: 0,
      total_reviews: 0,
      sub_scores: { quality: 0, support: 0, reliability: 0, payment_speed: 0 },
      responsiveness: {
        negative_reviews: 0,
        replied: 0,
        reply_rate: null,
        median_first_reply_hours: null,
      },
    };
    const api = routeFetch({ 'GET /api/reviews/entity/e-1/trust': () => json(200, none) });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<TrustScoreCard entityId="e-1" />);
    expect(await screen.findByText('No ratings yet')).toBeVisible();
    expect(screen.getByText('No negative reviews in the last 12 months')).toBeVisible();
  });
});

describe('EntityReviewsList sorting', () => {
  it("asks the API for 'Most helpful' and 'Rating' orders", async () => {
    const api = routeFetch({
      'GET /api/reviews/entity/e-1/trust': () => json(200, TRUST),
      'GET /api/reviews/entity/e-1': ({ url }) =>
        json(200, {
          reviews: [buildReview({ title: `Sorted ${url.searchParams.get('sort') ?? 'recent'}` })],
          pagination: { current_page: 1, total_pages: 1, total_reviews: 4 },
          entity: {
            entity_id: 'e-1',
            name: 'Vitality Partners',
            entity_type: 'advertiser',
            reputation_score: 3.72,
            total_reviews: 4,
            invited_reviews: 0,
            rating_counts: [0, 0, 1, 1, 2],
          },
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    renderWithProviders(<EntityReviewsList entityId="e-1" />);
    expect(await screen.findByRole('article', { name: 'Sorted recent' })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Sort reviews'), 'helpful');
    expect(await screen.findByRole('article', { name: 'Sorted helpful' })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Sort reviews'), 'rating');
    expect(await screen.findByRole('article', { name: 'Sorted rating' })).toBeVisible();
  });
});
