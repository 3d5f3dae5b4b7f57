import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Footer } from './footer';

describe('Footer', () => {
  it('links the advertiser directory among the Platform links', () => {
    renderWithProviders(<Footer />);
    const platform = screen.getByRole('navigation', { name: 'Platform' });
    expect(within(platform).getByRole('link', { name: 'Advertisers' })).toHaveAttribute(
      'href',
      '/advertiserswishlist',
    );
  });
});
