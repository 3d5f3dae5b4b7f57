import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import {
  buildOffer,
  buildPublicEntity,
  OFFER_PUBLISHERS,
  offersPage,
} from '../../../test/factories';
import { json, stubFetch } from '../../../test/fetch';
import { AdvertisersWishlistPage } from './advertisers-wishlist-page';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const { advertiser: adv, network: net } = OFFER_PUBLISHERS;

function api() {
  return stubFetch((url) => {
    if (url.pathname === '/api/entities/public') {
      const type = url.searchParams.get('entity_type');
      return json(200, {
        entities:
          type === 'network'
            ? [
                buildPublicEntity({
                  entity_id: 'net-1',
                  name: 'BlockReach Media',
                  entity_type: 'network',
                  country: 'Netherlands',
                  reputation_score: 4.5,
                  offer_count: 5,
                }),
              ]
            : [buildPublicEntity({ entity_id: 'adv-1', name: 'Vitality Partners' })],
      });
    }
    const categories = url.searchParams.getAll('category');
    const all = [
      buildOffer({
        ...net,
        offer_id: 'o-1',
        slug: 'bitvault-wallet-00000001',
        title: 'BitVault Wallet',
        category: 'Crypto',
      }),
      buildOffer({ ...adv, offer_id: 'o-2', title: 'KetoSlim Pro', category: 'Nutra' }),
      buildOffer({ ...net, offer_id: 'o-3', title: 'MatchMe Dating', category: 'Dating' }),
    ];
    return json(
      200,
      offersPage(categories.length ? all.filter((o) => categories.includes(o.category)) : all),
    );
  });
}

describe('AdvertisersWishlistPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists advertisers and networks with active offers, one card each', async () => {
    const fetchMock = api();
    renderWithProviders(<AdvertisersWishlistPage />, { route: '/advertiserswishlist' });
    expect(await screen.findByText('2 companies looking for affiliates')).toBeVisible();
    const offersCall = fetchMock.mock.calls
      .map(([u]) => String(u))
      .find((u) => u.startsWith('/api/offers/fetch_all'));
    expect(offersCall).toBe('/api/offers/fetch_all?page=1&limit=100');

    const network = screen
      .getByRole('heading', { level: 2, name: 'BlockReach Media' })
      .closest('li')!;
    expect(within(network).getByRole('link', { name: 'BlockReach Media' })).toHaveAttribute(
      'href',
      '/entity/blockreach-media',
    );
    expect(await within(network).findByText('Netherlands')).toBeVisible();
    expect(within(network).getByText('4.5')).toBeVisible();
    expect(within(network).getByText('2 active offers')).toBeVisible();
    expect(within(network).getByRole('link', { name: /BitVault Wallet/ })).toHaveAttribute(
      'href',
      '/offer/bitvault-wallet-00000001',
    );
    expect(within(network).getByRole('link', { name: 'View all 5 offers' })).toBeVisible();
  });

  it('filters by category on the server and by company type, keeping both in the URL', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Routes>
          <Route path="/advertiserswishlist" element={<AdvertisersWishlistPage />} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/advertiserswishlist' },
    );
    await screen.findByText('2 companies looking for affiliates');

    await user.click(
      within(screen.getByRole('group', { name: 'Category' })).getByRole('button', {
        name: 'Nutra',
      }),
    );
    expect(await screen.findByText('1 company looking for affiliates')).toBeVisible();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain(
      '/api/offers/fetch_all?category=Nutra&page=1&limit=100',
    );

    await user.click(screen.getByRole('button', { name: 'Networks' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/advertiserswishlist?category=Nutra&type=network',
    );
    expect(await screen.findByText('No advertisers found')).toBeVisible();

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[1]!);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/advertiserswishlist$/);
    expect(await screen.findByText('2 companies looking for affiliates')).toBeVisible();
  });
});
