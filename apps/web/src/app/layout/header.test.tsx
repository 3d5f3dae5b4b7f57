import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { buildUser } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import { Header } from './header';

describe('Header', () => {
  beforeEach(() => {
    // Logout calls the API; answer it without a network.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
  });

  it('shows the nav links (the advertiser directory among them), the theme toggle, the bell and Log in / Sign up when logged out', () => {
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Add Network', '/register-entity'],
      ['Offers', '/offers'],
      ['Wishlist', '/affiliatedwishlist'],
      ['Advertisers', '/advertiserswishlist'],
      ['Reviews', '/review'],
      ['Database', '/affliate-industry'],
    ]);
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  });

  it('shows the initials and a menu with Admin Panel, Profile and Logout for an admin', async () => {
    const user = userEvent.setup();
    saveSession({ token: 't', user: buildUser({ role: 'admin', name: 'Grace Hopper' }) });
    renderWithProviders(<Header />);

    const trigger = await screen.findByRole('button', { name: 'Account menu for Grace Hopper' });
    expect(trigger).toHaveTextContent('GH');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(menu).getByText('Admin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it("labels a non-admin's dashboard link 'Dashboard' and targets the role's dashboard", async () => {
    const user = userEvent.setup();
    saveSession({
      token: 't',
      user: buildUser({ role: 'affiliate', name: '', first_name: 'Ann', last_name: 'Lee' }),
    });
    renderWithProviders(<Header />);

    const trigger = await screen.findByRole('button', { name: 'Account menu for Ann Lee' });
    expect(trigger).toHaveTextContent('AL');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Affiliate')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/affiliate-dashboard',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
  });

  it('refreshes when another tab logs in', async () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();

    act(() => {
      localStorage.setItem('authToken', 'other-tab');
      localStorage.setItem('currentUser', JSON.stringify(buildUser({ name: 'Other Tab' })));
      window.dispatchEvent(new StorageEvent('storage', { key: 'currentUser' }));
    });
    expect(
      await screen.findByRole('button', { name: 'Account menu for Other Tab' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('opens the mobile menu and closes it on Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(panel).getByRole('link', { name: 'Offers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', {
        name: 'Reviews',
      }),
    );
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('toggles the theme and remembers it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Toggle theme' });
    const before = document.documentElement.classList.contains('dark');

    await user.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(!before);
    expect(localStorage.getItem('theme')).toBe(before ? 'light' : 'dark');
    expect(toggle).toHaveAttribute('aria-pressed', String(!before));
  });
});
