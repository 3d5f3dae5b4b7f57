import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TAGLINE } from '@trustlinks/contract/constants';
import { saveSession } from '../lib/session';
import { buildOffer, buildPublicEntity, buildUser, offersPage } from '../test/factories';
import { json, stubApi } from '../test/fetch';
import { renderWithProviders } from '../test/render';
import { useLocation } from 'react-router';
import { NOT_FOUND_TEXT } from './layout/not-found-page';
import { AppRoutes } from './router';

describe('routes', () => {
  // The pages load their data as they render: answer those reads here, so no test reaches for the
  // network (a test that needs other answers stubs fetch itself).
  beforeEach(() => {
    stubApi({
      'GET /offers/fetch_all': () => json(200, offersPage([])),
      'GET /offers/offer-requests': () => json(200, { success: true, requests: [] }),
      'GET /offers/o-1': () =>
        json(200, { offer: buildOffer({ offer_id: 'o-1', entity_id: 'e-1' }) }),
      'GET /entities/public/e-1': () =>
        json(200, { entity: buildPublicEntity({ entity_id: 'e-1' }) }),
      'GET /entities': () => json(200, { entities: [], pagination: offersPage([]).pagination }),
    });
  });

  it('shows the not-found page for an unknown path, with a way home', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TEXT.title }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: NOT_FOUND_TEXT.home }));
    expect(await screen.findByRole('heading', { level: 1, name: TAGLINE })).toBeInTheDocument();
  });

  it.each([
    ['/offers', 'Offers'],
    ['/affiliatedwishlist', 'Affiliates Wishlist'],
    ['/database', 'Affiliate Company Database'],
    ['/affliate-industry', 'Affiliate Company Database'],
    ['/write-review', 'Write a Review'],
    ['/offer/o-1', 'Offer Details'],
    ['/entity/e-1', 'Entity Details'],
    ['/help', 'Help Center'],
    ['/contact', 'Contact Us'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('%s renders its page (%s) inside the layout', async (route, title) => {
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/affiliate-industry?search=acme', '/affliate-industry?search=acme'],
    ['/database', '/affliate-industry'],
    ['/affiliates-wishlist', '/affiliatedwishlist'],
    ['/affiliateswishlist', '/affiliatedwishlist'],
    ['/write-review?entity_id=e-1', '/writereview?entity_id=e-1'],
  ])('%s redirects to the one address %s (decision 027)', async (from, to) => {
    function Where() {
      const location = useLocation();
      return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
    }
    renderWithProviders(
      <>
        <AppRoutes />
        <Where />
      </>,
      { route: from },
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(to));
  });

  it('/admin shows the admin panel to an admin, and sends visitors to /login', async () => {
    const view = renderWithProviders(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    view.unmount();
    saveSession({ token: 't', user: buildUser({ role: 'admin' }) });
    renderWithProviders(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('/login shows a logged-in admin the admin panel in place of the form, at /admin', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'admin' }) });
    function Where() {
      return <output data-testid="where">{useLocation().pathname}</output>;
    }
    renderWithProviders(
      <>
        <AppRoutes />
        <Where />
      </>,
      { route: '/login' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent('/admin');
  });

  it('/login shows the forced reset to an admin who must still set a password', async () => {
    saveSession({ token: 't', user: buildUser({ role: 'admin' }), password_reset_required: true });
    renderWithProviders(<AppRoutes />, { route: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  });

  it('/login shows the login form when logged out', async () => {
    renderWithProviders(<AppRoutes />, { route: '/login' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('Logout from a protected page returns to / (not /login) and clears the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/users/profile'
          ? new Response(JSON.stringify({ user: buildUser() }), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            })
          : new Response(null, { status: 204 }),
      ),
    );
    saveSession({ token: 't', user: buildUser() });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: TAGLINE })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
