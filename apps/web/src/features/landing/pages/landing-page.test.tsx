import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TAGLINE } from '@trustlinks/contract/constants';
import { renderWithProviders } from '../../../test/render';
import { LandingPage } from './landing-page';

describe('LandingPage', () => {
  it('has the tagline as its only h1 and the hero calls to action', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(TAGLINE);

    const hero = screen.getByRole('region', { name: TAGLINE });
    expect(within(hero).getByRole('link', { name: 'Write a Review' })).toHaveAttribute(
      'href',
      '/writereview',
    );
    expect(within(hero).getByRole('link', { name: 'Affiliates Wishlist' })).toHaveAttribute(
      'href',
      '/affiliatedwishlist',
    );
    expect(within(hero).getByRole('link', { name: 'Advertisers Showcase' })).toHaveAttribute(
      'href',
      '/showcase',
    );
  });

  it('shows all six static figures in the figures strip', () => {
    renderWithProviders(<LandingPage />);
    const strip = screen.getByRole('region', { name: 'Trusted across the industry' });
    // The six static figures of docs/product/constants.md, as the spec spells them.
    for (const figure of ['70K+', '500K+', '150+', '24/7', '99.9%', '99.8%']) {
      expect(within(strip).getByText(figure)).toBeInTheDocument();
    }
  });

  it('links each section to its page', () => {
    renderWithProviders(<LandingPage />);
    const expectLink = (region: string, name: string, href: string) =>
      expect(
        within(screen.getByRole('region', { name: region })).getByRole('link', { name }),
      ).toHaveAttribute('href', href);
    expectLink('Top Performing Offers', 'View All Offers', '/offers');
    expectLink('Popular Offer Requests', 'View All Requests', '/affiliatedwishlist');
    expectLink('Trusted Reviews from Real Partners', 'Read All Reviews', '/review');
    expectLink('Affiliate Industry Database', 'Explore Database', '/affliate-industry');
    expectLink('Ready to build partnerships you can trust?', 'Get Started Free', '/signup');
    expect(screen.getByText('Free to join • No setup fees')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Affiliate Industry Database' })).toHaveTextContent(
      '70,000+',
    );
  });
});
