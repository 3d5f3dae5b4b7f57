import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TAGLINE } from '@trustlinks/contract/constants';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './router';

describe('routes', () => {
  it('redirects an unknown path to the landing page', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { level: 1, name: TAGLINE })).toBeInTheDocument();
  });

  it.each([
    ['/offers', 'Offers'],
    ['/admin', 'Admin Panel'],
    ['/affiliate-dashboard', 'Affiliate Dashboard'],
    ['/database', 'Affiliate Company Database'],
    ['/affliate-industry', 'Affiliate Company Database'],
    ['/write-review', 'Write a Review'],
    ['/offer/o-1', 'Offer Details'],
    ['/entity/e-1', 'Entity Details'],
  ])('%s renders its page (%s) inside the layout', async (route, title) => {
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
