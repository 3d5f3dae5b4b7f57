import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TAGLINE } from '@trustlinks/contract/constants';
import type { LandingResponse } from '@trustlinks/contract/landing';
import { buildOffer, buildOfferRequest, buildReview, buildTrust } from '../../../test/factories';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { LandingPage } from './landing-page';

const LANDING: LandingResponse = {
  figures: {
    approved_companies: 327,
    database_companies: 1_234,
    published_reviews: 9,
    active_offers: 42,
    connections: 15,
    countries: 23,
  },
  top_offers: [
    {
      ...buildOffer({
        offer_id: 'o-1',
        slug: 'o-1-slug',
        title: 'Real Offer One',
        entity_name: 'Acme Network',
      }),
      entity_trust: buildTrust({ score: 4.6, reviews: 11 }),
    },
    {
      ...buildOffer({ offer_id: 'o-2', slug: 'o-2-slug', title: 'Warned Offer Two' }),
      entity_trust: buildTrust({ warned: true, verified: false }),
    },
  ],
  reviews: [
    buildReview({
      review_id: 'r-1',
      entity_id: 'e-9',
      entity_slug: 'nine-media',
      title: 'Paid on time',
      helpful_votes: 7,
      labels: ['verified_identity'],
    }),
  ],
  offer_requests: [
    buildOfferRequest({ vertical: 'Sweepstakes', entity_name: 'Northwind Traffic' }),
  ],
  companies: [
    {
      affliate_id: 'c-1',
      company_name: 'Harbor Kera Media',
      entity_type: 'Network',
      website: 'https://www.harbor.example/about',
    },
  ],
};

describe('LandingPage', () => {
  beforeEach(() => {
    stubApi({ 'GET /landing': () => json(200, LANDING) });
  });

  it('has the tagline as its only h1 and the hero calls to action', async () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const hero = screen.getByRole('region', { name: TAGLINE });
    expect(await within(hero).findByText('320+ verified companies on TrustLinks')).toBeVisible();
    expect(within(hero).getByRole('link', { name: 'Write a Review' })).toHaveAttribute(
      'href',
      '/writereview',
    );
    // The showcase button opens the advertiser directory, not the local file scratch pad.
    expect(within(hero).getByRole('link', { name: 'Advertisers Showcase' })).toHaveAttribute(
      'href',
      '/advertiserswishlist',
    );
  });

  it('shows the counted figures, rounded down, and no made-up claim (decision 026)', async () => {
    renderWithProviders(<LandingPage />);
    const strip = screen.getByRole('region', { name: 'Trusted across the industry' });
    for (const figure of ['320+', '15', '20+', '9', '40+', '1,200+']) {
      expect(await within(strip).findByText(figure)).toBeInTheDocument();
    }
    for (const claim of ['70K+', '500K+', '150+', '24/7', '99.9%', '99.8%']) {
      expect(screen.queryByText(claim)).toBeNull();
    }
  });

  it('shows the real cards, each leading somewhere real', async () => {
    renderWithProviders(<LandingPage />);
    const offers = screen.getByRole('region', { name: 'Top Performing Offers' });
    expect(await within(offers).findByText('Real Offer One')).toBeVisible();
    expect(within(offers).getByRole('link', { name: 'Apply Now: Real Offer One' })).toHaveAttribute(
      'href',
      '/offer/o-1-slug',
    );
    // Each card carries its owner's trust context; a warned owner is marked (decision 051).
    const first = within(offers).getByText('Real Offer One').closest('li')!;
    expect(within(first).getByText('TrustScore 4.6')).toBeVisible();
    expect(within(first).getByText('Verified')).toBeVisible();
    const warned = within(offers).getByText('Warned Offer Two').closest('li')!;
    expect(within(warned).getByText('Public warning')).toBeVisible();
    expect(within(warned).queryByText('Verified')).toBeNull();
    const reviews = screen.getByRole('region', { name: 'Trusted Reviews from Real Partners' });
    expect(within(reviews).getByText('Verified identity')).toBeVisible();
    expect(
      within(reviews).getByRole('link', { name: 'Helpful (7): Paid on time' }),
    ).toHaveAttribute('href', '/entity/nine-media?tab=reviews&review=r-1');
    expect(within(reviews).getByRole('link', { name: 'Reply: Paid on time' })).toHaveAttribute(
      'href',
      '/entity/nine-media?tab=reviews&review=r-1',
    );
    const database = screen.getByRole('region', { name: 'Affiliate Industry Database' });
    expect(within(database).getByText('Harbor Kera Media')).toBeVisible();
    expect(within(database).getByText('harbor.example')).toBeVisible();
    expect(database).toHaveTextContent('1,200+ companies');
    const requests = screen.getByRole('region', { name: 'Popular Offer Requests' });
    expect(within(requests).getByText('Sweepstakes')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join the Community' })).toBeNull();
  });

  it('says so when there is nothing yet, instead of inventing cards', async () => {
    stubApi({
      'GET /landing': () =>
        json(200, { ...LANDING, top_offers: [], reviews: [], offer_requests: [], companies: [] }),
    });
    renderWithProviders(<LandingPage />);
    expect(await screen.findByText(/No offers are live yet/)).toBeVisible();
    expect(screen.getByText(/No reviews are published yet/)).toBeVisible();
  });
});
